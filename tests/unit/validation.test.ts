import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import {
  addressSchema,
  addressSchemaFor,
  fieldErrors,
  isMalaysianPhone,
  isValidationMessageKey,
  loginSchema,
  normalizeMalaysianPhone,
  passwordChangeSchema,
  profileImageError,
  remarkSchema,
  VALIDATION_MESSAGES,
  validationText,
} from '../../src/domain/validation';

/** Field → English text of the first issue per field, or {} when the input is valid. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([field, key]) => [field, validationText(key)]));
}

describe('VALIDATION_MESSAGES (English catalogue, spec §5 and §8 wording)', () => {
  it('holds the spec texts exactly', () => {
    expect(VALIDATION_MESSAGES).toMatchObject({
      mobile_required: 'Mobile Number is required',
      mobile_max: 'Mobile Number should not exceed 30 characters',
      mobile_min: 'Mobile Number should more than 2 characters',
      password_required: 'Password is required',
      first_name_required: 'First Name is required',
      first_name_max: 'First Name should not exceed 100 characters',
      state_required: 'State is required',
      field_required: 'This field is required',
      invalid: 'Value entered is invalid',
      remark_max: 'remark should not exceed 180 characters',
      image_type: 'Only accept file type with jpg,jpeg and png format.',
      image_size: 'Maximum file size accepted is 5MB',
      pickup_required: 'Please select preferred date and time for self pick up',
    });
  });

  it.each([255, 200, 180, 150, 100, 50, 30])('has the generic maximum for %i characters', (n) => {
    expect(VALIDATION_MESSAGES[`max_${n}` as keyof typeof VALIDATION_MESSAGES]).toBe(`Value should not exceed ${n} characters`);
  });

  it('recognises keys', () => {
    expect(isValidationMessageKey('mobile_required')).toBe(true);
    expect(isValidationMessageKey('Mobile Number is required')).toBe(false);
    expect(isValidationMessageKey('toString')).toBe(false);
  });
});

describe('loginSchema', () => {
  it.each([
    [{}, { mobile: 'Mobile Number is required', password: 'Password is required' }],
    [{ mobile: '', password: '' }, { mobile: 'Mobile Number is required', password: 'Password is required' }],
    [{ mobile: '   ', password: 'x' }, { mobile: 'Mobile Number is required' }],
    [{ mobile: '1', password: 'x' }, { mobile: 'Mobile Number should more than 2 characters' }],
    [{ mobile: '1'.repeat(31), password: 'x' }, { mobile: 'Mobile Number should not exceed 30 characters' }],
    [{ mobile: 12345, password: 'x' }, { mobile: 'Mobile Number is required' }],
  ])('reports %o as %o', (input, expected) => {
    expect(errorsOf(loginSchema, input)).toEqual(expected);
  });

  it('accepts 2 to 30 characters and trims the mobile, not the password', () => {
    expect(loginSchema.parse({ mobile: ' 12 ', password: ' secret ' })).toEqual({ mobile: '12', password: ' secret ' });
    expect(loginSchema.safeParse({ mobile: '1'.repeat(30), password: 'x' }).success).toBe(true);
  });

  it('carries keys, not English, in the zod issues', () => {
    const result = loginSchema.safeParse({ mobile: '', password: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.every((i) => isValidationMessageKey(i.message))).toBe(true);
    expect(fieldErrors(result.error!)).toEqual({ mobile: 'mobile_required', password: 'password_required' });
  });
});

const validAddress = {
  add_person: 'Tan Mei Ling',
  add_phone: '012-345 6789',
  add_address1: '12, Jalan Bukit Bintang',
  add_address2: 'Taman Bintang',
  add_city: 'Kuala Lumpur',
  add_postcode: '55100',
  add_state: 'Wilayah Persekutuan Kuala Lumpur',
};

describe('addressSchema', () => {
  it('accepts a Malaysian address, trims, and forces the country to Malaysia', () => {
    const parsed = addressSchema.parse({ ...validAddress, add_person: '  Tan Mei Ling ', add_country: 'Singapore', add_default: '1', extra: 'x' });
    expect(parsed).toEqual({ ...validAddress, add_default: 1, add_country: 'Malaysia' });
    expect(addressSchema.parse(validAddress).add_country).toBe('Malaysia');
    expect(addressSchema.parse(validAddress).add_default).toBeUndefined();
  });

  it.each([
    [0, 0],
    [1, 1],
    ['0', 0],
    ['1', 1],
    [true, 1],
    [false, 0],
  ])('reads add_default %j as %i', (input, expected) => {
    expect(addressSchema.parse({ ...validAddress, add_default: input }).add_default).toBe(expected);
  });

  it('reports every missing field with the spec messages', () => {
    expect(errorsOf(addressSchema, {})).toEqual({
      add_person: 'First Name is required',
      add_phone: 'This field is required',
      add_address1: 'This field is required',
      add_address2: 'This field is required',
      add_city: 'This field is required',
      add_postcode: 'This field is required',
      add_state: 'State is required',
    });
    expect(errorsOf(addressSchema, { ...validAddress, add_person: ' ', add_state: '' })).toEqual({
      add_person: 'First Name is required',
      add_state: 'State is required',
    });
  });

  it.each([
    ['add_person', 'x'.repeat(101), 'First Name should not exceed 100 characters'],
    ['add_phone', '0'.repeat(31), 'Value should not exceed 30 characters'],
    ['add_phone', '12345', 'Value entered is invalid'],
    ['add_phone', '+65 9123 4567', 'Value entered is invalid'],
    ['add_address1', 'x'.repeat(101), 'Value should not exceed 100 characters'],
    ['add_address2', 'x'.repeat(101), 'Value should not exceed 100 characters'],
    ['add_city', 'x'.repeat(101), 'Value should not exceed 100 characters'],
    ['add_postcode', '1'.repeat(181), 'Value should not exceed 180 characters'],
    ['add_postcode', '5510', 'Value entered is invalid'],
    ['add_postcode', '551000', 'Value entered is invalid'],
    ['add_postcode', 'ABCDE', 'Value entered is invalid'],
    ['add_default', 2, 'Value entered is invalid'],
    ['add_default', 'yes', 'Value entered is invalid'],
  ])('reports %s = %j as %j', (field, value, message) => {
    expect(errorsOf(addressSchema, { ...validAddress, [field]: value })).toEqual({ [field]: message });
  });

  it('accepts the limits exactly', () => {
    const atLimit = { ...validAddress, add_person: 'x'.repeat(100), add_address1: 'x'.repeat(100), add_address2: 'x'.repeat(100), add_city: 'x'.repeat(100) };
    expect(addressSchema.safeParse(atLimit).success).toBe(true);
  });

  it('checks the state against the server list when given', () => {
    const schema = addressSchemaFor(['Selangor', 'Wilayah Persekutuan Kuala Lumpur']);
    expect(schema.safeParse(validAddress).success).toBe(true);
    expect(errorsOf(schema, { ...validAddress, add_state: 'Bavaria' })).toEqual({ add_state: 'Value entered is invalid' });
    expect(errorsOf(schema, { ...validAddress, add_state: '' })).toEqual({ add_state: 'State is required' });
    expect(schema.parse(validAddress).add_country).toBe('Malaysia');
  });
});

describe('Malaysian phone numbers', () => {
  it.each(['0123456789', '012-345 6789', '01112345678', '+60123456789', '60123456789', '+60 11-1234 5678', '03-1234 5678', '0312345678', '088-123456', '04-2345678'])(
    'accepts %j',
    (phone) => {
      expect(isMalaysianPhone(phone)).toBe(true);
    },
  );

  it.each(['', '12345', '012345', '0023456789', '0212345678', '+6512345678', '01234567890123', 'abc', '+60 0123456789', '012.345.6789'])('rejects %j', (phone) => {
    expect(isMalaysianPhone(phone)).toBe(false);
  });

  it('normalises to international digits', () => {
    expect(normalizeMalaysianPhone('012-345 6789')).toBe('60123456789');
    expect(normalizeMalaysianPhone('+60 12-345 6789')).toBe('60123456789');
    expect(normalizeMalaysianPhone('03-1234 5678')).toBe('60312345678');
    expect(() => normalizeMalaysianPhone('12345')).toThrow(RangeError);
  });
});

describe('remarkSchema', () => {
  it('is optional and at most 180 characters', () => {
    expect(remarkSchema.parse(undefined)).toBe('');
    expect(remarkSchema.parse(null)).toBe('');
    expect(remarkSchema.parse('  Please call before delivery ')).toBe('Please call before delivery');
    expect(remarkSchema.parse('x'.repeat(180))).toHaveLength(180);
    expect(errorsOf(remarkSchema, 'x'.repeat(181))).toEqual({ _form: 'remark should not exceed 180 characters' });
  });

  it('works as a field of a larger form', async () => {
    const { z } = await import('zod');
    const form = z.object({ order_remark: remarkSchema });
    expect(form.parse({})).toEqual({ order_remark: '' });
    expect(errorsOf(form, { order_remark: 'x'.repeat(181) })).toEqual({ order_remark: 'remark should not exceed 180 characters' });
  });
});

describe('passwordChangeSchema', () => {
  const valid = { current_password: 'old-pass', new_password: 'secret1', confirm_password: 'secret1' };

  it('accepts a new password of 6+ characters confirmed', () => {
    expect(passwordChangeSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{}, { current_password: 'This field is required', new_password: 'This field is required', confirm_password: 'This field is required' }],
    [{ ...valid, new_password: '12345', confirm_password: '12345' }, { new_password: 'Password should be at least 6 characters' }],
    [{ ...valid, confirm_password: 'secret2' }, { confirm_password: 'Confirm password does not match' }],
    [{ ...valid, confirm_password: '' }, { confirm_password: 'This field is required' }],
    [{ current_password: '', new_password: '123', confirm_password: '456' }, { current_password: 'This field is required', new_password: 'Password should be at least 6 characters', confirm_password: 'Confirm password does not match' }],
  ])('reports %o as %o', (input, expected) => {
    expect(errorsOf(passwordChangeSchema, input)).toEqual(expected);
  });
});

describe('profileImageError', () => {
  it.each([
    [{ name: 'me.jpg', size: 1000 }, null],
    [{ name: 'me.JPEG', size: 1000 }, null],
    [{ name: 'me.png', size: 5 * 1024 * 1024 }, null],
    [{ name: 'me.png', size: 5 * 1024 * 1024 + 1 }, 'image_size'],
    [{ name: 'me.gif', size: 1000 }, 'image_type'],
    [{ name: 'png', size: 1000 }, 'image_type'],
    [{ name: 'me.png.exe', size: 1000 }, 'image_type'],
    [{ name: 'me.png', size: NaN }, 'image_size'],
  ])('%o → %s', (file, expected) => {
    expect(profileImageError(file)).toBe(expected);
  });
});

describe('fieldErrors', () => {
  it('keeps the first issue per field, joins nested paths and maps foreign messages to invalid', () => {
    const errors = fieldErrors({
      issues: [
        { path: ['mobile'], message: 'mobile_required' },
        { path: ['mobile'], message: 'mobile_min' },
        { path: ['lines', 0, 'qty'], message: 'Too small: expected number to be >0' },
        { path: [], message: 'field_required' },
      ],
    });
    expect(errors).toEqual({ mobile: 'mobile_required', 'lines.0.qty': 'invalid', _form: 'field_required' });
  });
});

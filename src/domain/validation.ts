/**
 * Form validation with the spec's exact messages (coverage.md §5, §8, §9), as zod 4 schemas shared by
 * client and server.
 *
 * i18n: every zod issue carries a message KEY of `VALIDATION_MESSAGES` (e.g. 'mobile_required'),
 * never English text. The UI translates keys; `VALIDATION_MESSAGES` is the English catalogue with
 * exactly the spec's wording. `fieldErrors` turns a `ZodError` into { field: key }.
 *
 * Strings are trimmed before their length is checked (passwords are not trimmed).
 */
import { z } from 'zod';
import {
  ADDRESS_LINE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  MOBILE_MAX_LENGTH,
  MOBILE_MIN_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  POSTCODE_MAX_LENGTH,
  PROFILE_IMAGE_EXTENSIONS,
  PROFILE_IMAGE_MAX_BYTES,
  REMARK_MAX_LENGTH,
} from './constants';

/**
 * English text of every validation message key. Texts marked (ours) are not worded by the spec,
 * which only states the rule; all others are the spec's exact text.
 * @internal Exported for the unit tests only (production uses it inside this module).
 */
export const VALIDATION_MESSAGES = {
  mobile_required: 'Mobile Number is required',
  mobile_max: 'Mobile Number should not exceed 30 characters',
  mobile_min: 'Mobile Number should more than 2 characters',
  password_required: 'Password is required',
  first_name_required: 'First Name is required',
  first_name_max: 'First Name should not exceed 100 characters',
  state_required: 'State is required',
  field_required: 'This field is required',
  max_255: 'Value should not exceed 255 characters',
  max_200: 'Value should not exceed 200 characters',
  max_180: 'Value should not exceed 180 characters',
  max_150: 'Value should not exceed 150 characters',
  max_100: 'Value should not exceed 100 characters',
  max_50: 'Value should not exceed 50 characters',
  max_30: 'Value should not exceed 30 characters',
  /** (ours) coverage.md §5 "minimum 2". */
  min_2: 'Value should be at least 2 characters',
  invalid: 'Value entered is invalid',
  remark_max: 'remark should not exceed 180 characters',
  /** (ours) coverage.md §5 "new password at least 6 characters". */
  password_min: 'Password should be at least 6 characters',
  /** (ours) coverage.md §5 "confirm password must match". */
  password_mismatch: 'Confirm password does not match',
  image_type: 'Only accept file type with jpg,jpeg and png format.',
  image_size: 'Maximum file size accepted is 5MB',
  pickup_required: 'Please select preferred date and time for self pick up',
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** True when `value` is a key of `VALIDATION_MESSAGES`. */
export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES, value);
}

/** The English text of a message key ('mobile_required' → 'Mobile Number is required'). */
export function validationText(key: ValidationMessageKey): string {
  return VALIDATION_MESSAGES[key];
}

/** A trimmed, required string of at most `max` characters. */
function requiredText(requiredKey: ValidationMessageKey, max: number, maxKey: ValidationMessageKey) {
  return z.string({ error: requiredKey }).trim().min(1, requiredKey).max(max, maxKey);
}

/**
 * Malaysian phone number, mobile or fixed line, as typed: optional +60 / 60 country code or a
 * leading 0, then a mobile number (1x, 9–10 digits) or a fixed line (area 3–9, 8–9 digits).
 * Spaces and hyphens are ignored: '012-345 6789', '+60123456789', '03-1234 5678', '088-123456'.
 */
export function isMalaysianPhone(value: string): boolean {
  return /^(?:\+?60|0)(?:1\d{8,9}|[3-9]\d{7,8})$/.test(value.replace(/[\s-]/g, ''));
}

/**
 * A Malaysian phone number in international digits without '+' ('012-345 6789' → '60123456789'),
 * the form shown with a '+' prefix on the order success page (coverage.md §2).
 * @throws RangeError when `isMalaysianPhone` is false.
 */
export function normalizeMalaysianPhone(value: string): string {
  if (!isMalaysianPhone(value)) throw new RangeError(`"${value}" is not a Malaysian phone number`);
  const digits = value.replace(/[\s+-]/g, '');
  return digits.startsWith('60') ? digits : `60${digits.slice(1)}`;
}

/** Longest password accepted anywhere (ours: argon2 input bound; the spec's generic 200 message). */
export const PASSWORD_MAX_LENGTH = 200;

/** Mobile number as typed at login (coverage.md §5 Login): required, at most 30, at least 2. */
const loginMobile = z
  .string({ error: 'mobile_required' })
  .trim()
  .min(1, 'mobile_required')
  .max(MOBILE_MAX_LENGTH, 'mobile_max')
  .min(MOBILE_MIN_LENGTH, 'mobile_min');

/**
 * Login form (coverage.md §5 Login), also the body of the API's customer_login: `mobile` required
 * ('mobile_required'), at most 30 ('mobile_max'), at least 2 ('mobile_min'); `password` required
 * ('password_required'), at most 200 ('max_200').
 */
export const loginSchema = z.object({
  mobile: loginMobile,
  password: z.string({ error: 'password_required' }).min(1, 'password_required').max(PASSWORD_MAX_LENGTH, 'max_200'),
});

/** 'Yes/no' of the default-address box: 0/1, '0'/'1' or a boolean → 0 | 1. */
const defaultFlag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: 'invalid' })
  .transform((v): 0 | 1 => (v === 1 || v === '1' || v === true ? 1 : 0));

/**
 * Address form (coverage.md §3 Address, §5 Address form). Fields and keys:
 * - add_person: required 'first_name_required', ≤ 100 'first_name_max'
 * - add_phone: required 'field_required', ≤ 30 'max_30', Malaysian number ('invalid')
 * - add_address1, add_address2, add_city: required 'field_required', ≤ 100 'max_100'
 * - add_postcode: required 'field_required', ≤ 180 'max_180', five digits ('invalid')
 * - add_state: required 'state_required' (membership of the server's list: `addressSchemaFor`)
 * - add_default: optional 0/1 (also '0'/'1'/boolean), 'invalid' otherwise
 * - add_country: always 'Malaysia', whatever is sent (no country dropdown)
 * Unknown keys are dropped; extend the schema for add_id where needed.
 */
export const addressSchema = z.object({
  add_person: requiredText('first_name_required', NAME_MAX_LENGTH, 'first_name_max'),
  add_phone: requiredText('field_required', MOBILE_MAX_LENGTH, 'max_30').refine(isMalaysianPhone, 'invalid'),
  add_address1: requiredText('field_required', ADDRESS_LINE_MAX_LENGTH, 'max_100'),
  add_address2: requiredText('field_required', ADDRESS_LINE_MAX_LENGTH, 'max_100'),
  add_city: requiredText('field_required', CITY_MAX_LENGTH, 'max_100'),
  add_postcode: requiredText('field_required', POSTCODE_MAX_LENGTH, 'max_180').regex(/^\d{5}$/, 'invalid'),
  add_state: z.string({ error: 'state_required' }).trim().min(1, 'state_required'),
  add_default: defaultFlag.optional(),
  add_country: z.literal('Malaysia').catch('Malaysia').default('Malaysia'),
});

/**
 * The address form checked against the server's state list (coverage.md §5 "state required from a
 * server-provided list"): a state not in `states` gives 'invalid'.
 */
export function addressSchemaFor(states: readonly string[]) {
  return addressSchema.extend({
    add_state: addressSchema.shape.add_state.refine((s) => states.includes(s), 'invalid'),
  });
}

/**
 * Checkout order remark (coverage.md §4, §5): optional, trimmed, ≤ 180 characters 'remark_max'; not a
 * string → 'invalid'. Missing or null → ''. The one rule for the checkout form and the add_order
 * contract (`order_remark`), so both give the same message.
 */
export const remarkSchema = z
  .string({ error: 'invalid' })
  .trim()
  .max(REMARK_MAX_LENGTH, 'remark_max')
  .nullish()
  .transform((v) => v ?? '');

/**
 * Change-password form (coverage.md §5), also the body of the API's update_customer_password:
 * current_password required ('field_required'), at most 200 ('max_200'); new_password
 * required ('field_required'), at least 6 characters ('password_min'), at most 200 ('max_200'); confirm_password required
 * ('field_required') and equal to new_password ('password_mismatch', reported on confirm_password).
 */
export const passwordChangeSchema = z
  .object({
    current_password: z.string({ error: 'field_required' }).min(1, 'field_required').max(PASSWORD_MAX_LENGTH, 'max_200'),
    new_password: z
      .string({ error: 'field_required' })
      .min(1, 'field_required')
      .min(PASSWORD_MIN_LENGTH, 'password_min')
      .max(PASSWORD_MAX_LENGTH, 'max_200'),
    confirm_password: z.string({ error: 'field_required' }).min(1, 'field_required'),
  })
  .refine((v) => v.confirm_password === '' || v.confirm_password === v.new_password, {
    message: 'password_mismatch',
    path: ['confirm_password'],
    // Report a mismatch even while other fields still have issues.
    when: (payload) => typeof (payload.value as { confirm_password?: unknown })?.confirm_password === 'string',
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** Mobile number field (coverage.md §5 Login rules), plus 'invalid' when not a Malaysian mobile number. */
const mobileField = loginMobile.refine((v) => isMalaysianPhone(v) && /^(?:\+?60|0)1/.test(v.replace(/[\s-]/g, '')), 'invalid');

/**
 * New password (coverage.md §5): required ('password_required'), at least 6 ('password_min'), at most 200
 * ('max_200'). Not trimmed.
 */
const newPassword = z
  .string({ error: 'password_required' })
  .min(1, 'password_required')
  .min(PASSWORD_MIN_LENGTH, 'password_min')
  .max(PASSWORD_MAX_LENGTH, 'max_200');
/** Its confirmation: required ('field_required'); equality is `passwordConfirmation`. */
const confirmField = z.string({ error: 'field_required' }).min(1, 'field_required');

/**
 * "Confirm password must match" (coverage.md §5) as a refinement of an object with `password` and
 * `confirm_password`: 'password_mismatch' on confirm_password. A confirmation that is absent (the
 * API's insert_customer makes it optional) or not text is left to the field's own rule, and a
 * mismatch is reported even while other fields still have issues.
 * Use: `schema.refine(passwordConfirmation.check, passwordConfirmation.params)`.
 */
export const passwordConfirmation = {
  check: (v: { password?: unknown; confirm_password?: unknown }) => typeof v.confirm_password !== 'string' || v.confirm_password === v.password,
  params: {
    message: 'password_mismatch' as const,
    path: ['confirm_password'],
    when: (payload: { value: unknown }) => typeof (payload.value as { confirm_password?: unknown })?.confirm_password === 'string',
  },
};

/**
 * The registration fields, one rule and one message key each (coverage.md §2 /register, §5), shared by
 * the form (`registerSchema`) and the API's insert_customer body (src/lib/xs-api/contract/access.ts):
 * - customer_firstname: required ('first_name_required'), ≤ 100 ('first_name_max')
 * - customer_mobile: as at login, and a Malaysian mobile number ('invalid')
 * - password: `newPassword`; confirm_password: required ('field_required')
 * - customer_email: optional; '' or an address ('invalid'), ≤ 255 ('max_255')
 */
export const registrationFields = {
  customer_firstname: requiredText('first_name_required', NAME_MAX_LENGTH, 'first_name_max'),
  customer_mobile: mobileField,
  password: newPassword,
  confirm_password: confirmField,
  customer_email: z
    .string({ error: 'invalid' })
    .trim()
    .max(255, 'max_255')
    .pipe(z.union([z.literal(''), z.email('invalid')]))
    .optional()
    .describe('An email address, or empty'),
};

/**
 * The profile fields a member edits (coverage.md §3 Customer / Profile, §5 generic rules; §7
 * update_customer), shared by the profile form (`profileSchema`) and the API's body:
 * - customer_firstname: required ('first_name_required'), ≤ 100 ('first_name_max')
 * - customer_lastname: optional ('' when absent), ≤ 100 ('max_100')
 * - customer_email: as at registration: '' or an address ('invalid'), ≤ 255 ('max_255')
 * The mobile number (the login) and the points are not editable.
 */
export const profileFields = {
  customer_firstname: registrationFields.customer_firstname,
  customer_lastname: z.string({ error: 'invalid' }).trim().max(NAME_MAX_LENGTH, 'max_100').optional().default(''),
  customer_email: registrationFields.customer_email.default(''),
};

/** Profile form (coverage.md §2 /account/profile): `profileFields`. */
export const profileSchema = z.object(profileFields);
export type ProfileInput = z.infer<typeof profileSchema>;

/** Registration form (coverage.md §2 /register, §5): `registrationFields`, passwords must match. */
export const registerSchema = z.object(registrationFields).refine(passwordConfirmation.check, passwordConfirmation.params);

/** Forgot-password and resend-verification forms: one Malaysian mobile number ('mobile'). */
export const mobileOnlySchema = z.object({ mobile: mobileField });

/**
 * The phone verification code from the SMS: exactly 6 digits. Its message key
 * 'verification_code_format' is a catalogue message (messages/*.json), not a coverage.md §5 rule.
 */
export const verificationCodeField = z.string({ error: 'verification_code_format' }).trim().regex(/^\d{6}$/, 'verification_code_format');

/**
 * Phone verification form (/resend-verification; issue "account area" item 12), also the API's
 * verify_phone body: the Malaysian mobile number ('mobile') and the 6-digit `code`.
 */
export const phoneVerifySchema = z.object({ mobile: mobileField, code: verificationCodeField });

/** The reset link's token as sent back: required, at most 200 ('invalid' either way). */
const resetTokenField = z.string({ error: 'invalid' }).min(1, 'invalid').max(200, 'invalid');

/**
 * Password-reset form (coverage.md §7 reset_password), also the API's body with portal_type: token (hidden;
 * `resetTokenField`), password (`newPassword`), confirm_password (must match).
 */
export const passwordResetFields = { token: resetTokenField, password: newPassword, confirm_password: confirmField };
export const passwordResetSchema = z.object(passwordResetFields).refine(passwordConfirmation.check, passwordConfirmation.params);

/**
 * Check a profile picture before upload (coverage.md §5, §8, §9): jpg, jpeg or png by file name
 * ('image_type'), at most 5 MB ('image_size'). Returns the message key, or null when fine.
 */
export function profileImageError(file: { name: string; size: number }): ValidationMessageKey | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(PROFILE_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'image_type';
  if (!(file.size <= PROFILE_IMAGE_MAX_BYTES)) return 'image_size';
  return null;
}

/**
 * The first issue's message key per field of a failed parse: { add_phone: 'invalid', … }. A field
 * is the issue path joined with '.'; issues on the whole form go under '_form'. A message that is
 * not a key (a zod default) becomes 'invalid'.
 */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, ValidationMessageKey> {
  const errors: Record<string, ValidationMessageKey> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_form';
    if (!(field in errors)) errors[field] = isValidationMessageKey(issue.message) ? issue.message : 'invalid';
  }
  return errors;
}

/** Feedback categories (coverage.md §2 Account: Feedback), as stored and sent; labels are `feedback_category_<code lowercased>`. */
export const FEEDBACK_CATEGORIES = ['STAFF_ATTITUDE', 'MOBILE_APP', 'PRODUCTS', 'OUTLET', 'PROMOTION', 'OTHERS'] as const;
/** Feedback ratings (coverage.md §2 Account: Feedback). */
export const FEEDBACK_RATINGS = ['GOOD', 'NEUTRAL', 'POOR'] as const;

/**
 * The feedback form (coverage.md §2 Account: Feedback), also the body of add_feedback: `category` one of
 * `FEEDBACK_CATEGORIES` and `rating` one of `FEEDBACK_RATINGS` (else 'field_required'); `comment`
 * required ('field_required'), trimmed, ≤ 255 ('max_255'); `store_code` optional (the outlet it is
 * about), ≤ 30 ('max_30'), '' or null meaning none.
 */
export const feedbackSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: 'field_required' }),
  rating: z.enum(FEEDBACK_RATINGS, { error: 'field_required' }),
  comment: requiredText('field_required', 255, 'max_255'),
  // A form sends the empty choice as '' (or null once parsed): both mean no outlet.
  store_code: z.string({ error: 'invalid' }).trim().max(30, 'max_30').nullish().transform((v) => v || undefined),
});

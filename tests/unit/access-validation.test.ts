/** Access forms (spec §5) and the SMS gateway adapter (DESIGN Adapters, spec §7 form variant). */
import { describe, expect, it } from 'vitest';
import { fieldErrors, mobileOnlySchema, passwordResetSchema, registerSchema } from '../../src/domain/validation';
import { gatewaySms, smsFromEnv } from '../../src/server/xs-api/adapters/sms';

const ok = { customer_firstname: 'Siti', customer_mobile: '012-345 6789', password: 'secret12', confirm_password: 'secret12' };
const errs = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));

describe('registerSchema', () => {
  it('accepts a complete form, email optional', () => {
    expect(registerSchema.safeParse(ok).success).toBe(true);
    expect(registerSchema.safeParse({ ...ok, customer_email: '' }).success).toBe(true);
    expect(registerSchema.safeParse({ ...ok, customer_email: 'a@b.my' }).success).toBe(true);
  });
  it('gives the spec message keys', () => {
    expect(errs(registerSchema.safeParse({ customer_firstname: '', customer_mobile: '', password: '', confirm_password: '' }))).toEqual({
      customer_firstname: 'first_name_required',
      customer_mobile: 'mobile_required',
      password: 'password_required',
      confirm_password: 'field_required',
    });
    expect(errs(registerSchema.safeParse({ ...ok, customer_mobile: '1' })).customer_mobile).toBe('mobile_min');
    expect(errs(registerSchema.safeParse({ ...ok, customer_mobile: '1'.repeat(31) })).customer_mobile).toBe('mobile_max');
    expect(errs(registerSchema.safeParse({ ...ok, customer_mobile: '03-1234 5678' })).customer_mobile).toBe('invalid');
    expect(errs(registerSchema.safeParse({ ...ok, password: 'abc', confirm_password: 'abc' })).password).toBe('password_min');
    expect(errs(registerSchema.safeParse({ ...ok, confirm_password: 'other' })).confirm_password).toBe('password_mismatch');
    expect(errs(registerSchema.safeParse({ ...ok, customer_email: 'nope' })).customer_email).toBe('invalid');
  });
});

describe('mobileOnlySchema and passwordResetSchema', () => {
  it('check the number and the new password', () => {
    expect(mobileOnlySchema.safeParse({ mobile: '+60123456789' }).success).toBe(true);
    expect(errs(mobileOnlySchema.safeParse({ mobile: '' })).mobile).toBe('mobile_required');
    expect(errs(passwordResetSchema.safeParse({ token: '', password: 'secret12', confirm_password: 'secret12' })).token).toBe('invalid');
    expect(errs(passwordResetSchema.safeParse({ token: 't', password: 'secret12', confirm_password: 'x' })).confirm_password).toBe('password_mismatch');
  });
});

describe('SMS gateway adapter', () => {
  it('posts a form with username, password, to and msg', async () => {
    let seen: { url: string; body: string; type: string } | undefined;
    const fake = (async (url: string, init: RequestInit) => {
      seen = { url, body: String(init.body), type: (init.headers as Record<string, string>)['content-type']! };
      return new Response('OK');
    }) as unknown as typeof fetch;
    await gatewaySms('https://sms.example.my/send', 'shop', 'pw', fake).send(undefined as never, '60123456789', 'Hi & bye');
    expect(seen!.url).toBe('https://sms.example.my/send');
    expect(seen!.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(seen!.body))).toEqual({ username: 'shop', password: 'pw', to: '60123456789', msg: 'Hi & bye' });
  });
  it('fails when the gateway refuses; picks the outbox without SMS_GATEWAY_URL', async () => {
    const refuse = (async () => new Response('no', { status: 503 })) as unknown as typeof fetch;
    await expect(gatewaySms('https://x', 'u', 'p', refuse).send(undefined as never, '6012', 'm')).rejects.toThrow(/503/);
    expect(smsFromEnv({}).send).toBeTypeOf('function');
  });
});

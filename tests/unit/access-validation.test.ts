/**
 * Access forms (coverage.md §5), the API bodies built from the same rules (coverage.md §7), where a login leads,
 * the access flashes, and the SMS gateway adapter (docs/architecture.md Adapters, coverage.md §7 form variant).
 */
import { describe, expect, it } from 'vitest';
import type { AstroCookies } from 'astro';
import { fieldErrors, loginSchema, mobileOnlySchema, passwordResetSchema, registerSchema } from '../../src/domain/validation';
import { operations } from '../../src/lib/xs-api/contract';
import { loginTarget, redirectField } from '../../src/features/access/login-target';
import { FLASH_COOKIE, takeFlash } from '../../src/server/flash';
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

describe('API bodies share the form rules (one rule, one message)', () => {
  const body = (over: Record<string, unknown>) => ({ ...ok, bill_platform: 'website', ...over });
  const apiErrs = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, v: unknown) => errs(schema.safeParse(v));

  it('insert_customer gives the same message keys as the registration form', () => {
    const api = operations.insert_customer.body!;
    for (const over of [{ customer_firstname: '' }, { customer_mobile: '1' }, { customer_mobile: '03-1234 5678' }, { password: 'abc', confirm_password: 'abc' }, { confirm_password: 'other' }, { customer_email: 'nope' }]) {
      expect(apiErrs(api, body(over)), JSON.stringify(over)).toEqual(errs(registerSchema.safeParse({ ...ok, ...over })));
    }
    expect(api.safeParse(body({})).success).toBe(true);
    expect(apiErrs(api, body({ bill_platform: 'app' }))).toHaveProperty('bill_platform');
  });
  it('insert_customer takes a registration without its confirmation; the form does not', () => {
    const { confirm_password: _omit, ...noConfirm } = ok;
    expect(operations.insert_customer.body!.safeParse({ ...noConfirm, bill_platform: 'website' }).success).toBe(true);
    expect(errs(registerSchema.safeParse(noConfirm)).confirm_password).toBe('field_required');
  });
  it('customer_login and reset_password use the login and reset forms', () => {
    expect(apiErrs(operations.customer_login.body!, [{ mobile: '', password: '' }])).toEqual({ '0.mobile': 'mobile_required', '0.password': 'password_required' });
    expect(errs(loginSchema.safeParse({ mobile: '0123456789', password: 'x'.repeat(201) })).password).toBe('max_200');
    expect(apiErrs(operations.reset_password.body!, { token: 't', password: 'secret12', confirm_password: 'x' })).toEqual({ confirm_password: 'password_mismatch' });
  });
});

describe('loginTarget', () => {
  it('returns to a path on this site in the login page language, else home', () => {
    expect(loginTarget('/product/P0005', 'en')).toBe('/product/P0005');
    expect(loginTarget('/cart', 'ar')).toBe('/ar/cart');
    expect(loginTarget('/ar/cart', 'ar')).toBe('/ar/cart');
    expect(loginTarget('/zh/checkout?items=A,B#top', 'en')).toBe('/checkout?items=A,B#top');
    expect(loginTarget(undefined, 'en')).toBe('/');
    expect(loginTarget('', 'zh')).toBe('/zh');
    for (const evil of ['//evil.example', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)']) {
      expect(loginTarget(evil, 'en'), evil).toBe('/');
    }
  });
  it('puts only safe paths in the hidden field', () => {
    expect(redirectField('/cart?x=1')).toBe('/cart?x=1');
    expect(redirectField('//evil.example')).toBe('');
    expect(redirectField(null)).toBe('');
  });
});

describe('takeFlash', () => {
  const jar = (value?: string) => {
    const store = new Map(value ? [[FLASH_COOKIE, value]] : []);
    return { store, cookies: { get: (k: string) => (store.has(k) ? { value: store.get(k)! } : undefined), delete: (k: string) => void store.delete(k) } as unknown as AstroCookies };
  };
  it('takes its own flash once and leaves another for the header', () => {
    const sent = jar('password_reset_link_sent');
    expect(takeFlash(sent.cookies, 'password_reset_link_sent')).toBe(true);
    expect(sent.store.has(FLASH_COOKIE)).toBe(false);
    expect(takeFlash(sent.cookies, 'password_reset_link_sent')).toBe(false);
    const other = jar('login_successful');
    expect(takeFlash(other.cookies, 'verification_code_sent')).toBe(false);
    expect(other.store.get(FLASH_COOKIE)).toBe('login_successful');
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

/**
 * Registration (coverage.md §7 insert_customer, §5 validation; docs/architecture.md Security: argon2id). What an
 * existing number gets, the code and its checks: tests/api/phone-verification.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { customers } from '../../src/server/xs-api/db/schema';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const payload = (over: Record<string, unknown> = {}) => ({
  customer_firstname: 'Siti',
  customer_mobile: '012-777 1001',
  password: 'secret12',
  confirm_password: 'secret12',
  customer_email: 'siti@example.my',
  bill_platform: 'website',
  ...over,
});

describe('insert_customer', () => {
  it('creates a member with an argon2id hash and a normalised mobile; no Error field', async () => {
    const r = await h.call('insert_customer', { body: payload() });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ Status: 1 });
    const [row] = await h.db.select().from(customers).where(eq(customers.mobile, '0127771001'));
    expect(row!.memberCode).toMatch(/^M\d{6}$/);
    expect(row).toMatchObject({ firstName: 'Siti', mobile: '0127771001', email: 'siti@example.my', verified: false });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('lets the new member log in with the password, also with +60', async () => {
    await h.call('insert_customer', { body: payload({ customer_mobile: '0127771002', customer_email: '' }) });
    const { member } = await h.login('+60 12-777 1002', 'secret12');
    expect(member).toMatch(/^M\d{6}$/);
    const detail = await h.login('0127771002', 'secret12');
    const r = await h.call(`customer_detail/${detail.member}`, { token: detail.token });
    expect(r.json.data).toMatchObject({ customer_firstname: 'Siti', customer_email: null });
  });

  it('answers a mobile number already registered as a new one, however written, and adds no member', async () => {
    const dup = await h.call('insert_customer', { body: payload({ customer_mobile: '+60127771001', customer_firstname: 'Someone else' }) });
    expect(dup.status).toBe(200);
    expect(dup.json).toEqual({ Status: 1 });
    const demo = await h.call('insert_customer', { body: payload({ customer_mobile: DEMO_MEMBER.mobile }) });
    expect(demo.json).toEqual({ Status: 1 });
    const rows = await h.db.select().from(customers).where(eq(customers.mobile, '0127771001'));
    expect(rows.map((r) => r.firstName)).toEqual(['Siti']);
  });

  it('gives every member a different code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      await h.call('insert_customer', { body: payload({ customer_mobile: `01388800${10 + i}` }) });
      const [row] = await h.db.select().from(customers).where(eq(customers.mobile, `01388800${10 + i}`));
      codes.add(row!.memberCode);
    }
    expect(codes.size).toBe(5);
  });

  it('refuses bad payloads with 400 and an Error text', async () => {
    const bad: unknown[] = [
      'not json',
      {},
      payload({ bill_platform: 'app' }),
      payload({ customer_firstname: '' }),
      payload({ customer_firstname: 'x'.repeat(101) }),
      payload({ customer_mobile: '1' }),
      payload({ customer_mobile: 'x'.repeat(31) }),
      payload({ customer_mobile: '03-1234 5678' }),
      payload({ customer_mobile: 'abcdefgh' }),
      payload({ password: '12345', confirm_password: '12345' }),
      payload({ confirm_password: 'different' }),
      payload({ customer_email: 'not-an-email' }),
    ];
    for (const body of bad) {
      const r = await h.call('insert_customer', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.Status).toBe(0);
      // A broken rule answers its own coverage.md §5 text; a malformed payload answers 'Invalid request: …'.
      expect(r.json.Error).toMatch(/\S/);
      expect(r.json.Error).not.toBe('Oops, Something went wrong on server.');
    }
    const weak = await h.call('insert_customer', { body: payload({ customer_mobile: '0127771009', password: 'abc', confirm_password: 'abc' }) });
    expect(weak.json.Error).toBe('Password should be at least 6 characters');
    const mismatch = await h.call('insert_customer', { body: payload({ customer_mobile: '0127771009', confirm_password: 'secret13' }) });
    expect(mismatch.json.Error).toBe('Confirm password does not match');
  });

  it('names the broken rule with the form message of spec §5, in the caller language', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ customer_firstname: '' }, 'customer_firstname: First Name is required'],
      [{ customer_firstname: 'x'.repeat(101) }, 'customer_firstname: First Name should not exceed 100 characters'],
      [{ customer_mobile: '' }, 'customer_mobile: Mobile Number is required'],
      [{ customer_mobile: '1' }, 'customer_mobile: Mobile Number should more than 2 characters'],
      [{ customer_mobile: 'x'.repeat(31) }, 'customer_mobile: Mobile Number should not exceed 30 characters'],
      [{ customer_mobile: '03-1234 5678' }, 'customer_mobile: Value entered is invalid'],
      [{ customer_email: 'not-an-email' }, 'customer_email: Value entered is invalid'],
    ];
    for (const [over, text] of cases) {
      const r = await h.call('insert_customer', { body: payload(over) });
      const [field, message] = text.split(': ') as [string, string];
      expect(r.json.Error, JSON.stringify(over)).toBe(message);
      expect(r.json.field, JSON.stringify(over)).toBe(field);
    }
    const zh = await h.call('insert_customer', { body: payload({ customer_firstname: '' }), headers: { 'accept-language': 'zh' } });
    expect(zh.json.Error).toBe('请输入名字');
    // The API still takes a registration without the confirmation.
    const { confirm_password: _omit, ...withoutConfirm } = payload({ customer_mobile: '0127771010' });
    expect((await h.call('insert_customer', { body: withoutConfirm })).status).toBe(200);
  });
});

/**
 * The member's language (coverage.md §1 "stored by the member's profile", §7 customer_language/{customer},
 * update_language/{customer} "success when Status is 1"; issue "The member's account area" item 11):
 * only en, zh and ar; member-scoped (401 without a session, 403 on another member's path).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { customers } from '../../src/server/xs-api/db/schema';

let h: Harness;
const M: string = DEMO_MEMBER.memberCode;
const OTHER = { memberCode: 'M900201', mobile: '0199990201', password: 'other-pass-1' };
const language = async (memberCode: string) => (await h.db.select().from(customers).where(eq(customers.memberCode, memberCode)))[0]!.language;

beforeAll(async () => {
  h = await createHarness();
  await h.db.insert(customers).values({ memberCode: OTHER.memberCode, firstName: 'Other', mobile: OTHER.mobile, passwordHash: await hash(OTHER.password, { algorithm: 2 }), language: 'ar' });
});
afterAll(() => h?.close());

describe('customer_language and update_language', () => {
  it('reads the stored language and changes it; the profile follows', async () => {
    const { token } = await h.login();
    expect((await h.call(`customer_language/${M}`, { token })).json).toEqual({ Status: 1, language: 'en' });
    for (const l of ['zh', 'ar', 'en', 'zh'] as const) {
      const r = await h.call(`update_language/${M}`, { token, body: { language: l } });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ Status: 1, language: l });
      expect((await h.call(`customer_language/${M}`, { token })).json.language).toBe(l);
    }
    expect((await h.call(`customer_detail/${M}`, { token })).json.data.language).toBe('zh');
    expect(await language(M)).toBe('zh');
  });

  it('refuses any other value with 400 and a clear text in the caller language, changing nothing', async () => {
    const { token } = await h.login();
    const before = await language(M);
    for (const body of [{ language: 'fr' }, { language: 'EN' }, { language: '' }, { language: 1 }, { language: null }, {}, 'not json', { language: 'zh\u0000' }]) {
      const r = await h.call(`update_language/${M}`, { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.Status).toBe(0);
      // A control character is refused at the edge, before the language rule (src/domain/input-text.ts).
      const edge = typeof body === 'object' && body !== null && 'language' in body && String(body.language).includes('\u0000');
      if (edge) expect(r.json).toMatchObject({ field: 'language' });
      else if (typeof body === 'object' && 'language' in body) expect(r.json).toMatchObject({ Error: 'Please choose English, Chinese or Arabic.', field: 'language' });
    }
    const ar = await h.call(`update_language/${M}`, { token, body: { language: 'de' }, headers: { 'accept-language': 'ar' } });
    expect(ar.json.Error).toBe('يرجى اختيار الإنجليزية أو الصينية أو العربية.');
    expect(await language(M)).toBe(before);
  });

  it('is member-scoped: 401 without a session, 403 on another member path, and the other member keeps theirs', async () => {
    expect((await h.call(`customer_language/${M}`)).status).toBe(401);
    expect((await h.call(`update_language/${M}`, { body: { language: 'ar' } })).status).toBe(401);
    const other = await h.login(OTHER.mobile, OTHER.password);
    const before = await language(M);
    expect((await h.call(`customer_language/${M}`, { token: other.token })).status).toBe(403);
    const r = await h.call(`update_language/${M}`, { token: other.token, body: { language: before === 'ar' ? 'en' : 'ar' } });
    expect(r.status).toBe(403);
    expect(await language(M)).toBe(before);
    // The other member's own path works and touches only their row.
    expect((await h.call(`update_language/${OTHER.memberCode}`, { token: other.token, body: { language: 'zh' } })).json).toEqual({ Status: 1, language: 'zh' });
    expect(await language(OTHER.memberCode)).toBe('zh');
    expect(await language(M)).toBe(before);
  });

  it('a new registration starts in the language it was made in', async () => {
    const r = await h.call('insert_customer', {
      body: { customer_firstname: 'Layla', customer_mobile: '0185550001', password: 'secret12', confirm_password: 'secret12', bill_platform: 'website' },
      headers: { 'accept-language': 'ar' },
    });
    expect(r.json).toEqual({ Status: 1 });
    const s = await h.login('0185550001', 'secret12');
    expect((await h.call(`customer_language/${s.member}`, { token: s.token })).json.language).toBe('ar');
  });
});

/** voucher_detail/{code} (coverage.md §2 /voucher-details/, §3 Voucher): the seeded kinds, languages, 404 and 400. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('voucher_detail', () => {
  it('answers RM5OFF in English with the minimum spend in ringgit', async () => {
    const r = await h.call('voucher_detail/RM5OFF');
    expect(r.status).toBe(200);
    expect(r.json.Status).toBe(1);
    expect(r.json.data).toEqual({
      vc_code: 'RM5OFF',
      vc_name: 'RM5 off',
      vc_image: '/images/vouchers/RM5OFF.svg',
      vc_amount: '5.00',
      vc_redeem_formula: 250,
      min_spend: '30.00',
      vc_tnc: expect.stringContaining('Minimum spend RM30.'),
    });
  });
  it('answers the name in Chinese with lang=zh and in Arabic with lang=ar', async () => {
    expect((await h.call('voucher_detail/RM10OFF?lang=zh')).json.data).toMatchObject({ vc_name: '立减RM10', vc_amount: '10.00', min_spend: '50.00', vc_redeem_formula: 500 });
    expect((await h.call('voucher_detail/PCT10?lang=zh')).json.data).toMatchObject({ vc_name: '九折优惠', vc_amount: '10%', min_spend: '80.00' });
    expect((await h.call('voucher_detail/PCT10?lang=ar')).json.data.vc_name).toBe('خصم 10%');
  });
  it('answers BDAY10 with no points formula', async () => {
    const r = await h.call('voucher_detail/BDAY10');
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ vc_code: 'BDAY10', vc_redeem_formula: null, min_spend: '30.00' });
  });
  it('answers 404 with an Error text for an unknown code', async () => {
    const r = await h.call('voucher_detail/NOSUCH');
    expect(r.status).toBe(404);
    expect(r.json.Status).toBe(0);
    expect(r.json.Error).toBe('Voucher NOSUCH was not found.');
  });
  it('answers 400 for a malformed code without echoing it', async () => {
    for (const code of ['bad%20code', 'A'.repeat(31), '%3Cscript%3E']) {
      const r = await h.call(`voucher_detail/${code}`);
      expect(r.status, code).toBe(400);
      expect(r.json.Status).toBe(0);
      expect(r.json.Error).not.toContain('<script>');
    }
  });
  it('refuses an unknown language with 400', async () => {
    expect((await h.call('voucher_detail/RM5OFF?lang=fr')).status).toBe(400);
  });
});

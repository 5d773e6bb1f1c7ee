/**
 * The rules of HQ's catalogue writes (src/domain/catalogue-edit.ts; issue "The chain's own
 * catalogue" §1): each refusal carries its message key, and good input passes trimmed.
 */
import { describe, expect, it } from 'vitest';
import { headerBannerInputSchema, productInputSchema, ringgitPriceInputSchema, startsLikeFormula, stockRowSchema } from '../../src/domain/catalogue-edit';

const product = { product_code: 'P1', product_name: { en: ' Pork Belly ', zh: '五花肉' }, line_code: 'PORK', unit: '500 g', price_sen: 1590, final_price_sen: 1290, visible: true };
const key = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? 'ok' : r.error!.issues[0]!.message);

describe('catalogue rules', () => {
  it('takes a good product, names trimmed', () => {
    const r = productInputSchema.safeParse(product);
    expect(r.success && r.data.product_name.en).toBe('Pork Belly');
  });

  it('refuses each broken rule with its key', () => {
    expect(key(productInputSchema.safeParse({ ...product, final_price_sen: 1600 }))).toBe('catalogue_final_price_above');
    expect(key(productInputSchema.safeParse({ ...product, price_sen: 10_000_001, final_price_sen: 0 }))).toBe('catalogue_price_invalid');
    expect(key(productInputSchema.safeParse({ ...product, product_name: { en: '   ' } }))).toBe('catalogue_name_required');
    expect(key(productInputSchema.safeParse({ ...product, product_name: { en: 'x'.repeat(201) } }))).toBe('catalogue_name_max');
    expect(key(productInputSchema.safeParse({ ...product, product_name: { en: 'Pork', ar: '@SUM(A1)' } }))).toBe('catalogue_text_formula');
    expect(key(productInputSchema.safeParse({ ...product, product_code: 'p1' }))).toBe('catalogue_code_invalid');
    expect(key(stockRowSchema.safeParse({ outlet: 'S001', product_code: 'P1', quantity: -1 }))).toBe('catalogue_stock_negative');
    expect(key(stockRowSchema.safeParse({ outlet: 'S001', product_code: 'P1', quantity: 2.5 }))).toBe('catalogue_stock_invalid');
    const banner = { banner_url: '/images/b.webp', link: '/promotion/1', alt: { en: 'Sale' } };
    expect(key(headerBannerInputSchema.safeParse({ ...banner, start_date: '2026-05-02', end_date: '2026-05-01' }))).toBe('catalogue_dates_order');
    expect(key(headerBannerInputSchema.safeParse({ ...banner, link: 'javascript:alert(1)' }))).toBe('catalogue_link_invalid');
    expect(key(headerBannerInputSchema.safeParse(banner))).toBe('ok');
  });

  it('knows what a spreadsheet runs as a formula', () => {
    for (const t of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1']) expect([t, startsLikeFormula(t)]).toEqual([t, true]);
    for (const t of ['Pork', '1 kg', 'لحم', '猪肉', 'a=b']) expect([t, startsLikeFormula(t)]).toEqual([t, false]);
  });
});

describe('a price typed in ringgit (HQ console forms)', () => {
  it('turns ringgit with at most 2 decimals into sen, and refuses anything else with a message key', () => {
    expect(['12.90', ' 12.9 ', '7', '0.05', '100000.00'].map((v) => ringgitPriceInputSchema.parse(v))).toEqual([1290, 1290, 700, 5, 10_000_000]);
    const refused = (v: string) => ringgitPriceInputSchema.safeParse(v).error?.issues[0]?.message;
    expect(['', '1.005', '-1', 'RM 5', '1,000.00', '100000.01', '1e3'].map(refused)).toEqual([
      'field_required',
      'catalogue_price_rm_invalid',
      'catalogue_price_rm_invalid',
      'catalogue_price_rm_invalid',
      'catalogue_price_rm_invalid',
      'catalogue_price_rm_invalid',
      'catalogue_price_rm_invalid',
    ]);
  });
});

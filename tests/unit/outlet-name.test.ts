/** Outlet names in the page's language (src/i18n/outlet-brand.ts, src/i18n/outlet-name.ts): the chain's part as each language writes it, the place as it is. */
import { afterEach, describe, expect, it } from 'vitest';
import { brandOutletName, pageOutletName } from '../../src/i18n/outlet-brand';
import { outletName } from '../../src/i18n/outlet-name';

afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe('outlet names', () => {
  it('writes the chain in the language and keeps the place', () => {
    expect(outletName('XS Fresh Mart Kepong Baru', 'en')).toBe('XS Fresh Mart Kepong Baru');
    expect(outletName('XS Fresh Mart Kepong Baru', 'zh')).toBe('XS 鲜市 Kepong Baru');
    expect(outletName('XS Fresh Mart Kepong Baru', 'ar')).toBe('إكس إس فريش مارت Kepong Baru');
  });

  it('leaves a name without the chain, or a blank brand, as it is', () => {
    expect(outletName('Pasar Borong Selayang', 'zh')).toBe('Pasar Borong Selayang');
    expect(outletName('XS Fresh Martin', 'zh')).toBe('XS Fresh Martin');
    expect(brandOutletName('XS Fresh Mart Setapak', '')).toBe('XS Fresh Mart Setapak');
  });

  it("a page's script takes the brand from <html data-brand>, and nothing without a page", () => {
    expect(pageOutletName('XS Fresh Mart Setapak')).toBe('XS Fresh Mart Setapak');
    (globalThis as { document?: unknown }).document = { documentElement: { dataset: { brand: 'XS 鲜市' } } };
    expect(pageOutletName('XS Fresh Mart Setapak')).toBe('XS 鲜市 Setapak');
  });
});

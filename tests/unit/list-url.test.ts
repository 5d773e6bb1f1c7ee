/** A product list's URL: sort, price filter and page (coverage.md §2 Product list view, §5, §9). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalListPath, hasPriceFilter, listHref, MAX_PAGE, pageCount, pageLimit, pageOfItems, pageWindow, parsePrice, readListParams, readPriceFilter } from '../../src/domain/list-url';

const q = (s: string) => new URLSearchParams(s);

describe('parsePrice', () => {
  it('reads RM amounts, rounded to sen', () => {
    expect(parsePrice('12')).toBe(12);
    expect(parsePrice(' 12.5 ')).toBe(12.5);
    expect(parsePrice('12.345')).toBe(12.35);
    expect(parsePrice('1.005')).toBe(1.01); // decimal-exact, as domain/money reads amounts
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('1000000')).toBe(1_000_000);
  });
  it('ignores what is not a price', () => {
    for (const v of [null, undefined, '', '  ', 'abc', '-1', '1e300', 'Infinity', 'NaN', '1000000.01', '12,5']) expect(parsePrice(v), String(v)).toBeUndefined();
  });
});

describe('readPriceFilter', () => {
  it('reads min and max, swaps them when reversed, leaves out absent ends', () => {
    expect(readPriceFilter(q('min=5&max=20'))).toEqual({ min: 5, max: 20 });
    expect(readPriceFilter(q('min=20&max=5'))).toEqual({ min: 5, max: 20 });
    expect(readPriceFilter(q('min=5'))).toEqual({ min: 5 });
    expect(readPriceFilter(q('max=abc'))).toEqual({});
    expect(hasPriceFilter({})).toBe(false);
    expect(hasPriceFilter({ max: 0 })).toBe(true);
  });
});

describe('readListParams', () => {
  it('defaults to page 1, the default sort, no filter, limit 0,25', () => {
    expect(readListParams(q(''))).toEqual({ sort: 'product_topsales', page: 1, limit: '0,25' });
  });
  it('reads page, sort and filter; page N asks offset (N-1)*25', () => {
    expect(readListParams(q('page=3&sort=price_low&min=1&max=9'))).toEqual({ sort: 'price_low', page: 3, min: 1, max: 9, limit: '50,25' });
  });
  it('falls back on bad values and ignores filters where they are off', () => {
    expect(readListParams(q('page=-2&sort=cheapest'))).toMatchObject({ page: 1, sort: 'product_topsales' });
    expect(readListParams(q('page=2.5'))).toMatchObject({ page: 1 });
    expect(readListParams(q('page=99999999'))).toMatchObject({ page: MAX_PAGE });
    expect(readListParams(q('min=5'), { filters: false })).not.toHaveProperty('min');
  });
  it('always yields a limit the contract accepts (offset ≤ 6 digits)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (page, sort) => {
        const { limit } = readListParams(new URLSearchParams({ page, sort }));
        expect(limit).toMatch(/^\d{1,6},25$/);
      }),
    );
  });
});

describe('listHref, pageCount, pageOfItems', () => {
  it('writes keep values, non-default sort, filter and page > 1', () => {
    expect(listHref('/category/PORK', { group_code: 'FRESH-PORK' }, 'latest', 2)).toBe('/category/PORK?group_code=FRESH-PORK&sort=latest&page=2');
    expect(listHref('/shop/catalog', {}, 'product_topsales', 1)).toBe('/shop/catalog');
    expect(listHref('/shop/catalog', { keyword: undefined }, 'price_low', 1, { min: 5, max: 20 })).toBe('/shop/catalog?sort=price_low&min=5&max=20');
    expect(listHref('/search-products', { keyword: 'pork & beans' }, 'product_topsales', 1)).toBe('/search-products?keyword=pork+%26+beans');
  });
  it('round-trips through readListParams', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PAGE }), fc.constantFrom('product_topsales', 'latest', 'price_low', 'price_high' as const), fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }), (page, sort, min) => {
        const href = listHref('/x', {}, sort, page, min === undefined ? {} : { min });
        const back = readListParams(new URL(href, 'http://h').searchParams);
        expect(back).toMatchObject({ page, sort });
        expect(back.min).toBe(min);
      }),
    );
  });
  it('counts pages of 25', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(pageOfItems(0)).toBe(1);
    expect(pageOfItems(45)).toBe(2);
    expect(pageOfItems(50)).toBe(2);
    expect(pageOfItems(51)).toBe(3);
  });
});

describe('pageLimit and canonicalListPath', () => {
  it('turns a page into its product_listing window of 25', () => {
    expect(pageLimit(1)).toEqual({ offset: 0, count: 25 });
    expect(pageLimit(3)).toEqual({ offset: 50, count: 25 });
  });
  it('keeps only the page (from 2 on) in the canonical address', () => {
    expect(canonicalListPath('/shop/catalog', 1)).toBe('/shop/catalog');
    expect(canonicalListPath('/category/PORK-CUTS', 2)).toBe('/category/PORK-CUTS?page=2');
  });
});

describe('pageWindow (spec §9 pagination siblings 1)', () => {
  it('shows the first and last page, the current one and one sibling each side, gaps as null', () => {
    expect(pageWindow(5, 12)).toEqual([1, null, 4, 5, 6, null, 12]);
    expect(pageWindow(1, 12)).toEqual([1, 2, null, 12]);
    expect(pageWindow(12, 12)).toEqual([1, null, 11, 12]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
  it('shows a lone page between instead of a gap of one', () => {
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 9)).toEqual([1, 2, 3, 4, 5, null, 9]);
  });
  it('clamps a page beyond the ends', () => {
    expect(pageWindow(40, 6)).toEqual(pageWindow(6, 6));
    expect(pageWindow(0, 6)).toEqual(pageWindow(1, 6));
  });
  it('lists every page once, in order, always with 1, last and the current page and its siblings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }).chain((last) => fc.tuple(fc.integer({ min: 1, max: last }), fc.constant(last))), ([page, last]) => {
        const shown = pageWindow(page, last).filter((n): n is number => n !== null);
        expect(shown).toEqual([...new Set(shown)].sort((a, b) => a - b));
        for (const n of [1, last, page, Math.max(1, page - 1), Math.min(last, page + 1)]) expect(shown).toContain(n);
        expect(shown.length).toBeLessThanOrEqual(7);
      }),
    );
  });
});

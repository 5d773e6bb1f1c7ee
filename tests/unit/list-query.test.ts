/** Queries of the list-fragment and suggestion endpoints (strict: bad input is a 400 reason, never a crash). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fragmentSearch, listingQuery, MAX_KEYWORD, parseFragmentQuery, parseSuggestQuery, SUGGEST_LIMIT } from '../../src/domain/list-query';
import { productListingQuery } from '../../src/lib/xs-api/contract/catalogue';

const q = (s: string) => new URLSearchParams(s);

describe('parseFragmentQuery', () => {
  it('reads a full query; empty values are absent; limit defaults to the first page', () => {
    const r = parseFragmentQuery(q('line=PORK-CUTS&group_code=&search=pork&type=bestseller&brand=XSF&sort=price_low&min=5&max=20&limit=25,25'));
    expect(r).toEqual({ ok: true, value: { line: 'PORK-CUTS', search: 'pork', type: 'bestseller', brand: 'XSF', sort: 'price_low', min: 5, max: 20, limit: { offset: 25, count: 25 } } });
    expect(parseFragmentQuery(q(''))).toEqual({ ok: true, value: { sort: 'product_topsales', limit: { offset: 0, count: 25 } } });
  });
  it('swaps a reversed price range and ignores unknown keys', () => {
    const r = parseFragmentQuery(q('min=20&max=5&utm_source=x'));
    expect(r.ok && r.value).toMatchObject({ min: 5, max: 20 });
    expect(r.ok && 'utm_source' in r.value).toBe(false);
  });
  it('refuses bad input with a reason naming the field', () => {
    const bad: [string, RegExp][] = [
      ['limit=-1,25', /limit.*negative/],
      ['limit=0,1000', /limit.*at most 100/],
      ['limit=0,0', /limit/],
      ['limit=abc', /limit/],
      ['limit=1000000,25', /limit.*999999/],
      ['sort=cheapest', /sort/],
      ['type=all', /type/],
      ['min=-5', /min/],
      ['max=abc', /max/],
      ['max=1e300', /max/],
      ['line=<script>', /line/],
      ["line=' OR 1=1", /line/],
      [`search=${'x'.repeat(MAX_KEYWORD + 1)}`, /search/],
    ];
    for (const [s, reason] of bad) {
      const r = parseFragmentQuery(q(s));
      expect(r.ok, s).toBe(false);
      if (!r.ok) expect(r.error, s).toMatch(reason);
    }
  });
  it('lets SQL and markup through as plain search text (the API takes it literally)', () => {
    for (const text of ["' OR 1=1 --", '<script>alert(1)</script>']) {
      const r = parseFragmentQuery(new URLSearchParams({ search: text }));
      expect(r.ok && r.value.search).toBe(text);
    }
  });
  it('never throws, and what it accepts the contract accepts', () => {
    const keys = ['line', 'group_code', 'search', 'type', 'brand', 'sort', 'min', 'max', 'limit'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), fc.string({ maxLength: 120 })), (obj) => {
        const r = parseFragmentQuery(new URLSearchParams(obj));
        if (!r.ok) return;
        const { sort, min, max, limit, ...source } = r.value;
        const query = listingQuery(source, { sort, min, max }, `${limit.offset},${limit.count}`);
        expect(productListingQuery.safeParse(query).success).toBe(true);
      }),
    );
  });
});

describe('parseSuggestQuery', () => {
  it('trims q, cuts it to 100 characters and defaults lang to en', () => {
    expect(parseSuggestQuery(q('q=%20pork%20'))).toEqual({ ok: true, value: { q: 'pork', lang: 'en' } });
    expect(parseSuggestQuery(q('q=猪&lang=zh'))).toEqual({ ok: true, value: { q: '猪', lang: 'zh' } });
    const long = parseSuggestQuery(new URLSearchParams({ q: 'a'.repeat(500) }));
    expect(long.ok && long.value.q).toHaveLength(MAX_KEYWORD);
  });
  it('answers blank q as empty text (no query) and refuses an unknown lang', () => {
    expect(parseSuggestQuery(q(''))).toEqual({ ok: true, value: { q: '', lang: 'en' } });
    expect(parseSuggestQuery(q('q=%20%20&lang=ar'))).toEqual({ ok: true, value: { q: '', lang: 'ar' } });
    const r = parseSuggestQuery(q('q=pork&lang=xx'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/lang/);
  });
  it('asks for the first 10 (spec §9)', () => {
    expect(SUGGEST_LIMIT).toBe('0,10');
  });
});

describe('listingQuery and fragmentSearch', () => {
  it('maps a list to product_listing with filter_price_min/max in RM', () => {
    expect(listingQuery({ line: 'PORK-CUTS' }, { sort: 'latest', min: 5, max: 20 }, '0,25')).toEqual({
      line: 'PORK-CUTS', sort: 'latest', limit: '0,25', filter_price_min: 5, filter_price_max: 20,
    });
    expect(listingQuery({}, { sort: 'product_topsales' }, '25,25')).toEqual({ sort: 'product_topsales', limit: '25,25' });
  });
  it('writes the fragment query without the default sort and absent values', () => {
    expect(fragmentSearch({ line: 'PORK-CUTS' }, { sort: 'price_low' })).toBe('line=PORK-CUTS&sort=price_low');
    expect(fragmentSearch({ search: 'pork belly', type: undefined }, { sort: 'product_topsales', max: 9.5 })).toBe('search=pork+belly&max=9.5');
    expect(fragmentSearch({}, { sort: 'product_topsales' })).toBe('');
  });
  it('round-trips: what the page writes, the endpoint reads back', () => {
    const written = fragmentSearch({ line: 'PORK-CUTS', search: 'a&b=c' }, { sort: 'price_high', min: 0, max: 12.5 });
    const r = parseFragmentQuery(new URLSearchParams(written));
    expect(r.ok && r.value).toMatchObject({ line: 'PORK-CUTS', search: 'a&b=c', sort: 'price_high', min: 0, max: 12.5 });
  });
});

/**
 * The edge rules (issue "Hardened for the open internet" parts 1 and 3): control characters and
 * malformed %-sequences (src/domain/input-text.ts), the contract's shared refinement
 * (src/lib/xs-api/contract/text.ts) and the canonical URL of cached pages (src/server/canonical-query.ts).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { decodeCleanPath, findInputProblem, isCleanQuery, isCleanText, isCleanUrlText, MAX_INPUT_DEPTH } from '../../src/domain/input-text';
import { refuseControlCharacters, safeText } from '../../src/lib/xs-api/contract/text';
import { operations } from '../../src/lib/xs-api/contract';
import { canonicalRedirect, cachedPageParams } from '../../src/server/canonical-query';

describe('input-text', () => {
  it('refuses NUL, other C0 controls, DEL and lone surrogates; keeps tab and line breaks in text', () => {
    for (const bad of ['\u0000', 'a\u0000', '\u0001', '\u000b', '\u001f', '\u007f', '\ud800', 'a\udc00b']) expect(isCleanText(bad)).toBe(false);
    for (const good of ['', 'Siti', '猪肉', 'لحم', 'a\tb', 'line\nline\r\n', '🐖']) expect(isCleanText(good)).toBe(true);
    expect(isCleanUrlText('a\tb')).toBe(false);
    expect(isCleanUrlText('a\nb')).toBe(false);
  });

  it('any string with a control character other than tab, LF or CR is refused (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 31 }).filter((n) => ![9, 10, 13].includes(n)), fc.string(), (a, c, b) => !isCleanText(a + String.fromCharCode(c) + b)),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('decodes paths without throwing: malformed sequences and decoded controls give null', () => {
    expect(decodeCleanPath('/product/P0001')).toBe('/product/P0001');
    expect(decodeCleanPath('/product/%25')).toBe('/product/%');
    for (const bad of ['/product/%', '/product/%E0%A4%A', '/%zz', '/product/%00', '/a%0Ab', '/%C0%AF']) expect(decodeCleanPath(bad)).toBeNull();
    expect(isCleanQuery(new URLSearchParams('q=%00'))).toBe(false);
    expect(isCleanQuery(new URLSearchParams('%00=1'))).toBe(false);
    expect(isCleanQuery(new URLSearchParams('q=pork&lang=zh'))).toBe(true);
  });

  it('finds problems at any depth, in keys too, without recursion', () => {
    expect(findInputProblem({ a: [{ b: 'x\u0000' }] })).toEqual({ kind: 'characters', path: ['a', 0, 'b'] });
    expect(findInputProblem([{ 'k\u0000': 1 }])).toEqual({ kind: 'characters', path: [0, 'k\u0000'] });
    expect(findInputProblem({ a: 'fine', b: [1, null, true] })).toBeNull();
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputProblem(deep)?.kind).toBe('depth');
    let ok: unknown = 1;
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = [ok];
    expect(findInputProblem(ok)).toBeNull();
  });
});

describe('the contract refinement', () => {
  it('safeText and refuseControlCharacters answer the message key, with the path', () => {
    expect(safeText().safeParse('a\u0000').error?.issues[0]?.message).toBe('input_invalid_characters');
    const schema = refuseControlCharacters(z.object({ name: z.string(), tags: z.array(z.string()) }));
    const r = schema.safeParse({ name: 'ok', tags: ['x', 'y\u0000'] });
    expect(r.error?.issues[0]).toMatchObject({ message: 'input_invalid_characters', path: ['tags', 1] });
    expect(schema.safeParse({ name: 'ok', tags: [] }).success).toBe(true);
  });

  it('every operation that takes text refuses a NUL in it', () => {
    const withInput = Object.values(operations).filter((op) => op.query || op.body);
    expect(withInput.length).toBeGreaterThan(30);
    expect(operations.insert_customer.body!.safeParse({ customer_firstname: 'a\u0000', customer_mobile: '0123456780', password: 'secret12', confirm_password: 'secret12', bill_platform: 'website' }).success).toBe(false);
    expect(operations.product_listing.query!.safeParse({ search: '\u0000' }).success).toBe(false);
  });
});

describe('canonical URLs of cached pages', () => {
  const u = (s: string) => new URL(s, 'http://shop.example');

  it('drops parameters a cached page does not read, keeping its own in order', () => {
    expect(canonicalRedirect('/', u('/?r=123'))).toBe('/');
    expect(canonicalRedirect('/', u('/zh?r=1'))).toBe('/zh');
    expect(canonicalRedirect('/category/PORK', u('/ar/category/PORK?utm_source=x&sort=latest&group_code=G'))).toBe('/ar/category/PORK?sort=latest&group_code=G');
    expect(canonicalRedirect('/search-products', u('/search-products?keyword=a&keyword=b'))).toBe('/search-products?keyword=a');
    expect(canonicalRedirect('/product/P0001', u('/product/P0001?cart_error=hello'))).toBe('/product/P0001');
  });

  it('leaves canonical URLs and per-user pages alone', () => {
    expect(canonicalRedirect('/', u('/'))).toBeNull();
    expect(canonicalRedirect('/category/PORK', u('/category/PORK?sort=latest&page=2'))).toBeNull();
    expect(canonicalRedirect('/cart', u('/cart?x=1'))).toBeNull();
    expect(canonicalRedirect('/login', u('/login?redirect=/cart'))).toBeNull();
    expect(cachedPageParams('/category/a/b')).toBeNull();
  });
});

/**
 * Issue "Fast at the origin" (render part): the memo of public reference reads, the gallery's
 * sources written once as a pattern, and the card sentences carried once per page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { forgetReferenceReads, REFERENCE_OPERATIONS, REFERENCE_READ_TTL_MS, referenceKey, rememberReference } from '../../src/features/shared/reference-reads';
import { gallerySources, sourceKey, SOURCE_SLOT } from '../../src/features/catalogue/ui/product/gallery-sources';
import { cardMessageAttributes, NAME_SLOT } from '../../src/features/shared/card-messages';
import { translator } from '../../src/i18n/messages';

describe('reference reads', () => {
  afterEach(() => forgetReferenceReads());

  it('reads once for every caller within the time to live, then again', async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    const key = referenceKey('get_prdtgroupline_listing', 'en', undefined);
    const [a, b] = await Promise.all([rememberReference(key, read, 0), rememberReference(key, read, 10)]);
    expect([a, b, reads]).toEqual([1, 1, 1]);
    expect(await rememberReference(key, read, REFERENCE_READ_TTL_MS - 1)).toBe(1);
    expect(await rememberReference(key, read, REFERENCE_READ_TTL_MS)).toBe(2);
  });

  it('keeps languages and inputs apart', () => {
    expect(referenceKey('get_reach_us', 'ar', { params: { code: 'XS' } })).toBe('get_reach_us|ar|{"params":{"code":"XS"}}');
    expect(referenceKey('get_reach_us', 'en', { params: { code: 'XS' } })).not.toBe(referenceKey('get_reach_us', 'ar', { params: { code: 'XS' } }));
  });

  it('forgets a failed read at once', async () => {
    let reads = 0;
    const key = referenceKey('company_contact', 'zh', undefined);
    await expect(rememberReference(key, () => Promise.reject(new Error(`down ${++reads}`)), 0)).rejects.toThrow('down 1');
    expect(await rememberReference(key, () => Promise.resolve(++reads), 1)).toBe(2);
  });

  it('holds only public reads that are the same for every shopper (no member, no position, no stock)', () => {
    for (const name of ['product_detail', 'product_listing', 'pickup_store_listing', 'customer_detail', 'get_review'] as const) expect(REFERENCE_OPERATIONS.has(name)).toBe(false);
    expect(REFERENCE_OPERATIONS.has('get_prdtgroupline_listing')).toBe(true);
  });
});

describe('gallery sources', () => {
  const url = (key: string, w: number) => `/_image?href=${key}&w=${w}&h=${w}&f=webp`;
  const sources = (key: string) => ({
    srcset: [300, 600].map((w) => `${url(key, w)} ${w}w`).join(', '),
    src: url(key, 600),
  });

  it('writes short addresses once with a slot for the file', () => {
    const short = (file: string) => ({ srcset: `/_p/${file}/300x300.webp 300w, /_p/${file}/600x600.webp 600w`, src: `/_p/${file}/600x600.webp` });
    expect(gallerySources([short('a.1.svg'), short('b.2.svg')])).toEqual({
      kind: 'pattern',
      srcset: `/_p/${SOURCE_SLOT}/300x300.webp 300w, /_p/${SOURCE_SLOT}/600x600.webp 600w`,
      keys: ['a.1.svg', 'b.2.svg'],
    });
  });

  it('writes the srcset once with a slot when they differ only by the picture key', () => {
    const result = gallerySources([sources('%2Fa.svg'), sources('%2Fb.svg')]);
    expect(result).toEqual({
      kind: 'pattern',
      srcset: `${url(SOURCE_SLOT, 300)} 300w, ${url(SOURCE_SLOT, 600)} 600w`,
      keys: ['%2Fa.svg', '%2Fb.svg'],
    });
    if (result.kind === 'pattern') expect(result.srcset.replaceAll(SOURCE_SLOT, '%2Fb.svg')).toBe(sources('%2Fb.svg').srcset);
  });

  it('keeps the full srcsets when a picture does not follow the pattern, or is not in the pipeline', () => {
    const odd = { ...sources('%2Fb.svg'), srcset: '/pre/b-300.webp 300w' };
    expect(gallerySources([sources('%2Fa.svg'), odd])).toEqual({ kind: 'full' });
    expect(gallerySources([sources('%2Fa.svg'), null])).toEqual({ kind: 'full' });
    expect(gallerySources([{ srcset: '/a.webp 300w', src: '/a.webp' }, sources('%2Fb.svg')])).toEqual({ kind: 'full' });
    expect(gallerySources([sources('%2Fa.svg')])).toEqual({ kind: 'full' });
    expect(sourceKey('/_image?w=3&href=%2Fx.svg&f=webp')).toBe('%2Fx.svg');
    expect(sourceKey('/_p/P0001-2.abc.svg/600x600.webp')).toBe('P0001-2.abc.svg');
    expect(sourceKey('/images/x.svg')).toBeNull();
  });
});

describe('card sentences', () => {
  it('carries each sentence once with the name slot, in the page language', () => {
    const en = cardMessageAttributes(translator('en'));
    expect(en['data-card-cart-added']).toBe(`"${NAME_SLOT}" added to cart`);
    expect(Object.keys(en).sort()).toEqual(['data-card-cart-added', 'data-card-favourite-add', 'data-card-favourite-added', 'data-card-favourite-remove', 'data-card-favourite-removed']);
    for (const value of Object.values(cardMessageAttributes(translator('ar')))) expect(value).toContain(NAME_SLOT);
    expect(cardMessageAttributes(translator('zh'))['data-card-favourite-add']).not.toBe(en['data-card-favourite-add']);
  });
});

/**
 * The catalogue's view models (src/features/catalogue/view-models.ts) and product JSON-LD: contract
 * answers reshaped once, money in sen (docs/architecture.md The feature layer, Money; coverage.md §3 Product, §2 Reviews).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Product, ProductDetail } from '../../src/lib/xs-api/contract';
import {
  findLine,
  groupOfLine,
  PLACEHOLDER_PICTURE,
  relatedProducts,
  selectGroup,
  toBrand,
  toGroup,
  toProductDetail,
  toProductSummary,
  toPromotion,
  toRating,
  toReview,
} from '../../src/features/catalogue/view-models';
import { jsonLdText, productJsonLd } from '../../src/features/catalogue/json-ld';
import { formatAmount } from '../../src/domain/money';
import { amount } from '../../src/lib/xs-api/contract/operation';
import { formatAverage } from '../../src/domain/reviews';

const product = (over: Partial<Product> = {}): Product => ({
  product_code: 'P0001',
  product_no: 'P0001',
  product_name: 'Pork belly',
  product_picture: [{ picture: '/images/products/P0001-1.svg' }, { picture: '/images/products/P0001-2.svg' }],
  product_price: 1890,
  final_price: 1693,
  product_has_balance: 1,
  product_quantity: null,
  in_favorite: 0,
  line_code: 'PORK-CUTS',
  line_name: 'Pork cuts',
  brand_code: 'XSF',
  unit: '500g',
  ...over,
});
const detail = (over: Partial<ProductDetail> = {}): ProductDetail => ({ ...product(), product_description: 'Fresh.', product_detail: null, group_code: 'FRESH-PORK', ...over });

describe('toProductSummary', () => {
  it('carries prices in sen and says whether the product is on offer', () => {
    expect(toProductSummary(product())).toEqual({
      code: 'P0001',
      name: 'Pork belly',
      picture: '/images/products/P0001-1.svg',
      unit: '500g',
      lineCode: 'PORK-CUTS',
      lineName: 'Pork cuts',
      priceSen: 1693,
      regularPriceSen: 1890,
      onSale: true,
      inStock: true,
    });
  });
  it('is not on offer at the regular price; out of stock when the balance flag is 0; placeholder without pictures', () => {
    const p = toProductSummary(product({ final_price: 1890, product_has_balance: 0, product_picture: [] }));
    expect(p).toMatchObject({ priceSen: 1890, regularPriceSen: 1890, onSale: false, inStock: false, picture: PLACEHOLDER_PICTURE });
  });
  it('keeps every contract amount exactly (the wire’s ringgit text decoded to sen, ADR 37)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99_999_999 }), (final, regular) => {
        const p = toProductSummary(product({ final_price: amount.parse(formatAmount(final)), product_price: amount.parse(formatAmount(regular)) }));
        return p.priceSen === final && p.regularPriceSen === regular && p.onSale === final < regular;
      }),
    );
  });
});

describe('toProductDetail', () => {
  it('adds every picture in order and the group', () => {
    const d = toProductDetail(detail());
    expect(d.pictures).toEqual(['/images/products/P0001-1.svg', '/images/products/P0001-2.svg']);
    expect(d.groupCode).toBe('FRESH-PORK');
    expect(d.priceSen).toBe(1693);
    expect(toProductDetail(detail({ product_picture: [] })).pictures).toEqual([]);
  });
});

describe('groups and lines', () => {
  const groups = [
    toGroup({ group_code: 'FRESH-PORK', group_name: 'Fresh pork', line: [{ line_code: 'PORK-CUTS', line_name: 'Cuts', line_icon: '/i.svg', group_code: 'FRESH-PORK' }] }),
    toGroup({ group_code: 'DRIED', group_name: 'Dried', line: [{ line_code: 'ANCHOVY', line_name: 'Anchovy', line_icon: '/a.svg', group_code: 'DRIED' }] }),
  ];
  it('reshapes a group with its lines', () => {
    expect(groups[0]).toEqual({ code: 'FRESH-PORK', name: 'Fresh pork', lines: [{ code: 'PORK-CUTS', name: 'Cuts', icon: '/i.svg', groupCode: 'FRESH-PORK' }] });
  });
  it('selects the asked group, else the first (not chosen)', () => {
    expect(selectGroup(groups, 'DRIED')).toEqual({ group: groups[1], chosen: true });
    expect(selectGroup(groups, 'NOPE')).toEqual({ group: groups[0], chosen: false });
    expect(selectGroup(groups, null)).toEqual({ group: groups[0], chosen: false });
    expect(selectGroup([], 'DRIED')).toEqual({ group: undefined, chosen: false });
  });
  it('finds a line with its group; null when no group has it', () => {
    expect(findLine(groups, 'ANCHOVY')).toEqual({ group: groups[1], line: groups[1]!.lines[0] });
    expect(findLine(groups, 'NOPE')).toBeNull();
  });
  it('maps each line to its group', () => {
    expect(groupOfLine(groups.flatMap((g) => g.lines))).toEqual({ 'PORK-CUTS': 'FRESH-PORK', ANCHOVY: 'DRIED' });
  });
});

describe('brands, promotions, reviews and rating', () => {
  it('falls back to the placeholder for a brand without a logo and a promotion without a picture', () => {
    expect(toBrand({ brand_code: 'AMK', brand_name: 'Ah Mok', brand_logo: null })).toEqual({ code: 'AMK', name: 'Ah Mok', logo: PLACEHOLDER_PICTURE });
    const promo = toPromotion({
      banner_id: 3, banner_name: 'Deals', banner_image: [], banner_desc: 'd', banner_URL: [], banner_start_date: '2026-01-01', banner_end_date: '2026-01-31',
    });
    expect(promo).toEqual({ id: 3, name: 'Deals', description: 'd', image: PLACEHOLDER_PICTURE, startDate: '2026-01-01', endDate: '2026-01-31' });
  });
  it('reshapes a review, keeping the comment as text', () => {
    const r = toReview({ review_id: 7, product_code: 'P0001', review_rate: 4, review_comment: '<b>ok</b>', review_datetime: '2026-02-01T10:00:00+08:00', member: 'Mei Ling T***', avatar: null });
    expect(r).toEqual({ id: 7, rate: 4, comment: '<b>ok</b>', writtenAt: '2026-02-01T10:00:00+08:00', member: 'Mei Ling T***', avatar: null });
  });
  it('sums the counts per star into an average to 1 decimal with its text', () => {
    expect(toRating({ '5': 2, '4': 1 })).toMatchObject({ average: 4.7, count: 3, averageText: '4.7' });
    expect(toRating({ '5': 1 })).toMatchObject({ average: 5, averageText: '5.0' });
    expect(toRating({})).toMatchObject({ average: 0, count: 0, averageText: '0.0' });
  });
  it('formatAverage always shows one decimal and refuses values off the 0–5 scale', () => {
    expect(formatAverage(4.3)).toBe('4.3');
    expect(formatAverage(0)).toBe('0.0');
    expect(() => formatAverage(5.1)).toThrow(RangeError);
    expect(() => formatAverage(Number.NaN)).toThrow(RangeError);
  });
});

describe('relatedProducts', () => {
  it('leaves the product itself out and keeps at most the count', () => {
    const list = ['P0001', 'P0002', 'P0003', 'P0004'].map((c) => product({ product_code: c }));
    expect(relatedProducts(list, 'P0002', 2).map((p) => p.code)).toEqual(['P0001', 'P0003']);
    expect(relatedProducts(list, 'P9999', 5).map((p) => p.code)).toEqual(['P0001', 'P0002', 'P0003', 'P0004']);
  });
});

describe('productJsonLd', () => {
  const view = toProductDetail(detail());
  it('offers the final price rounded to 5 sen in MYR, with absolute pictures and the rating when reviewed', () => {
    const ld = productJsonLd(view, { origin: 'https://shop.example', pageUrl: 'https://shop.example/product/P0001', rating: { average: 4.5, count: 2 }, description: 'Fresh.' });
    expect(ld.offers).toEqual({ '@type': 'Offer', url: 'https://shop.example/product/P0001', price: '16.95', priceCurrency: 'MYR', availability: 'https://schema.org/InStock' });
    expect(ld.image).toEqual(['https://shop.example/images/products/P0001-1.svg', 'https://shop.example/images/products/P0001-2.svg']);
    expect(ld).toMatchObject({ name: 'Pork belly', sku: 'P0001', description: 'Fresh.', aggregateRating: { ratingValue: 4.5, reviewCount: 2 } });
  });
  it('has no rating without reviews and says out of stock', () => {
    const ld = productJsonLd({ ...view, inStock: false }, { origin: 'https://shop.example', pageUrl: 'x', rating: { average: 0, count: 0 } });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });
  it('escapes < so no text can close the script element', () => {
    expect(jsonLdText({ name: '</script><b>' })).toBe('{"name":"\\u003c/script>\\u003cb>"}');
  });
});

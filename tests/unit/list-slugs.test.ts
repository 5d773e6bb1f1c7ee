/** The fixed product-list slug table (coverage.md §2 /product-list/{slug}, Home View More links). */
import { describe, expect, it } from 'vitest';
import { LIST_TYPES, PRODUCT_LIST_SLUGS, productListBySlug } from '../../src/domain/list-slugs';
import { PRODUCT_TYPES } from '../../src/lib/xs-api/contract/catalogue';
import { isSort } from '../../src/domain/product-list';
import en from '../../messages/en.json';
import zh from '../../messages/zh.json';
import ar from '../../messages/ar.json';

describe('product-list slug table', () => {
  it('maps the Home rows: features → homepage, hottest → bestseller, latest → sort latest; promotions → promotion', () => {
    expect(productListBySlug('features')).toMatchObject({ type: 'homepage', titleKey: 'home_features' });
    expect(productListBySlug('hottest')).toMatchObject({ type: 'bestseller', titleKey: 'home_hottest' });
    expect(productListBySlug('latest')).toMatchObject({ sort: 'latest', titleKey: 'home_latest' });
    expect(productListBySlug('latest')?.type).toBeUndefined();
    expect(productListBySlug('promotions')).toMatchObject({ type: 'promotion', titleKey: 'list_promotions' });
    expect(PRODUCT_LIST_SLUGS.map((l) => l.slug)).toEqual(['features', 'hottest', 'latest', 'promotions']);
  });
  it('answers null for anything else, including object keys and other cases', () => {
    for (const slug of ['nope', '', undefined, 'Hottest', 'hottest ', 'constructor', '__proto__', 'toString', '../features']) {
      expect(productListBySlug(slug), String(slug)).toBeNull();
    }
  });
  it('uses only types and sorts the contract accepts', () => {
    expect([...LIST_TYPES]).toEqual([...PRODUCT_TYPES]);
    for (const l of PRODUCT_LIST_SLUGS) {
      if (l.type) expect(LIST_TYPES).toContain(l.type);
      if (l.sort) expect(isSort(l.sort)).toBe(true);
      expect(l.type || l.sort, l.slug).toBeTruthy();
    }
  });
  it('has a title in every language', () => {
    for (const l of PRODUCT_LIST_SLUGS) {
      for (const messages of [en, zh, ar] as Record<string, string>[]) expect(messages[l.titleKey], l.titleKey).toBeTruthy();
    }
  });
});

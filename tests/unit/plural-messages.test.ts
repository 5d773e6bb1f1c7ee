import { describe, expect, it } from 'vitest';

import { translate } from '../../src/i18n/messages';

/** Counts shown to shoppers pick their wording by Intl.PluralRules of the language (paraglide plural variants). */
describe('plural messages', () => {
  it('follows Arabic plural categories (zero, one, two, few, many, other)', () => {
    const shown = (count: number) => translate('ar', 'products_count', { count });
    expect(new Intl.PluralRules('ar').select(45)).toBe('many');
    expect(shown(0)).toBe('لا منتجات');
    expect(shown(1)).toBe('منتج واحد');
    expect(shown(2)).toBe('منتجان');
    expect(shown(3)).toBe('3 منتجات');
    expect(shown(11)).toBe('11 منتجًا');
    expect(shown(45)).toBe('45 منتجًا');
    expect(shown(100)).toBe('100 منتج');
  });

  it('uses one and other in English', () => {
    expect(translate('en', 'products_count', { count: 1 })).toBe('1 product');
    expect(translate('en', 'products_count', { count: 0 })).toBe('0 products');
    expect(translate('en', 'products_count', { count: 45 })).toBe('45 products');
    expect(translate('en', 'outlets_state_count', { count: 1 })).toBe('1 outlet');
    expect(translate('en', 'outlets_state_count', { count: 12 })).toBe('12 outlets');
    expect(translate('en', 'order_items_count', { count: 1 })).toBe('1 item');
    expect(translate('en', 'order_items_count', { count: 3 })).toBe('3 items');
  });

  it('has one form in Chinese', () => {
    expect(translate('zh', 'products_count', { count: 1 })).toBe('1 件产品');
    expect(translate('zh', 'products_count', { count: 45 })).toBe('45 件产品');
    expect(translate('zh', 'outlets_state_count', { count: 1 })).toBe('1家门市');
  });

  it('applies to outlets, unread notifications and order items in Arabic', () => {
    expect(translate('ar', 'outlets_state_count', { count: 1 })).toBe('فرع واحد');
    expect(translate('ar', 'outlets_state_count', { count: 2 })).toBe('فرعان');
    expect(translate('ar', 'outlets_state_count', { count: 5 })).toBe('5 فروع');
    expect(translate('ar', 'about_outlets', { count: 45 })).toBe('45 فرعًا');
    expect(translate('ar', 'feeds_unread_count', { count: 3 })).toBe('3 إشعارات غير مقروءة');
    expect(translate('ar', 'order_items_count', { count: 2 })).toBe('منتجان');
  });
});

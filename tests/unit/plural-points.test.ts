/** Points and suggestion counts pick their wording by plural category (messages; src/i18n/plural-text.ts). */
import { describe, expect, it } from 'vitest';
import { pluralTemplates, translate } from '../../src/i18n/messages';
import { pluralText } from '../../src/i18n/plural-text';

describe('points counts', () => {
  it('says 1 point and 2 points in English', () => {
    expect(translate('en', 'rewards_points', { points: 1 })).toBe('1 point');
    expect(translate('en', 'rewards_points', { points: 2 })).toBe('2 points');
    expect(translate('en', 'rewards_points', { points: 0 })).toBe('0 points');
    expect(translate('en', 'voucher_redeem_balance', { points: 1 })).toBe('You have 1 point');
    expect(translate('en', 'voucher_redeem_short', { missing: 1 })).toBe('Needs 1 more point');
    expect(translate('en', 'voucher_redeem_cost', { points: 500 })).toBe('500 points');
  });
  it('uses the six Arabic forms', () => {
    expect(translate('ar', 'rewards_points', { points: 1 })).toBe('نقطة واحدة');
    expect(translate('ar', 'rewards_points', { points: 2 })).toBe('نقطتان');
    expect(translate('ar', 'rewards_points', { points: 3 })).toBe('3 نقاط');
    expect(translate('ar', 'rewards_points', { points: 11 })).toBe('11 نقطة');
    expect(translate('ar', 'rewards_points', { points: 100 })).toBe('100 نقطة');
    expect(translate('ar', 'voucher_redeem_short', { missing: 2 })).toBe('تحتاج إلى نقطتين إضافيتين');
  });
  it('keeps Chinese without plural forms', () => {
    expect(translate('zh', 'rewards_points', { points: 1 })).toBe('1 积分');
    expect(translate('zh', 'rewards_points', { points: 20 })).toBe('20 积分');
  });
});

describe('plural templates for browser scripts', () => {
  it('gives one template per category, and pluralText picks by the number', () => {
    const en = pluralTemplates('en', 'suggest_count', 'count');
    expect(en).toEqual({ other: '{count} suggestions', one: '{count} suggestion' });
    expect(pluralText(en, 'en', 'count', 1)).toBe('1 suggestion');
    expect(pluralText(en, 'en', 'count', 7)).toBe('7 suggestions');
    const ar = pluralTemplates('ar', 'suggest_count', 'count');
    expect(Object.keys(ar).sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    expect(pluralText(ar, 'ar', 'count', 2)).toBe('اقتراحان');
    expect(pluralText(ar, 'ar', 'count', 5)).toBe('5 اقتراحات');
    expect(pluralText(ar, 'ar', 'count', 10)).toBe('10 اقتراحات');
    const unit = pluralTemplates('en', 'points_unit', 'points');
    expect(pluralText(unit, 'en', 'points', 1)).toBe('point');
    expect(pluralText(unit, 'en', 'points', 40)).toBe('points');
    expect(pluralText({}, 'en', 'points', 40)).toBe('');
  });
});

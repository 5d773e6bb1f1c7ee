/**
 * Words in the shopper's language (issue 24 "Words and numbers"): a points movement is worded from
 * its reason in each language, and every order status has its name in each language from the one
 * mapping (src/i18n/order-status.ts). In Chinese and Arabic no Latin word is left but codes.
 */
import { describe, expect, it } from 'vitest';
import { pointReasonText } from '../../src/features/vouchers/view';
import { orderStatusLabel, orderStatusMessageKey } from '../../src/i18n/order-status';
import { ORDER_STATUSES } from '../../src/domain/orders';
import { POINT_REASONS } from '../../src/domain/points';
import { stripIsolates } from '../../src/i18n/bidi';

/** Latin words of three letters or more, codes (with a digit) aside. */
const latinWords = (text: string) => (text.match(/[\p{L}\p{N}-]+/gu) ?? []).filter((t) => !/\d/.test(t) && /[A-Za-z]{3}/.test(t));

const PARAMS = { receipt: 'S001-20260912-0042', order: 'WEB2611200001', shortfall: 20, voucher: 'RM5OFF' };

describe('points history lines', () => {
  it('words every reason in Chinese and Arabic without a Latin word', () => {
    for (const locale of ['zh', 'ar'] as const) {
      for (const reason of POINT_REASONS) {
        const text = stripIsolates(pointReasonText(reason, { ...PARAMS, voucher_name: locale === 'zh' ? '立减RM5' : 'خصم RM5' }, locale));
        expect(latinWords(text), `${locale} ${reason}: ${text}`).toEqual([]);
      }
    }
  });

  it('names the receipt, the order, the shortfall and the voucher', () => {
    expect(stripIsolates(pointReasonText('outlet_purchase', PARAMS, 'zh'))).toBe('门市消费，收据 S001\u201120260912\u20110042');
    expect(stripIsolates(pointReasonText('order_reverse', PARAMS, 'en'))).toBe('Order WEB2611200001 cancelled: points returned (20 points had already been spent)');
    expect(stripIsolates(pointReasonText('redeem', { voucher: 'RM5OFF', voucher_name: 'خصم RM5' }, 'ar'))).toBe('استبدال بقسيمة: خصم RM5');
    expect(pointReasonText('redeem', { voucher: 'RM5OFF' }, 'zh')).toBe('兑换优惠券');
    expect(pointReasonText('order_earn', { order: 'WEB2611200001' }, 'ar')).toContain('\u2068WEB2611200001\u2069');
  });
});

describe('order status names', () => {
  it('has a name for every status in every language, never the English one in Chinese or Arabic', () => {
    for (const status of ORDER_STATUSES) {
      expect(orderStatusMessageKey(status)).not.toBeNull();
      expect(orderStatusLabel(status, 'en')).toBe(status);
      for (const locale of ['zh', 'ar'] as const) expect(latinWords(orderStatusLabel(status, locale)), `${locale} ${status}`).toEqual([]);
    }
    expect(orderStatusLabel('Ready To Pickup', 'zh')).toBe('可取货');
  });

  it('shows a status the shop does not know as the API wrote it', () => {
    expect(orderStatusMessageKey('On Hold')).toBeNull();
    expect(orderStatusLabel('On Hold', 'zh')).toBe('On Hold');
    expect(orderStatusMessageKey('toString')).toBeNull();
  });
});

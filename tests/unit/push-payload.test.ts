/**
 * The push message of each kind (ADR 32; services/push/payload.ts): which feed notices reach a
 * member's devices, and the `{ title, body, url, tag }` each gives in EN, ZH and AR.
 */
import { describe, expect, it } from 'vitest';
import { pushKindOf, pushPayload } from '../../src/server/xs-api/services/push/payload';

describe('pushKindOf', () => {
  it('sends ready, out for delivery, short pick, cancelled and payment failed; not Paid, a moved pick-up or Completed', () => {
    expect(pushKindOf('order_ready', { order_refno: 'A' })).toBe('order_ready');
    expect(pushKindOf('order_status', { status: 'Ready To Pickup' })).toBe('order_ready');
    expect(pushKindOf('order_delivering', {})).toBe('order_delivering');
    expect(pushKindOf('order_status', { status: 'Delivering' })).toBe('order_delivering');
    expect(pushKindOf('order_short_pick', {})).toBe('order_short_pick');
    expect(pushKindOf('order_cancelled_by_shop', {})).toBe('order_cancelled');
    expect(pushKindOf('order_status', { status: 'Cancelled' })).toBe('order_cancelled');
    expect(pushKindOf('order_status', { status: 'Pending' })).toBe('order_payment_failed');
    for (const status of ['Paid', 'Processing Payment', 'Waiting Comment', 'Completed']) expect(pushKindOf('order_status', { status })).toBeNull();
    expect(pushKindOf('order_pickup', { date: '2026-11-30', time: '10:00' })).toBeNull();
  });
});

describe('pushPayload', () => {
  const ready = { notice: 'order_ready', order_refno: 'WEB2611000001', outlet: 'XS Fresh Mart Kepong Baru', code: '048213' };

  it('words an order ready for collection in each language, opening the order in that language', () => {
    const en = pushPayload('order_ready', ready, 'en');
    expect(en).toEqual({
      title: 'Ready for collection',
      body: 'Your order WEB2611000001 is ready for pick-up at XS Fresh Mart Kepong Baru. Show collection code 048213 at the counter.',
      url: '/account/orders/WEB2611000001',
      tag: 'order-WEB2611000001',
    });
    const zh = pushPayload('order_ready', ready, 'zh');
    expect(zh.title).toBe('订单可取货');
    expect(zh.body).toContain('048213');
    expect(zh.url).toBe('/zh/account/orders/WEB2611000001');
    const ar = pushPayload('order_ready', ready, 'ar');
    expect(ar.title).toBe('طلبك جاهز للاستلام');
    expect(ar.url).toBe('/ar/account/orders/WEB2611000001');
  });

  it('words a refund in ringgit and a failed payment with its own text', () => {
    expect(pushPayload('order_short_pick', { notice: 'order_short_pick', order_refno: 'A1', amount_sen: 1230 }, 'en').body).toContain('RM 12.30');
    expect(pushPayload('order_payment_failed', { notice: 'order_status', order_refno: 'A1', status: 'Pending' }, 'en')).toMatchObject({
      title: 'Payment did not go through',
      body: 'The payment for your order A1 did not go through. You can pay again from the order.',
    });
    expect(pushPayload('order_cancelled', { notice: 'order_status', order_refno: 'A1', status: 'Cancelled' }, 'zh').title).toBe('订单已取消');
  });

  it('names a product back in stock in the member’s language, falling back to EN', () => {
    const params = { product_code: 'P0010', outlet: 'XS Fresh Mart Kepong Baru', name_en: 'Pork Belly', name_zh: '五花肉', name_ar: '' };
    expect(pushPayload('back_in_stock', params, 'zh')).toMatchObject({ title: '已到货', url: '/zh/product/P0010', tag: 'back-in-stock-P0010' });
    expect(pushPayload('back_in_stock', params, 'zh').body).toContain('五花肉');
    expect(pushPayload('back_in_stock', params, 'ar').body).toContain('Pork Belly');
    expect(pushPayload('back_in_stock', params, 'en').body).toBe('Pork Belly is back in stock at XS Fresh Mart Kepong Baru.');
  });
});

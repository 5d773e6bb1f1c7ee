/**
 * The pure steps of placing an order (src/server/xs-api/services/orders/): pricing and client
 * amount checks, fulfilment rules, voucher usability, stock shortages, the idempotency hash, and the
 * address copied onto an order. The database steps are covered by tests/api/orders.test.ts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ApiError } from '../../src/server/xs-api/errors';
import { checkClientAmount, checkClientTotals, priceLines, sameAmount, type ProductRow } from '../../src/server/xs-api/services/orders/pricing';
import { checkPickupSlot, checkStoreMethod, deliveryDistanceKm } from '../../src/server/xs-api/services/orders/fulfilment';
import { checkVoucherUsable, type HeldVoucher } from '../../src/server/xs-api/services/orders/voucher';
import { stockShortages } from '../../src/server/xs-api/services/orders/commit';
import { canonicalJson, orderRequestHash } from '../../src/server/xs-api/services/orders/idempotency';
import { memberBillAddress, toOrderAddress } from '../../src/server/xs-api/services/order-mapping';
import { orderTotals } from '../../src/domain/totals';
import { shopInstant } from '../../src/domain/shop-time';

/** The ApiError thrown by `fn`: status, key, params and extra fields. */
function apiError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

function product(code: string, finalPriceSen: number): ProductRow {
  return {
    productCode: code, lineCode: 'L1', brandCode: null, productName: { en: code }, searchText: code, productDescription: null,
    productDetail: null, pictures: [], priceSen: finalPriceSen, finalPriceSen, unit: 'pack', isFeatured: false, topSales: 0,
    isActive: true, createdAt: new Date(0), updatedAt: null,
  };
}

describe('pricing', () => {
  it('sameAmount compares the client’s sen with the server’s; a missing client amount passes', () => {
    expect(sameAmount(1690, 1690)).toBe(true);
    expect(sameAmount(undefined, 1690)).toBe(true);
    expect(sameAmount(1695, 1690)).toBe(false);
    expect(sameAmount(16.9 as number, 1690)).toBe(false); // ringgit where sen is due never matches
  });

  it('prices lines from the database rows, in the client order, with the subtotal in sen', () => {
    const rows = [product('P2', 250), product('P1', 1690)];
    const priced = priceLines(
      [
        { product_code: 'P1', product_quantity: 2, product_price: 1690, product_amount: 3380 },
        { product_code: 'P2', product_quantity: 3, product_price: 250 },
      ],
      rows,
    );
    expect(priced.lines.map((l) => [l.product.productCode, l.priceSen, l.quantity, l.amountSen])).toEqual([
      ['P1', 1690, 2, 3380],
      ['P2', 250, 3, 750],
    ]);
    expect(priced.subtotalSen).toBe(4130);
  });

  it('refuses a product twice (400), an unknown one (404) and stale prices or amounts (409, with current prices)', () => {
    const rows = [product('P1', 1690), product('P2', 250)];
    expect(apiError(() => priceLines([{ product_code: 'P1', product_quantity: 1, product_price: 1690 }, { product_code: 'P1', product_quantity: 1, product_price: 1690 }], rows)).status).toBe(400);
    expect(apiError(() => priceLines([{ product_code: 'P9', product_quantity: 1, product_price: 100 }], rows))).toMatchObject({ status: 404, key: 'product_not_found', params: { code: 'P9' } });
    const stale = apiError(() =>
      priceLines(
        [
          { product_code: 'P1', product_quantity: 1, product_price: 1590 },
          { product_code: 'P2', product_quantity: 2, product_price: 250, product_amount: 400 },
        ],
        rows,
      ),
    );
    expect(stale).toMatchObject({ status: 409, key: 'stale_price' });
    expect(stale.extra).toEqual({ product: [{ product_code: 'P1', product_price: '16.90' }, { product_code: 'P2', product_price: '2.50' }] });
  });

  it('checks client totals against orderTotals, naming the first field that differs', () => {
    const totals = orderTotals({ subtotalSen: 1693, deliverySen: 500, voucher: '10%' }); // voucher 219, total 19.75, rounding 0.01
    expect(() => checkClientTotals({ order_voucher_amount: 219, order_rounding: 1, order_amount: 1975 }, totals)).not.toThrow();
    expect(() => checkClientTotals({ order_amount: 1975 }, totals)).not.toThrow();
    expect(apiError(() => checkClientTotals({ order_voucher_amount: 200, order_amount: 1975 }, totals)).params).toEqual({ field: 'order_voucher_amount' });
    expect(apiError(() => checkClientTotals({ order_rounding: 0, order_amount: 1975 }, totals)).params).toEqual({ field: 'order_rounding' });
    expect(apiError(() => checkClientTotals({ order_amount: 1974 }, totals))).toMatchObject({ status: 409, key: 'amount_mismatch', params: { field: 'order_amount' } });
    expect(apiError(() => checkClientAmount('order_delivery_charges', 0, 500)).params).toEqual({ field: 'order_delivery_charges' });
  });
});

describe('fulfilment', () => {
  it('allows a method only where the outlet offers it', () => {
    expect(() => checkStoreMethod({ pickDel: 'BOTHPD' }, 'DELIVERY')).not.toThrow();
    expect(() => checkStoreMethod({ pickDel: 'BOTHPD' }, 'PICKUP')).not.toThrow();
    expect(() => checkStoreMethod({ pickDel: 'PICKUP' }, 'PICKUP')).not.toThrow();
    expect(apiError(() => checkStoreMethod({ pickDel: 'PICKUP' }, 'DELIVERY'))).toMatchObject({ status: 400, key: 'store_method_unavailable' });
    expect(apiError(() => checkStoreMethod({ pickDel: 'DELIVERY' }, 'PICKUP')).key).toBe('store_method_unavailable');
  });

  it('measures delivery within 30 km (2 decimals) and refuses an unlocated or far address', () => {
    const store = { latitude: 3.2131, longitude: 101.6453 };
    expect(deliveryDistanceKm({ latitude: 3.2131, longitude: 101.6453 }, store)).toBe(0);
    const km = deliveryDistanceKm({ latitude: 3.1188, longitude: 101.6225 }, store);
    expect(km).toBeGreaterThan(10);
    expect(km).toBeLessThan(11);
    expect(String(km)).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(apiError(() => deliveryDistanceKm({ latitude: null, longitude: 101.6 }, store))).toMatchObject({ status: 400, key: 'address_not_located' });
    expect(apiError(() => deliveryDistanceKm({ latitude: 1.4927, longitude: 103.7414 }, store))).toMatchObject({ status: 400, key: 'no_store_in_range' });
  });

  it('checks the pick-up slot against the settings', () => {
    const settings = { pickup_min_time: 1, pickup_min_time_range: '09:00', pickup_max_time_range: '18:00', pickup_days_range: '1,1,1,1,1,1,1', slot_minutes: 30 };
    const now = shopInstant('2026-11-22', '10:00');
    expect(checkPickupSlot({ order_del_pickup_date: '2026-11-24', order_del_pickup_time: '10:00' }, settings, now)).toEqual({ date: '2026-11-24', time: '10:00' });
    expect(apiError(() => checkPickupSlot({ order_del_pickup_date: '2026-11-24' }, settings, now))).toMatchObject({ status: 400, key: 'pickup_required' });
    const past = apiError(() => checkPickupSlot({ order_del_pickup_date: '2020-01-01', order_del_pickup_time: '10:00' }, settings, now));
    expect(past).toMatchObject({ status: 409, key: 'pickup_expired', extra: { reason: 'past' } });
    expect(apiError(() => checkPickupSlot({ order_del_pickup_date: '2026-11-24', order_del_pickup_time: '20:00' }, settings, now)).extra).toEqual({ reason: 'outside_hours' });
  });

  it('copies an address onto the order in one way, country Malaysia; pick-up without one bills the member', () => {
    const a = { add_person: 'Mei Ling', add_phone: '0123456789', add_address1: '1 Jalan A', add_address2: 'Taman B', add_postcode: '52100', add_city: 'Kepong', add_state: 'Kuala Lumpur' };
    expect(toOrderAddress(a)).toEqual({ person: 'Mei Ling', phone: '0123456789', address1: '1 Jalan A', address2: 'Taman B', postcode: '52100', city: 'Kepong', state: 'Kuala Lumpur', country: 'Malaysia' });
    expect(memberBillAddress({ firstName: 'Mei Ling', mobile: '0123456789' })).toEqual({ person: 'Mei Ling', phone: '0123456789', address1: '', address2: '', postcode: '', city: '', state: '', country: 'Malaysia' });
  });
});

describe('voucher', () => {
  const v: HeldVoucher = { no: 'VM1', code: 'RM5OFF', name: { en: 'RM5 off' }, amount: '5.00', minSpendSen: 3000, expireDate: '2026-11-30', usedAt: null };
  it('is usable through its expiry date from its minimum spend, unused', () => {
    expect(() => checkVoucherUsable(v, 3000, '2026-11-30')).not.toThrow();
    for (const [held, subtotal, today, reason, params] of [
      [undefined, 5000, '2026-11-22', 'unknown', {}],
      [{ ...v, usedAt: new Date() }, 5000, '2026-11-22', 'used', {}],
      [{ ...v, usedAt: new Date() }, 5000, '2026-12-01', 'used', {}],
      [v, 5000, '2026-12-01', 'expired', {}],
      [v, 2999, '2026-11-22', 'min_spend', { amount: 'RM 30.00', missing: 'RM 0.01' }],
    ] as const) {
      expect(apiError(() => checkVoucherUsable(held, subtotal, today))).toMatchObject({ status: 409, key: `voucher_invalid_${reason}`, params, extra: { reason } });
    }
  });
  it('gives an expired voucher\'s date in the caller\'s language', () => {
    const err = apiError(() => checkVoucherUsable(v, 5000, '2026-12-01'));
    expect(err.body('en').Error).toBe('This voucher expired on 30/11/2026.');
    expect(err.body('zh').Error).toContain('2026/11/30');
    expect(err.body('ar').Error).not.toContain('30/11/2026');
  });
  it('says why in the caller\'s language', () => {
    const err = apiError(() => checkVoucherUsable(v, 2150, '2026-11-22'));
    expect(err.body('en').Error).toBe('This voucher needs a minimum spend of RM 30.00 on products. Add RM 8.50 more to use it.');
    expect(err.body('zh').Error).toContain('RM 30.00');
  });
});

describe('stock shortages', () => {
  it('lists the lines asking for more than the outlet has; no stock row means 0', () => {
    const lines = [{ product: product('P1', 100), quantity: 3 }, { product: product('P2', 100), quantity: 1 }, { product: product('P3', 100), quantity: 2 }];
    expect(stockShortages(lines, [{ code: 'P1', quantity: 2 }, { code: 'P2', quantity: 1 }])).toEqual([
      { product_code: 'P1', available_quantity: 2 },
      { product_code: 'P3', available_quantity: 0 },
    ]);
    expect(stockShortages(lines, [{ code: 'P1', quantity: 3 }, { code: 'P2', quantity: 9 }, { code: 'P3', quantity: 2 }])).toEqual([]);
  });
});

describe('idempotency hash', () => {
  it('writes canonical JSON: keys sorted at every level, undefined left out, arrays kept in order', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }], u: undefined })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
    expect(canonicalJson([undefined, null, 'x'])).toBe('[null,null,"x"]');
    expect(canonicalJson('é')).toBe('"é"');
  });

  it('gives the same hash whatever the key order, another for any other value (property)', () => {
    const body = { idempotency_key: 'k-12345678', order_amount: '16.90', product: [{ product_code: 'P1', product_quantity: 1 }] };
    const reordered = { product: [{ product_quantity: 1, product_code: 'P1' }], order_amount: '16.90', idempotency_key: 'k-12345678' };
    expect(orderRequestHash(body)).toMatch(/^[0-9a-f]{64}$/);
    expect(orderRequestHash(reordered)).toBe(orderRequestHash(body));
    expect(orderRequestHash({ ...body, order_amount: '16.95' })).not.toBe(orderRequestHash(body));
    expect(orderRequestHash({ ...body, product: [{ product_code: 'P1', product_quantity: 2 }] })).not.toBe(orderRequestHash(body));
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        expect(JSON.parse(canonicalJson(obj))).toEqual(JSON.parse(JSON.stringify(obj)));
      }),
    );
  });
});

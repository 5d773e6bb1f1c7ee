import { describe, it, expect } from 'vitest';
import type { Order } from '../../src/lib/xs-api/contract';
import { toOrderView } from '../../src/features/orders/view';
import { toBillCompanyView, toOrderDetailView } from '../../src/features/orders/detail-view';
import { ORDER_LIST_LIMIT, ORDER_TABS, parseOrderTab } from '../../src/domain/orders';
import { formatLimit } from '../../src/domain/product-list';

const base: Order = {
  order_refno: 'WEB2611220001', order_date: '2026-11-22', order_status: 'Pending', order_del_type: 'DELIVERY',
  order_subtotal: 3386, order_delivery_charges: 500, order_voucher_amount: 500, order_rounding: -1, order_amount: 3385,
  order_remark: 'Ring twice', bill_platform: 'website',
  product: [
    { product_code: 'P1', product_name: 'Pork Belly', product_picture: '/p/1.webp', product_quantity: 2, product_price: 1693, product_amount: 3386, product_short_quantity: 0 },
  ],
  order_bill_person: 'Tan Mei Ling', order_bill_phone: '0123456789', order_bill_address1: '12, Jalan Ampang', order_bill_address2: 'Taman Maju',
  order_bill_postcode: '50450', order_bill_city: 'Kuala Lumpur', order_bill_state: 'W.P. Kuala Lumpur', order_bill_country: 'Malaysia',
  order_del_person: 'Tan Mei Ling', order_del_phone: '0123456789', order_del_address1: '3 Jalan Dua', order_del_address2: '',
  order_del_postcode: '47300', order_del_city: 'Petaling Jaya', order_del_state: 'Selangor', order_del_country: 'Malaysia',
  order_del_pickup_store_code: null, order_del_pickup_store_name: null, order_del_pickup_store_phone: null,
  order_del_pickup_date: null, order_del_pickup_time: null, distance_km: 4.2,
  order_voucher_code: 'RM5', order_voucher_no: 'V1', order_voucher_name: 'RM5 off', tracking_code: null, tracking_courier: null, collection_code: null, order_refunded: 0, created_at: '2026-11-22T02:00:00Z',
};

describe('toOrderView', () => {
  it('carries the bill in sen as charged, and the delivery address', () => {
    const v = toOrderView(base);
    expect(v).toMatchObject({
      refno: 'WEB2611220001', date: '2026-11-22', dateLabel: '22/11/2026', status: 'Pending', statusLabel: 'Pending', type: 'DELIVERY',
      itemCount: 2, subtotalSen: 3386, deliverySen: 500, voucherSen: 500, roundingSen: -1, totalSen: 3385, voucherName: 'RM5 off',
      remark: 'Ring twice', pickup: null,
    });
    expect(v.lines).toEqual([{ code: 'P1', name: 'Pork Belly', picture: '/p/1.webp', quantity: 2, priceSen: 1693, amountSen: 3386, shortQuantity: 0, orderedAmountSen: 3386 }]);
    expect(v.refundedSen).toBe(0);
    expect(v.billing).toEqual({ person: 'Tan Mei Ling', phone: '+60123456789', lines: ['12, Jalan Ampang, Taman Maju', '50450 Kuala Lumpur, W.P. Kuala Lumpur'] });
    expect(v.shipping).toEqual({ person: 'Tan Mei Ling', phone: '+60123456789', lines: ['3 Jalan Dua', '47300 Petaling Jaya, Selangor'] });
  });

  it('shows pick-up info instead of a shipping address for a pick-up', () => {
    const v = toOrderView({
      ...base, order_del_type: 'PICKUP', order_status: 'Ready To Pickup', order_voucher_name: null,
      order_del_pickup_store_name: 'XS Ampang', order_del_pickup_store_phone: '03-4256 1234', order_del_pickup_date: '2026-11-23', order_del_pickup_time: '14:30',
    });
    expect(v.shipping).toBeNull();
    expect(v.statusLabel).toBe('Ready To Pickup');
    expect(v.voucherName).toBeNull();
    expect(v.pickup).toEqual({ storeName: 'XS Ampang', storePhone: '03-4256 1234', dateLabel: '23/11/2026', timeLabel: '02:30 pm' });
  });

  it('after a short pick: what is left on each line, what was taken off and the amount as ordered, and the refund', () => {
    const v = toOrderView({
      ...base, order_status: 'Paid', order_subtotal: 1693, order_amount: 1695, order_refunded: 1690,
      product: [
        { ...base.product[0]!, product_quantity: 1, product_amount: 1693, product_short_quantity: 1 },
        { product_code: 'P2', product_name: 'Pork Ribs', product_picture: '/p/2.webp', product_quantity: 0, product_price: 1250, product_amount: 0, product_short_quantity: 3 },
      ],
    });
    expect(v.lines.map((l) => [l.code, l.quantity, l.shortQuantity, l.amountSen, l.orderedAmountSen])).toEqual([
      ['P1', 1, 1, 1693, 3386],
      ['P2', 0, 3, 0, 3750],
    ]);
    expect(v.itemCount).toBe(1);
    expect(v.refundedSen).toBe(1690);
    expect(v.totalSen).toBe(1695);
  });

  it('keeps an unknown status as text and a malformed date as stored', () => {
    const v = toOrderView({ ...base, order_status: 'Refunded', order_date: '22-11-2026' });
    expect(v.statusLabel).toBe(v.status);
    expect(v.status).toBe('Refunded');
    expect(v.dateLabel).toBe('22-11-2026');
  });
});

describe('toOrderDetailView (the order detail page)', () => {
  it('adds the history in Malaysian time, the tracking code of a delivery and what the member may do', () => {
    const v = toOrderDetailView({
      ...base, order_status: 'Delivering', tracking_code: 'MY123',
      history: [
        { from: 'Pending', to: 'Paid', actor: 'provider', kind: 'status', at: '2026-11-22T03:05:00.000Z' },
        { from: 'Paid', to: 'Delivering', actor: 'operator', kind: 'status', at: '2026-11-22T16:30:00.000Z' },
      ],
    });
    expect(v.placedAtLabel).toBe('22/11/2026 10:00 am');
    expect(v.history).toEqual([
      { kind: 'status', to: 'Paid', label: 'Paid', actorKey: 'order_actor_provider', at: '2026-11-22T03:05:00.000Z', atLabel: '22/11/2026 11:05 am' },
      { kind: 'status', to: 'Delivering', label: 'Delivering', actorKey: 'order_actor_operator', at: '2026-11-22T16:30:00.000Z', atLabel: '23/11/2026 12:30 am' },
    ]);
    expect(v.trackingCode).toBe('MY123');
    expect(v.showsTracking).toBe(true);
    expect(v.collectionCode).toBeNull();
    expect(v.pickupSlot).toBeNull();
    expect(v.can).toEqual({ cancel: false, payNow: false, changePickup: false, review: false });
    expect(v.totalSen).toBe(3385);
  });

  it('promises a tracking code only to a delivery that may still ship: not to a cancelled one without a code, nor to a pick-up', () => {
    expect(toOrderDetailView({ ...base, order_status: 'Paid', tracking_code: null, history: [] }).showsTracking).toBe(true);
    expect(toOrderDetailView({ ...base, order_status: 'Cancelled', tracking_code: null, history: [] }).showsTracking).toBe(false);
    expect(toOrderDetailView({ ...base, order_status: 'Cancelled', tracking_code: 'MY123', history: [] }).showsTracking).toBe(true);
    expect(toOrderDetailView({ ...base, order_del_type: 'PICKUP', tracking_code: null, history: [] }).showsTracking).toBe(false);
  });

  it('names the courier of a tracking code and links to its tracking page; none for an unknown courier or without a code', () => {
    const shipped = toOrderDetailView({ ...base, order_status: 'Delivering', tracking_code: 'ER 123/456MY', tracking_courier: 'POSLAJU', history: [] });
    expect(shipped.courier).toEqual({ name: 'Pos Laju', trackingUrl: 'https://tracking.pos.com.my/tracking/ER%20123%2F456MY' });
    expect(toOrderDetailView({ ...base, order_status: 'Delivering', tracking_code: 'MY123', tracking_courier: 'FEDEX', history: [] }).courier).toBeNull();
    expect(toOrderDetailView({ ...base, order_status: 'Paid', tracking_code: null, tracking_courier: 'JNT', history: [] }).courier).toBeNull();
    expect(toOrderDetailView({ ...base, order_del_type: 'PICKUP', tracking_code: 'X1', tracking_courier: 'JNT', history: [] }).courier).toBeNull();
  });

  it('keeps the stored pick-up slot for the change modal and allows cancel and Pay Now while To Pay', () => {
    const v = toOrderDetailView({ ...base, order_del_type: 'PICKUP', tracking_code: 'IGNORED', order_del_pickup_date: '2026-11-23', order_del_pickup_time: '14:30', history: [] });
    expect(v.pickupSlot).toEqual({ date: '2026-11-23', time: '14:30', storeCode: '' });
    expect(v.trackingCode).toBeNull();
    expect(v.can).toEqual({ cancel: true, payNow: true, changePickup: true, review: false });
    expect(toOrderDetailView({ ...base, order_status: 'Waiting Comment', history: [] }).can.review).toBe(true);
  });

  it('shows the collection code only while a pick-up order is Ready To Pickup, and the slot with its outlet', () => {
    const pickup = {
      ...base, order_del_type: 'PICKUP' as const, order_status: 'Ready To Pickup', collection_code: '042917',
      order_del_pickup_store_code: 'S001', order_del_pickup_date: '2026-11-23', order_del_pickup_time: '14:30', history: [],
    };
    const v = toOrderDetailView(pickup);
    expect(v.collectionCode).toBe('042917');
    expect(v.pickupSlot).toEqual({ date: '2026-11-23', time: '14:30', storeCode: 'S001' });
    expect(toOrderDetailView({ ...pickup, order_status: 'Paid' }).collectionCode).toBeNull();
    expect(toOrderDetailView({ ...pickup, collection_code: null }).collectionCode).toBeNull();
    expect(toOrderDetailView({ ...base, order_status: 'Ready To Pickup', collection_code: '042917', history: [] }).collectionCode).toBeNull();
  });

  it('reads a short pick as items not available and refunded, by the store', () => {
    const v = toOrderDetailView({
      ...base, order_status: 'Paid',
      history: [
        { from: 'Pending', to: 'Paid', actor: 'provider', kind: 'status', at: '2026-11-22T03:05:00.000Z' },
        { from: 'Paid', to: 'Paid', actor: 'operator', kind: 'short_pick', at: '2026-11-22T05:00:00.000Z' },
      ],
    }, 'ar');
    expect(v.history[1]).toEqual({ kind: 'short_pick', to: 'Paid', label: 'منتجات غير متوفرة · تم الاسترداد', actorKey: 'order_actor_operator', at: '2026-11-22T05:00:00.000Z', atLabel: v.history[1]!.atLabel });
    expect(v.history[0]!.kind).toBe('status');
  });

  it('prints the company block without empty address lines', () => {
    expect(toBillCompanyView({ company_name: 'XS', company_address1: 'Lot 1', company_address2: '', company_email: 'a@b.my', company_tel: '03-1' }))
      .toEqual({ name: 'XS', address: ['Lot 1'], email: 'a@b.my', tel: '03-1' });
  });
});

describe('order list query parts (spec §4 Order tab grouping, §7 order_listing)', () => {
  it('reads a tab from ?tab=, anything else is all orders', () => {
    for (const tab of ORDER_TABS) expect(parseOrderTab(tab.key)).toBe(tab.key);
    expect(parseOrderTab('to_ship')).toBeNull();
    expect(parseOrderTab('')).toBeNull();
    expect(parseOrderTab(null)).toBeNull();
  });

  it('asks for the first page of ORDER_LIST_LIMIT orders', () => {
    expect(formatLimit({ offset: 0, count: ORDER_LIST_LIMIT })).toBe('0,50');
  });
});

import { describe, it, expect } from 'vitest';
import type { Address, Cart, CartItem, MemberVoucher } from '../../src/lib/xs-api/contract';
import { selectedCodes, toCheckoutView, toCheckoutVouchers } from '../../src/features/checkout/view';
import { addressView } from '../../src/features/shared/address-view';
import { displayPhone } from '../../src/domain/phone';
import { formatExactPrice } from '../../src/domain/money';

const item = (code: string, price: number, quantity: number): CartItem => ({
  id: code, product_code: code, product_name: `Product ${code}`, product_picture: `/p/${code}.webp`,
  product_price: price, product_old_price: price, product_quantity: quantity, product_balance: 10, line_total: 0,
});
const address = (id: number, isDefault: boolean): Address => ({
  add_id: id, add_person: 'Tan Mei Ling', add_phone: '012-345 6789', add_address1: '12, Jalan Ampang', add_address2: 'Taman Maju',
  add_city: 'Kuala Lumpur', add_postcode: '50450', add_state: 'W.P. Kuala Lumpur', add_country: 'Malaysia',
  add_default: isDefault ? 1 : 0, latitude: null, longitude: null,
});

describe('selectedCodes (spec §4 Checkout: the selected items)', () => {
  it.each([
    ['items=P1,P2', ['P1', 'P2']],
    ['items=P1,,P2,P1', ['P1', 'P2']],
    ['items=%20P1%20', ['P1']],
    ['items=', []],
    ['', []],
  ])('reads %j', (query, codes) => {
    expect(selectedCodes(new URLSearchParams(query))).toEqual(codes);
  });
});

describe('toCheckoutView', () => {
  const cart: Cart = { store: 'S01', items: [item('P1', 1693, 2), item('P2', 500, 1), item('P3', 110, 3)], quantity: 6, subtotal: 0 };

  it('keeps the chosen lines in cart order, in sen, with their amounts and subtotal', () => {
    const view = toCheckoutView(cart, [], ['P3', 'P1']);
    expect(view.store).toBe('S01');
    expect(view.lines.map((l) => [l.code, l.priceSen, l.quantity, l.amountSen])).toEqual([
      ['P1', 1693, 2, 3386],
      ['P3', 110, 3, 330],
    ]);
    expect(view.subtotalSen).toBe(3716);
  });

  it('is empty when none of the codes is in the cart', () => {
    const view = toCheckoutView(cart, [], ['X']);
    expect(view.lines).toEqual([]);
    expect(view.subtotalSen).toBe(0);
  });

  it('reshapes addresses for display, with id, state and default', () => {
    const [a, b] = toCheckoutView(cart, [address(7, true), address(8, false)], ['P1']).addresses;
    expect(a).toEqual({
      id: 7, state: 'W.P. Kuala Lumpur', isDefault: true, person: 'Tan Mei Ling', phone: '+60123456789',
      lines: ['12, Jalan Ampang, Taman Maju', '50450 Kuala Lumpur, W.P. Kuala Lumpur'],
    });
    expect(b!.isDefault).toBe(false);
  });
});

describe('addressView', () => {
  it('leaves out empty parts and lines', () => {
    expect(addressView({ person: 'Ali', address1: '1 Jalan Satu', address2: null, postcode: '', city: 'Ipoh', state: 'Perak', phone: null }))
      .toEqual({ person: 'Ali', lines: ['1 Jalan Satu', 'Ipoh, Perak'], phone: '' });
    expect(addressView({})).toEqual({ person: '', lines: [], phone: '' });
  });
});

describe('displayPhone (spec §2: phone prefixed with +)', () => {
  it.each([
    ['012-345 6789', '+60123456789'],
    ['+60123456789', '+60123456789'],
    ['03-1234 5678', '+60312345678'],
    ['+6591234567', '+6591234567'],
    ['6591234567', '+6591234567'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (input, shown) => {
    expect(displayPhone(input)).toBe(shown);
  });
});

describe('formatExactPrice (bill figures, no 0.05 rounding)', () => {
  it.each([
    [1693, 'RM 16.93'],
    [0, 'RM 0.00'],
    [2, 'RM 0.02'],
    [-1, '-RM 0.01'],
    [-500, '-RM 5.00'],
    [123456789, 'RM 1,234,567.89'],
  ])('%i sen → %j', (sen, shown) => {
    expect(formatExactPrice(sen)).toBe(shown);
  });

  it('refuses what is not integer sen', () => {
    expect(() => formatExactPrice(16.9)).toThrow(RangeError);
  });
});

describe('toCheckoutVouchers (spec §3 Voucher: the picker\'s vouchers)', () => {
  const held = (no: string, amount: string, minSpend: number): MemberVoucher => ({
    vc_image: `/images/vouchers/${no}.svg`, vc_code: 'RM5OFF', vc_no: `S-${no}`, vc_name: `Voucher ${no}`, vm_voucher_no: no,
    vc_expire_date: '2027-06-30', vc_amount: amount, vc_redeem_formula: 250, vc_tnc: 'T&C', min_spend: minSpend,
  });
  it('parses the value and the minimum spend into sen, keeping the API order', () => {
    expect(toCheckoutVouchers([held('V1', '5.00', 3000), held('V2', '10%', 8000)])).toEqual([
      { no: 'V1', code: 'RM5OFF', name: 'Voucher V1', image: '/images/vouchers/V1.svg', value: { kind: 'amount', sen: 500 }, expireDate: '2027-06-30', minSpendSen: 3000 },
      { no: 'V2', code: 'RM5OFF', name: 'Voucher V2', image: '/images/vouchers/V2.svg', value: { kind: 'percent', percent: 10 }, expireDate: '2027-06-30', minSpendSen: 8000 },
    ]);
  });
  it('leaves out a voucher whose value cannot be read (it could never apply)', () => {
    expect(toCheckoutVouchers([held('V1', 'free', 0), held('V2', '150%', 0), held('V3', '2.50', 0)]).map((v) => v.no)).toEqual(['V3']);
  });
  it('is part of the checkout view', () => {
    const cart: Cart = { store: '001', items: [item('P1', 1690, 1)], quantity: 1, subtotal: 1690 };
    expect(toCheckoutView(cart, [], ['P1'], [held('V1', '5.00', 3000)]).vouchers.map((v) => v.no)).toEqual(['V1']);
    expect(toCheckoutView(cart, [], ['P1']).vouchers).toEqual([]);
  });
});

/**
 * The demo member and what they own (tables `customers`, `addresses`, `vouchers`,
 * `member_vouchers`, `point_transactions`, `outlet_purchases`). The password hash is made in
 * index.ts, only when the member does not exist yet. The points balance equals the sum of the
 * point transactions.
 */
import type { PointReason, PointReasonParams } from '../../../../domain/points.ts';
import type { addresses, customers, memberVouchers, outletPurchases, pointTransactions, vouchers } from '../schema/members';
import { wholeRinggit } from '../../../../domain/money.ts';
import { PRODUCTS } from './catalogue.ts';

export type CustomerRow = typeof customers.$inferInsert;
export type AddressRow = typeof addresses.$inferInsert;
export type VoucherRow = typeof vouchers.$inferInsert;
export type MemberVoucherRow = typeof memberVouchers.$inferInsert;
export type PointTransactionRow = typeof pointTransactions.$inferInsert;
export type OutletPurchaseRow = typeof outletPurchases.$inferInsert;

/** Log-in of the demo member: mobile number and password. */
export const DEMO_MEMBER = { mobile: '0123456789', password: 'demo1234', memberCode: 'M000001', firstName: 'Mei Ling' } as const;

export const DEMO_POINTS = 1280;

/** The customer row without `passwordHash` (added by index.ts). */
export const DEMO_CUSTOMER: Omit<CustomerRow, 'passwordHash'> = {
  memberCode: DEMO_MEMBER.memberCode,
  firstName: DEMO_MEMBER.firstName,
  lastName: 'Tan',
  mobile: DEMO_MEMBER.mobile,
  email: 'meiling.tan@example.com',
  picture: null,
  points: DEMO_POINTS,
  // No birthday: the demo member never gets the home page's birthday modal, whatever the month
  // (the journeys that log in as Mei Ling land on the home page). BIRTHDAY_MEMBER shows the claim.
  birthday: null,
  birthdayClaimedYear: null,
  language: 'en',
  verified: true,
  createdAt: new Date('2026-01-05T10:15:00+08:00'),
};

/**
 * A second member to see the birthday voucher claim (coverage.md §4 Birthday): same password as the demo
 * member; birthday in the month the data was (re)seeded, so the home page offers the claim modal
 * until it is claimed this year.
 */
export const BIRTHDAY_MEMBER = { mobile: '0123450018', password: DEMO_MEMBER.password, memberCode: 'M000018', firstName: 'Aisyah' } as const;

/** The birthday member's row without `passwordHash` and `birthday` (added by index.ts). */
export const BIRTHDAY_CUSTOMER: Omit<CustomerRow, 'passwordHash' | 'birthday'> = {
  memberCode: BIRTHDAY_MEMBER.memberCode,
  firstName: BIRTHDAY_MEMBER.firstName,
  lastName: 'Rahman',
  mobile: BIRTHDAY_MEMBER.mobile,
  email: 'aisyah.rahman@example.com',
  picture: null,
  points: 0,
  birthdayClaimedYear: null,
  language: 'en',
  verified: true,
  createdAt: new Date('2026-02-10T09:30:00+08:00'),
};

/**
 * The birthday member's birthday for a seed run on Malaysian date `today` ('YYYY-MM-DD'): the
 * same day and month in 1992 (a leap year, so 29 February exists). '2026-11-22' → '1992-11-22'.
 */
export function birthdayFor(today: string): string {
  return `1992-${today.slice(5)}`;
}

/** Two addresses; `state` holds the state code of `states` (KUL, SGR). The first is the default. */
export const DEMO_ADDRESSES: Omit<AddressRow, 'addId'>[] = [
  {
    memberCode: DEMO_MEMBER.memberCode, person: 'Tan Mei Ling', phone: DEMO_MEMBER.mobile,
    address1: 'Unit 12-3, Residensi Bukit Ceylon', address2: 'Jalan Ceylon, Bukit Bintang',
    city: 'Kuala Lumpur', postcode: '50200', state: 'Wilayah Persekutuan Kuala Lumpur', country: 'Malaysia', isDefault: true,
    latitude: 3.1478, longitude: 101.7045,
  },
  {
    memberCode: DEMO_MEMBER.memberCode, person: 'Tan Mei Ling', phone: DEMO_MEMBER.mobile,
    address1: 'No. 18, Jalan SS 2/24', address2: 'SS2',
    city: 'Petaling Jaya', postcode: '47300', state: 'Selangor', country: 'Malaysia', isDefault: false,
    latitude: 3.1195, longitude: 101.619,
  },
];

/** Terms shared by every voucher kind, per language. */
const TNC = { en: 'Valid for online orders only. One voucher per order. Not exchangeable for cash.', zh: '仅限网上订单使用。每笔订单限用一张优惠券。不可兑换现金。', ar: 'صالحة للطلبات عبر الإنترنت فقط. قسيمة واحدة لكل طلب. لا تُستبدل نقدًا.' };
/** A kind's terms: its own first sentences in each language, then the shared ones. */
const terms = (en: string, zh: string, ar: string) => ({ en: `${en} ${TNC.en}`, zh: `${zh}${TNC.zh}`, ar: `${ar} ${TNC.ar}` });

/** Voucher kinds: fixed amounts ('5.00') or a percent ('10%'); the birthday voucher is not redeemable with points. */
export const VOUCHERS: VoucherRow[] = [
  { vcCode: 'RM5OFF', vcName: { en: 'RM5 off', zh: '立减RM5', ar: 'خصم RM5' }, vcImage: '/images/vouchers/RM5OFF.svg', vcAmount: '5.00', vcRedeemFormula: 250, minSpendSen: 3000, vcTnc: terms('Minimum spend RM30.', '最低消费RM30。', 'الحد الأدنى للشراء RM30.'), isBirthday: false },
  { vcCode: 'RM10OFF', vcName: { en: 'RM10 off', zh: '立减RM10', ar: 'خصم RM10' }, vcImage: '/images/vouchers/RM10OFF.svg', vcAmount: '10.00', vcRedeemFormula: 500, minSpendSen: 5000, vcTnc: terms('Minimum spend RM50.', '最低消费RM50。', 'الحد الأدنى للشراء RM50.'), isBirthday: false },
  { vcCode: 'PCT10', vcName: { en: '10% off', zh: '九折优惠', ar: 'خصم 10%' }, vcImage: '/images/vouchers/PCT10.svg', vcAmount: '10%', vcRedeemFormula: 800, minSpendSen: 8000, vcTnc: terms('Minimum spend RM80. Applies to products and delivery.', '最低消费RM80。适用于商品及配送费。', 'الحد الأدنى للشراء RM80. تسري على المنتجات والتوصيل.'), isBirthday: false },
  { vcCode: 'BDAY10', vcName: { en: 'Birthday treat RM10 off', zh: '生日礼券立减RM10', ar: 'هدية عيد الميلاد: خصم RM10' }, vcImage: '/images/vouchers/BDAY10.svg', vcAmount: '10.00', vcRedeemFormula: null, minSpendSen: 3000, vcTnc: terms('Claim once a year in your birthday month; valid for 30 days. Minimum spend RM30.', '每年生日月份可领取一次，有效期30天。最低消费RM30。', 'تُطلب مرة واحدة في السنة خلال شهر ميلادك، وهي صالحة لمدة 30 يومًا. الحد الأدنى للشراء RM30.'), isBirthday: true },
];

/** Three active vouchers (until 2027) and one that expired, for the checkout picker and the Active and Expired/Used tabs. */
export const DEMO_MEMBER_VOUCHERS: MemberVoucherRow[] = [
  { vmVoucherNo: 'VM000001', memberCode: DEMO_MEMBER.memberCode, vcCode: 'RM5OFF', vcNo: 'RM5-260630-0017', expireDate: '2027-06-30', createdAt: new Date('2026-06-30T14:02:00+08:00') },
  { vmVoucherNo: 'VM000002', memberCode: DEMO_MEMBER.memberCode, vcCode: 'PCT10', vcNo: 'P10-260105-0003', expireDate: '2026-08-31', createdAt: new Date('2026-01-05T10:15:00+08:00') },
  { vmVoucherNo: 'VM000003', memberCode: DEMO_MEMBER.memberCode, vcCode: 'RM10OFF', vcNo: 'R10-261001-0042', expireDate: '2027-09-30', createdAt: new Date('2026-10-01T09:30:00+08:00') },
  { vmVoucherNo: 'VM000004', memberCode: DEMO_MEMBER.memberCode, vcCode: 'RM5OFF', vcNo: 'RM5-261108-0105', expireDate: '2027-11-08', createdAt: new Date('2026-11-08T16:45:00+08:00') },
];

function item(en: string, quantity: number) {
  const p = PRODUCTS.find((x) => x.productName.en === en);
  if (!p) throw new Error(`No product named ${en}`);
  return { product_code: p.productCode, product_name: en, quantity, amount_sen: p.finalPriceSen * quantity };
}

function purchase(transNo: string, storeCode: string, purchaseDate: string, items: ReturnType<typeof item>[]): OutletPurchaseRow {
  return { transNo, memberCode: DEMO_MEMBER.memberCode, storeCode, purchaseDate, items, amountSen: items.reduce((s, i) => s + i.amount_sen, 0) };
}

/** Two receipts from the outlets (spec purchase history). */
export const DEMO_OUTLET_PURCHASES: OutletPurchaseRow[] = [
  purchase('S001-20260912-0042', 'S001', '2026-09-12', [
    item('Pork Belly', 2), item('Bak Kut Teh Ribs', 1), item('Bak Kut Teh Herb Pack', 1), item('Dried Shiitake Mushrooms', 1), item('Light Soy Sauce', 1),
  ]),
  purchase('S005-20261108-0118', 'S005', '2026-11-08', [
    item('Minced Pork', 1), item('Pork & Cabbage Dumplings', 2), item('Fishballs', 1), item('Dried Wantan Mee', 2),
  ]),
];

/** Points of a receipt: 1 per whole ringgit, as `pointsEarned` in src/domain/points.ts. */
const pts = (p: OutletPurchaseRow) => wholeRinggit(p.amountSen);
const [buy1, buy2] = DEMO_OUTLET_PURCHASES;
const earlier = [500, -250];
/** Points of the February purchase: whatever brings the balance to DEMO_POINTS. */
const cnyPoints = DEMO_POINTS - earlier.reduce((a, b) => a + b, 0) - pts(buy1) - pts(buy2);

const tx = (transNo: string, points: number, description: string, storeCode: string | null, at: string, reason: PointReason, reasonParams: PointReasonParams = {}): PointTransactionRow => ({
  transNo, memberCode: DEMO_MEMBER.memberCode, points, description, storeCode, createdAt: new Date(at), reason, reasonParams,
});

/** Points history; the sum is DEMO_POINTS. Each row carries its reason (src/domain/points.ts); the description is the EN text. */
export const DEMO_POINT_TRANSACTIONS: PointTransactionRow[] = [
  tx('PT2601050001', earlier[0], 'Welcome bonus', null, '2026-01-05T10:15:00+08:00', 'welcome'),
  tx('PT2602140007', cnyPoints, 'Chinese New Year purchase (double points)', 'S005', '2026-02-14T11:20:00+08:00', 'double_points'),
  tx('PT2606300012', earlier[1], 'Redeemed: RM5 off voucher', null, '2026-06-30T14:02:00+08:00', 'redeem', { voucher: 'RM5OFF' }),
  tx('PT2609120042', pts(buy1), `Purchase ${buy1.transNo}`, buy1.storeCode, '2026-09-12T18:41:00+08:00', 'outlet_purchase', { receipt: buy1.transNo }),
  tx('PT2611080118', pts(buy2), `Purchase ${buy2.transNo}`, buy2.storeCode, '2026-11-08T10:05:00+08:00', 'outlet_purchase', { receipt: buy2.transNo }),
];

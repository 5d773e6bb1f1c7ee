/**
 * View models of the outlet purchases pages (coverage.md §2 /account/purchase-history and /{transno};
 * §7 get_purchase_history_data, view_purchase_item_bybill, print_offline_bill): contract answers
 * reshaped once, money in integer sen (src/domain/money.ts), dates as stored ('YYYY-MM-DD') and as
 * shown ('DD/MM/YYYY', coverage.md §9). Pure.
 */
import type { z } from 'zod';
import type { PurchaseBill, PurchaseBillDetail, printOfflineBill } from '../../lib/xs-api/contract';
import { formatPickupDate, formatShopDateTime } from '../../domain/pickup';
import { isDateString } from '../../domain/shop-time';
import type { Locale } from '../../domain/constants';
import { outletName } from '../../i18n/outlet-name';
import { toBillCompanyView, type BillCompanyView } from '../orders/detail-view';

/** A valid date in `locale`'s format ('DD/MM/YYYY' in EN), else the text as it came. */
const shownDate = (date: string, locale: Locale) => (isDateString(date) ? formatPickupDate(date, locale) : date);

/** One outlet bill in the list. */
export type PurchaseBillView = {
  transno: string;
  /** 'YYYY-MM-DD' and as shown, 'DD/MM/YYYY'. */
  date: string;
  dateLabel: string;
  storeCode: string;
  storeName: string;
  /** The bill's total, integer sen. */
  totalSen: number;
  itemCount: number;
};

/** One line of a bill: amount in integer sen. */
export type PurchaseItemView = { code: string; name: string; picture: string; quantity: number; amountSen: number };

export type PurchaseBillDetailView = PurchaseBillView & { items: PurchaseItemView[] };

/** What a printed copy adds: the company header, the member, when it was printed ('DD/MM/YYYY hh:mm a', UTC+8). */
export type PurchasePrintView = { company: BillCompanyView; memberCode: string; memberName: string; printedAtLabel: string };

/** get_purchase_history_data's (or a detail's) bill → view, dates in `locale`'s format. @throws RangeError on a malformed amount. */
export function toPurchaseBillView(b: PurchaseBill, locale: Locale = 'en'): PurchaseBillView {
  return {
    transno: b.transno,
    date: b.trans_date,
    dateLabel: shownDate(b.trans_date, locale),
    storeCode: b.store_code,
    storeName: outletName(b.store_name, locale),
    totalSen: b.bill_amount,
    itemCount: b.item_count,
  };
}

/** view_purchase_item_bybill's bill with its lines → view, dates in `locale`'s format. @throws RangeError on a malformed amount. */
export function toPurchaseDetailView(b: PurchaseBillDetail, locale: Locale = 'en'): PurchaseBillDetailView {
  return {
    ...toPurchaseBillView(b, locale),
    items: b.items.map((i) => ({ code: i.product_code, name: i.product_name, picture: i.product_picture, quantity: i.product_quantity, amountSen: i.product_amount })),
  };
}

/** print_offline_bill's header part → view, the printing time in `locale`'s format. */
export function toPurchasePrintView(d: z.infer<typeof printOfflineBill.response>['data'], locale: Locale = 'en'): PurchasePrintView {
  return {
    company: toBillCompanyView(d.company),
    memberCode: d.member.member_code,
    memberName: d.member.customer_firstname,
    printedAtLabel: formatShopDateTime(new Date(d.printed_at), locale),
  };
}

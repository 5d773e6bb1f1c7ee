/**
 * Routes of coverage.md §7 Vouchers, history, content: the outlet purchase history
 * (get_purchase_history_data), one bill (view_purchase_item_bybill, member from the session only)
 * and its printable copy (print_offline_bill). Thin: each calls the purchases service.
 */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { getCompanyContact } from '../services/company';
import { billMember, getPurchaseBill, listPurchases } from '../services/purchases';
import { translate } from '../../../i18n/messages';
import { clock } from '../../clock';

/** Registers the three outlet purchase operations; the member is the session's (checked by `serve`). */
export function purchaseRoutes(app: Hono<ApiEnv>) {
  serve(app, op.get_purchase_history_data, async ({ db, member, params }) => listPurchases(db, member!, params.fromDate ?? '', params.toDate ?? ''));
  serve(app, op.view_purchase_item_bybill, async ({ db, member, params, locale }) => ({
    data: await getPurchaseBill(db, member!, params.transno ?? '', locale, { types: [params.type1, params.type2] }),
  }));
  serve(app, op.print_offline_bill, async ({ db, member, params, locale }) => {
    const [bill, contact, who] = await Promise.all([
      getPurchaseBill(db, member!, params.transno ?? '', locale, { storeCode: params.store_code ?? '' }),
      getCompanyContact(db),
      billMember(db, member!),
    ]);
    return { data: { company: { company_name: translate(locale, 'site_name'), ...contact }, member: who, printed_at: clock.now().toISOString(), bill } };
  });
}

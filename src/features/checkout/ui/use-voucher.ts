/**
 * The checkout's voucher (coverage.md §4 Checkout: "choosing a voucher triggers a validity check with the
 * product list and voucher code; if Status is not 1 the error is toasted and the voucher cleared";
 * "a percent voucher applies to subtotal plus delivery"). The server checks the chosen voucher
 * against the lines and delivery charge being ordered (Action `checkout.validateVoucher` →
 * validate_product_voucher) and answers the order's figures with its discount; they are used only
 * while they were computed for the same subtotal and charge, so the totals shown and sent are
 * always the server's. A change of lines or charge checks it again.
 */
import { useEffect, useState } from 'react';
import { actions } from 'astro:actions';
import { formatAmount } from '../../../domain/money';
import type { OrderTotals } from '../../../domain/totals';
import { toast } from '../../../lib/ui/toast';
import type { CheckedVoucher } from '../actions';
import type { CheckoutLine, CheckoutVoucher } from '../view';

/** The voucher state of the checkout. */
export type VoucherState = {
  /** What the shopper chose, or null. */
  chosen: CheckoutVoucher | null;
  /** The server's answer for the current lines and charge; null while none (unchosen, or being checked). */
  checked: CheckedVoucher | null;
  /** A check is in flight. */
  checking: boolean;
  choose: (v: CheckoutVoucher) => void;
  remove: () => void;
  /** The order's totals with the voucher (the server's), or null while they are not known. */
  totals: OrderTotals | null;
};

/** The server's figures as `OrderTotals` (sen). */
function asTotals(t: CheckedVoucher['totals']): OrderTotals {
  return { ...t, exactTotalSen: t.totalSen - t.roundingSen };
}

/**
 * Keeps the chosen voucher checked by the server for `lines` (subtotal `subtotalSen`) and the
 * delivery charge `deliverySen` (sen; null while the charge is loading).
 * @param onRefused called after a refusal is toasted and the voucher cleared (e.g. stop an automatic submit)
 */
export function useVoucher(lines: readonly CheckoutLine[], subtotalSen: number, deliverySen: number | null, onRefused: () => void): VoucherState {
  const [chosen, setChosen] = useState<CheckoutVoucher | null>(null);
  const [checked, setChecked] = useState<CheckedVoucher | null>(null);
  const [checking, setChecking] = useState(false);
  const current = !!chosen && !!checked && checked.no === chosen.no && checked.totals.subtotalSen === subtotalSen && checked.totals.deliverySen === deliverySen;

  useEffect(() => {
    if (!chosen || deliverySen === null || current || !lines.length) return;
    let live = true;
    setChecking(true);
    void actions.checkout
      .validateVoucher({
        vc_code: chosen.code,
        vm_voucher_no: chosen.no,
        order_delivery_charges: formatAmount(deliverySen),
        product: lines.map((l) => ({ product_code: l.code, product_quantity: l.quantity, product_price: formatAmount(l.priceSen), product_amount: formatAmount(l.amountSen) })),
      })
      .then(({ data, error }) => {
        if (!live) return;
        setChecking(false);
        if (error) {
          toast(error.message, { kind: 'error', tag: 'checkout' });
          setChosen(null);
          setChecked(null);
          onRefused();
        } else setChecked(data);
      });
    return () => {
      live = false;
    };
  }, [chosen?.no, deliverySen, subtotalSen, lines.length, current]);

  return {
    chosen,
    checked: current ? checked : null,
    checking,
    choose: (v) => {
      setChecked(null);
      setChosen(v);
    },
    remove: () => {
      setChosen(null);
      setChecked(null);
      setChecking(false);
    },
    totals: current && checked ? asTotals(checked.totals) : null,
  };
}

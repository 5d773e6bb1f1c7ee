/**
 * Checkout: the voucher picker (coverage.md §2 Checkout page "voucher picker", §3 Voucher, §4 Checkout).
 * Shows the chosen voucher with a remove button, or a button that opens a modal listing the
 * member's active vouchers: name, value (a fixed amount in RM or a percent), expiry and minimum
 * spend. A voucher that cannot apply to this cart (`voucherRefusal` of src/domain/vouchers.ts, the
 * server's own rule) is greyed and not selectable, with the reason. Choosing one hands it to the
 * island, which has the server check it. Keyboard: the modal traps focus, Escape closes it, each
 * voucher is a button; after choosing, the focus is on Remove voucher, and after removing, on
 * Choose a voucher (the button that had it is gone). Both are at least 24 px tall to tap.
 */
import { useEffect, useRef, useState } from 'react';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { formatExactPrice } from '../../../domain/money';
import { formatPickupDate } from '../../../domain/pickup';
import { shopDate } from '../../../domain/shop-time';
import { minSpendShortfall, voucherRefusal } from '../../../domain/vouchers';
import { Modal } from '../../../components/islands/Modal';
import { bindLocale } from '../../../components/islands/i18n';
import type { CheckoutVoucher } from '../view';
import { expiryText, minSpendText, valueText } from '../../vouchers/ui/voucher-text';
import { isolate } from '../../../i18n/bidi';

type Props = {
  locale: Locale;
  vouchers: CheckoutVoucher[];
  /** Product subtotal of the lines being ordered, sen (decides the minimum spend). */
  subtotalSen: number;
  /** The voucher the shopper chose (being checked, or accepted), or null. */
  chosen: CheckoutVoucher | null;
  /** The server is checking the chosen voucher. */
  checking: boolean;
  /** The discount the server accepted, sen; null while unknown. */
  discountSen: number | null;
  onChoose: (v: CheckoutVoucher) => void;
  onRemove: () => void;
  /** The island has hydrated: until then its buttons are disabled (../../../components/islands/use-hydrated.ts). */
  ready: boolean;
};

/** Why a voucher cannot apply to this cart, in the locale; '' when it can. */
function unusableText(t: ReturnType<typeof bindLocale>, v: CheckoutVoucher, subtotalSen: number, today: string, locale: Locale): string {
  const reason = voucherRefusal({ expireDate: v.expireDate, usedAt: null, minSpendSen: v.minSpendSen }, subtotalSen, today);
  if (reason === 'min_spend') return t(m.checkout_voucher_below_min, { missing: formatExactPrice(minSpendShortfall(v.minSpendSen, subtotalSen)) });
  if (reason === 'expired') return t(m.voucher_invalid_expired, { date: isolate(formatPickupDate(v.expireDate, locale)) });
  return reason ? t(m.voucher_invalid_used) : '';
}

export function VoucherPicker({ locale, vouchers, subtotalSen, chosen, checking, discountSen, onChoose, onRemove, ready }: Props) {
  const t = bindLocale(locale);
  const [open, setOpen] = useState(false);
  const today = shopDate(new Date());
  /** Where the focus goes once the chosen voucher has changed (its button is replaced). */
  const focusNext = useRef<'remove' | 'choose' | null>(null);
  const chooseRef = useRef<HTMLButtonElement | null>(null);
  const removeRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    const target = focusNext.current === 'remove' ? removeRef.current : focusNext.current === 'choose' ? chooseRef.current : null;
    if (!target) return;
    focusNext.current = null;
    // After the modal has closed and given the focus back to what opened it (now gone).
    requestAnimationFrame(() => target.focus());
  }, [chosen, open]);

  function choose(v: CheckoutVoucher) {
    focusNext.current = 'remove';
    setOpen(false);
    onChoose(v);
  }

  function remove() {
    focusNext.current = 'choose';
    onRemove();
  }

  return (
    <section className="rounded-xl border border-dashed border-ink-300 p-3" aria-labelledby="voucher-title" data-voucher-picker>
      <div className="flex items-center justify-between gap-3">
        <h3 id="voucher-title" className="text-sm font-semibold">{t(m.checkout_voucher)}</h3>
        {!chosen && (
          <button type="button" ref={chooseRef} className="tap-target text-sm font-semibold text-brand-700 hover:underline" onClick={() => setOpen(true)} aria-haspopup="dialog" disabled={!ready} data-voucher-open>
            {t(m.checkout_voucher_choose)}
          </button>
        )}
      </div>
      {chosen ? (
        <div className="mt-2 flex items-start justify-between gap-3" data-voucher-chosen={chosen.no}>
          <p className="min-w-0 text-sm">
            <span className="block font-semibold"><bdi>{chosen.name}</bdi></span>
            <span className="block text-xs text-ink-500" aria-live="polite">
              {checking || discountSen === null ? t(m.checkout_voucher_checking) : <>{t(m.checkout_voucher_applied)} · <span dir="ltr" className="whitespace-nowrap">{formatExactPrice(-discountSen)}</span></>}
            </span>
          </p>
          <button type="button" ref={removeRef} className="tap-target shrink-0 text-sm font-semibold text-brand-700 hover:underline" onClick={remove} disabled={!ready} data-voucher-remove>
            {t(m.checkout_voucher_remove)}
          </button>
        </div>
      ) : (
        <p className="mt-1 text-xs text-ink-500">{t(m.checkout_no_voucher)}</p>
      )}
      {/* Mounted only while open: every Modal titles itself with the same id. */}
      {open && <Modal open title={t(m.checkout_voucher_title)} onClose={() => setOpen(false)} closeLabel={t(m.modal_close)}>
        {vouchers.length === 0 ? (
          <p className="py-4 text-sm text-ink-700" data-voucher-empty>{t(m.checkout_voucher_none)}</p>
        ) : (
          <ul className="space-y-3" data-voucher-list>
            {vouchers.map((v) => {
              const why = unusableText(t, v, subtotalSen, today, locale);
              const reasonId = `voucher-why-${v.no}`;
              return (
                <li key={v.no}>
                  <button
                    type="button"
                    disabled={!!why}
                    aria-describedby={why ? reasonId : undefined}
                    aria-pressed={chosen?.no === v.no}
                    onClick={() => choose(v)}
                    data-voucher-option={v.no}
                    className="flex w-full items-center gap-3 rounded-xl border border-ink-900/10 p-3 text-start transition hover:border-brand-500 disabled:cursor-not-allowed disabled:bg-paper disabled:opacity-60 disabled:hover:border-ink-900/10"
                  >
                    <img src={v.image} alt="" width={80} height={56} className={`h-14 w-20 shrink-0 rounded-lg bg-paper object-contain ${why ? 'grayscale' : ''}`} />
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold"><bdi>{v.name}</bdi></span>
                      <span className="block text-sm font-semibold text-brand-700" data-voucher-value>{valueText(t, v.value)}</span>
                      <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-ink-500">
                        <span>{t(m.checkout_voucher_expires, { date: expiryText(locale, v.expireDate) })}</span>
                        <span>{minSpendText(t, v.minSpendSen)}</span>
                      </span>
                      {why && <span id={reasonId} className="mt-1 block text-xs font-medium text-brand-700" data-voucher-reason>{why}</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Modal>}
    </section>
  );
}

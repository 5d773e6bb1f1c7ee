/**
 * Checkout: the out-of-stock modal (coverage.md §2 Modals, §4 "lets the user proceed with remaining items,
 * cancel, or change quantity to the available quantity"). Lists each line the store cannot fill:
 * name, quantity ordered and quantity available. The three choices are the island's; "proceed" is
 * disabled, with the reason, when every line is short.
 */
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { Modal } from '../../../components/islands/Modal';
import { bindLocale } from '../../../components/islands/i18n';

/** A line the store cannot fill in full: product, its name, units asked and units the store has. */
export type ShortLine = { code: string; name: string; asked: number; available: number };

type Props = {
  locale: Locale;
  /** The short lines; the modal is open while this is non-empty. */
  lines: ShortLine[];
  /** Some lines of the order are not short, so an order without the short ones is possible. */
  canProceed: boolean;
  /** A choice is being carried out (cart update): the buttons wait. */
  busy: boolean;
  onProceed: () => void;
  onChangeQuantities: () => void;
  onCancel: () => void;
};

export function OutOfStockModal({ locale, lines, canProceed, busy, onProceed, onChangeQuantities, onCancel }: Props) {
  const t = bindLocale(locale);
  // Mounted only while open: every Modal titles itself with the same id.
  if (!lines.length) return null;
  return (
    <Modal open title={t(m.oos_title)} onClose={busy ? undefined : onCancel} closeLabel={t(m.modal_close)}>
      <div data-oos-modal>
        <p className="text-sm text-ink-700">{t(m.oos_intro)}</p>
        <ul className="mt-3 divide-y divide-ink-900/10 rounded-xl border border-ink-900/10">
          {lines.map((l) => (
            <li key={l.code} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2.5" data-oos-line={l.code}>
              <span className="min-w-0 flex-1 font-semibold"><bdi>{l.name}</bdi></span>
              <span className="flex shrink-0 gap-3 text-sm">
                <span className="text-ink-500" data-oos-asked>{t(m.oos_asked, { count: l.asked })}</span>
                <span className={`font-semibold ${l.available === 0 ? 'text-brand-700' : 'text-ink-900'}`} data-oos-available>{t(m.oos_available, { count: l.available })}</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid gap-2">
          <button type="button" className="btn-primary w-full" disabled={!canProceed || busy} aria-describedby={canProceed ? undefined : 'oos-nothing-left'} onClick={onProceed} data-oos-proceed>
            {t(m.oos_proceed)}
          </button>
          {!canProceed && <p id="oos-nothing-left" className="text-xs text-ink-500">{t(m.oos_nothing_left)}</p>}
          <button type="button" className="btn-outline w-full" disabled={busy} onClick={onChangeQuantities} data-oos-change>
            {t(m.oos_change)}
          </button>
          <button type="button" className="btn-ghost w-full" disabled={busy} onClick={onCancel} data-oos-cancel>
            {t(m.oos_cancel)}
          </button>
        </div>
      </div>
    </Modal>
  );
}

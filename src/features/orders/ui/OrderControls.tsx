/**
 * The order detail page's controls (coverage.md §2 Account: order detail with print, cancel (modal) and
 * update order; review product modal; §4 Order changes; §8 success toasts): Print; Cancel with a
 * confirm modal (only while To Pay); Change pick-up time (pick-up orders not yet collected, the
 * date and times offered by the shop's pick-up settings, as in the delivery modal, full times of the
 * order's outlet shown as Full; the order's own slot stays choosable); Review products
 * (Waiting Comment: a star rating read at a glance — five stars, or No stars for 0 — with nothing
 * chosen beforehand, and a comment per product; every product needs its rating; then the order is
 * Completed).
 *
 * Without JavaScript the cancel still works: a <details> reveals the confirmation and a plain form
 * posting to the `orders.cancel` Action (redirect after POST back to the order). With JavaScript the
 * same Action is called and the page reloads; the Action's flash shows the toast there. Print,
 * pick-up change and review need JavaScript and appear once the island runs.
 */
import { useEffect, useState } from 'react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { MemberOrderActions } from '../../../domain/order-status';
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_RATE_MAX, REVIEW_RATE_MIN } from '../../../domain/constants';
import { Modal } from '../../../components/islands/Modal';
import { bindLocale } from '../../../components/islands/i18n';
import { PickupStep } from '../../delivery/ui/PickupStep';
import { withErrorBoundary } from '../../../components/islands/ErrorBoundary';

type Line = { code: string; name: string };
type Props = {
  locale: Locale;
  refno: string;
  can: MemberOrderActions;
  /** The stored pick-up slot ('YYYY-MM-DD', 'HH:mm') and its outlet's store code ('' when unknown), null for delivery. */
  pickupSlot: { date: string; time: string; storeCode: string } | null;
  /** The order's products (one review each). */
  lines: Line[];
  /** The form action of the cancel Action (`actions.orders.cancel` as a string). */
  cancelAction: string;
};
type Open = null | 'cancel' | 'pickup' | 'review';

/** The stars of the rating, 1 to 5; 0 is the "No stars" choice beside them. */
const STARS = Array.from({ length: REVIEW_RATE_MAX - REVIEW_RATE_MIN }, (_, i) => REVIEW_RATE_MIN + 1 + i);
const STAR_PATH = 'm10 1.8 2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z';

/** The controls of one order (see the module comment); `can` decides which appear. */
function OrderControlsView({ locale, refno, can, pickupSlot, lines, cancelAction }: Props) {
  const t = bindLocale(locale);
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  /** Counts refused pick-up changes: the times are asked again, a slot that filled up then shows as Full. */
  const [pickupRefusals, setPickupRefusals] = useState(0);
  // Nothing chosen beforehand: each product's rating is the member's own choice.
  const [reviews, setReviews] = useState(() => lines.map((l) => ({ product_code: l.code, review_rate: null as number | null, review_comment: '' })));
  /** Products submitted without a rating, shown beside their stars. */
  const [unrated, setUnrated] = useState<string[]>([]);
  useEffect(() => setReady(true), []);

  const show = (which: Open) => {
    setError('');
    setOpen(which);
  };
  const close = () => (busy ? undefined : setOpen(null));

  async function cancel() {
    setBusy(true);
    const form = new FormData();
    form.set('order_refno', refno);
    const { data, error: err } = await actions.orders.cancel(form);
    if (err) {
      setBusy(false);
      return setError(err.message);
    }
    location.assign(data.redirect ?? location.href);
  }

  async function changePickup(date: string, time: string) {
    setBusy(true);
    setError('');
    const { error: err } = await actions.orders.changePickup({ order_refno: refno, date, time });
    if (err) {
      setBusy(false);
      setPickupRefusals((n) => n + 1);
      return setError(err.message);
    }
    location.reload();
  }

  async function submitReviews() {
    const missing = reviews.filter((r) => r.review_rate === null).map((r) => r.product_code);
    setUnrated(missing);
    if (missing.length > 0) {
      document.querySelector<HTMLInputElement>(`[data-review-line="${CSS.escape(missing[0]!)}"] input[type="radio"]`)?.focus();
      return;
    }
    setBusy(true);
    setError('');
    const { error: err } = await actions.orders.review({ order_refno: refno, reviews: reviews.map((r) => ({ ...r, review_rate: r.review_rate ?? REVIEW_RATE_MIN })) });
    if (err) {
      setBusy(false);
      return setError(err.message);
    }
    location.reload();
  }

  const setReview = (i: number, patch: Partial<(typeof reviews)[number]>) => {
    setReviews((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    if (patch.review_rate !== undefined) setUnrated((u) => u.filter((code) => code !== lines[i]!.code));
  };
  const errorLine = error && <p role="alert" className="field-error mb-3" data-order-error>{error}</p>;

  return (
    <div className="flex flex-wrap items-start gap-2" data-order-controls>
      <button type="button" className="btn-outline" hidden={!ready} onClick={() => window.print()} data-print>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2"><path d="M6 9V3h12v6M6 18H4v-7h16v7h-2M8 14h8v7H8z" /></svg>
        {t(m.order_print)}
      </button>
      {can.changePickup && pickupSlot && (
        <button type="button" className="btn-outline" hidden={!ready} onClick={() => show('pickup')} data-change-pickup>{t(m.order_change_pickup)}</button>
      )}
      {can.review && (
        <button type="button" className="btn-primary" hidden={!ready} onClick={() => show('review')} data-review-order>{t(m.order_review)}</button>
      )}
      {can.cancel && (
        <details className="group basis-full sm:basis-auto" data-cancel-order>
          <summary
            className="btn-outline cursor-pointer list-none text-brand-700 [&::-webkit-details-marker]:hidden"
            onClick={(e) => {
              e.preventDefault();
              show('cancel');
            }}
          >
            {t(m.order_cancel)}
          </summary>
          <div className="mt-2 max-w-md rounded-lg bg-paper p-3 text-sm">
            <p className="mb-3">{t(m.order_cancel_text)}</p>
            <form method="post" action={cancelAction}>
              <input type="hidden" name="order_refno" value={refno} />
              <button type="submit" className="btn-primary" data-cancel-submit>{t(m.order_cancel_confirm)}</button>
            </form>
          </div>
        </details>
      )}

      {open === 'cancel' && (
        <Modal open title={t(m.order_cancel_title)} onClose={close} closeLabel={t(m.modal_close)}>
          <p className="text-sm text-ink-700">{t(m.order_cancel_text)}</p>
          <div className="mt-4">{errorLine}</div>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-outline" onClick={close} disabled={busy}>{t(m.order_cancel_keep)}</button>
            <button type="button" className="btn-primary" onClick={() => void cancel()} disabled={busy} data-confirm-cancel>{t(m.order_cancel_confirm)}</button>
          </div>
        </Modal>
      )}

      {open === 'pickup' && pickupSlot && (
        <Modal open title={t(m.order_change_pickup)} onClose={close} closeLabel={t(m.modal_close)}>
          {errorLine}
          <PickupStep locale={locale} storeCode={pickupSlot.storeCode} initial={pickupSlot} holdsInitial refresh={pickupRefusals}
            onSave={(date, time) => void changePickup(date, time)} />
        </Modal>
      )}

      {open === 'review' && (
        <Modal open wide title={t(m.order_review_title)} onClose={close} closeLabel={t(m.modal_close)}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submitReviews();
            }}
            data-review-form
          >
            <ul className="divide-y divide-ink-900/10">
              {lines.map((line, i) => (
                <li key={line.code} className="py-3" data-review-line={line.code}>
                  <fieldset>
                    <legend className="mb-2 text-sm font-semibold"><bdi>{line.name}</bdi></legend>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" role="radiogroup" aria-label={t(m.order_review_rating, { name: line.name })}
                      aria-invalid={unrated.includes(line.code) || undefined} aria-describedby={unrated.includes(line.code) ? `rate-missing-${line.code}` : undefined}>
                      <label data-rate={REVIEW_RATE_MIN}
                        className={`cursor-pointer rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${reviews[i]!.review_rate === REVIEW_RATE_MIN ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800' : 'border-ink-300/70 hover:border-brand-500'}`}>
                        <input type="radio" className="sr-only" name={`rate-${line.code}`} value={REVIEW_RATE_MIN} checked={reviews[i]!.review_rate === REVIEW_RATE_MIN}
                          onChange={() => setReview(i, { review_rate: REVIEW_RATE_MIN })} />
                        {t(m.order_review_no_stars)}
                      </label>
                      {/* The stars fill from the start of the line: from the right on an Arabic page. */}
                      <span className="flex">
                        {STARS.map((rate) => {
                          const lit = (reviews[i]!.review_rate ?? 0) >= rate;
                          return (
                            <label key={rate} data-rate={rate} className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-0 has-[:focus-visible]:outline-brand-500">
                              <input type="radio" className="sr-only" name={`rate-${line.code}`} value={rate} checked={reviews[i]!.review_rate === rate}
                                onChange={() => setReview(i, { review_rate: rate })} />
                              <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-8 ${lit ? 'fill-sun-400 stroke-[#a86b00]' : 'fill-transparent stroke-ink-500'}`} strokeWidth="1.2"><path d={STAR_PATH} /></svg>
                              <span className="sr-only">{t(m.order_review_stars, { rate })}</span>
                            </label>
                          );
                        })}
                      </span>
                      <span className="text-sm text-ink-700" data-rate-shown>
                        {reviews[i]!.review_rate === null ? t(m.order_review_unrated) : t(m.order_review_stars, { rate: reviews[i]!.review_rate! })}
                      </span>
                    </div>
                    {unrated.includes(line.code) && (
                      <p id={`rate-missing-${line.code}`} className="field-error mt-1" data-rate-missing>{t(m.order_review_rate_missing, { name: line.name })}</p>
                    )}
                    <label className="label mt-3" htmlFor={`comment-${line.code}`}>{t(m.order_review_comment)}</label>
                    <textarea id={`comment-${line.code}`} className="field" rows={2} maxLength={REVIEW_COMMENT_MAX_LENGTH} dir="auto"
                      value={reviews[i]!.review_comment} onChange={(e) => setReview(i, { review_comment: e.target.value })} />
                  </fieldset>
                </li>
              ))}
            </ul>
            {errorLine}
            <div className="flex justify-end pt-2">
              <button type="submit" className="btn-primary" disabled={busy} data-submit-reviews>{t(m.order_review_submit)}</button>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}

/** The island, behind the render-error fallback (coverage.md §2). */
export const OrderControls = withErrorBoundary(OrderControlsView);

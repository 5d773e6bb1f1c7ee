/**
 * The account's vouchers (coverage.md §2 Account: vouchers; Modals: voucher details, redeem voucher; §4
 * Voucher tabs; §8 'Not enough point to redeem'). Two tabs, Active (code 1) and Expired/Used
 * (code 2); an active voucher is a button opening its details (image, name, value, expiry, minimum
 * spend, terms, a link to /voucher-details/?code=); an expired or used one is not clickable. The
 * redeem modal lists the kinds offered for points with their cost; Redeem asks first ("Spend 250
 * points on RM5 off?", Yes / Not now: points are never spent on one tap), then calls the
 * `vouchers.redeem` Action, toasts the success, adds the new voucher to the Active tab and shows
 * the new balance. Keyboard: the tabs follow the ARIA tabs pattern (arrow keys, Home, End); the
 * modals trap focus and close with Escape.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated } from '../../../components/islands/use-hydrated';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { formatPriceInText } from '../../../domain/money';
import { href, paths } from '../../../domain/paths';
import { toast } from '../../../lib/ui/toast';
import { $session } from '../../../stores/session';
import { Modal } from '../../../components/islands/Modal';
import { bindLocale } from '../../../components/islands/i18n';
import type { RedeemOptionView, VoucherCardView } from '../view';
import { expiryText, minSpendText, valueText } from './voucher-text';
import { withErrorBoundary } from '../../../components/islands/ErrorBoundary';
import { islandAction } from '../../shared/island-action';

type Props = {
  locale: Locale;
  active: VoucherCardView[];
  past: VoucherCardView[];
  offers: RedeemOptionView[];
  /** The member's points balance. */
  points: number;
};

type Tab = 'active' | 'past';
const TABS: Tab[] = ['active', 'past'];

/** The body of a voucher card: image, name, value, expiry or state, minimum spend. */
function CardBody({ v, locale, note }: { v: VoucherCardView; locale: Locale; note?: string }) {
  const t = bindLocale(locale);
  const inactive = v.state !== 'active';
  return (
    <>
      <img src={v.image} alt="" width={80} height={56} className={`h-14 w-20 shrink-0 rounded-lg bg-paper object-contain ${inactive ? 'grayscale' : ''}`} />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold"><bdi>{v.name}</bdi></span>
        {v.value && <span className="block text-sm font-semibold text-brand-700" data-voucher-value>{valueText(t, v.value)}</span>}
        <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-ink-500">
          {v.expireDate && <span>{t(m.voucher_expires_on, { date: expiryText(locale, v.expireDate) })}</span>}
          <span>{minSpendText(t, v.minSpendSen)}</span>
        </span>
        {note && <span className="mt-1 block text-xs font-medium text-brand-700">{note}</span>}
      </span>
    </>
  );
}

function VouchersIslandView({ locale, active: initialActive, past, offers, points: initialPoints }: Props) {
  const t = bindLocale(locale);
  const [tab, setTab] = useState<Tab>('active');
  const [active, setActive] = useState(initialActive);
  const [points, setPoints] = useState(initialPoints);
  const [details, setDetails] = useState<VoucherCardView | null>(null);
  const [redeemOpen, setRedeemOpen] = useState(false);
  // Until its script has taken over, the island's buttons are disabled: a tap before would do nothing.
  const ready = useHydrated();
  const [busy, setBusy] = useState<string | null>(null);
  /** The offer whose Redeem was pressed and now asks "Spend … on …?". */
  const [confirming, setConfirming] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement | null>(null);
  const redeemRefs = useRef(new Map<string, HTMLButtonElement | null>());
  const [error, setError] = useState('');
  /** The success toast, shown once the redeem modal has closed (a toast opened inside a modal goes with it). */
  const [notice, setNotice] = useState('');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // The question takes the focus; "Not now" gives it back to its Redeem button.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  function keep(code: string) {
    setConfirming(null);
    requestAnimationFrame(() => redeemRefs.current.get(code)?.focus());
  }

  useEffect(() => {
    if (!notice || redeemOpen) return;
    toast(notice, { tag: 'vouchers' });
    setNotice('');
  }, [notice, redeemOpen]);

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    const rtl = document.documentElement.dir === 'rtl';
    const next: Record<string, number> = { ArrowRight: rtl ? i - 1 : i + 1, ArrowLeft: rtl ? i + 1 : i - 1, Home: 0, End: TABS.length - 1 };
    if (!(e.key in next)) return;
    e.preventDefault();
    const j = (next[e.key]! + TABS.length) % TABS.length;
    setTab(TABS[j]!);
    tabRefs.current[j]?.focus();
  }

  async function redeem(o: RedeemOptionView) {
    setConfirming(null);
    setBusy(o.code);
    setError('');
    // islandAction: a network fault or a bare 5xx reads 'Oops, Something went wrong on server.' (coverage.md §8) and never throws.
    const { data, error: err } = await islandAction(locale, () => actions.vouchers.redeem({ vc_code: o.code }));
    setBusy(null);
    if (err || !data) {
      const message = err?.message ?? t(m.generic_error);
      setError(message);
      toast(message, { kind: 'error', tag: 'vouchers' });
      return;
    }
    setPoints(data.points);
    const session = $session.get();
    if (session) $session.set({ ...session, customer_point: data.points });
    setActive((list) => [...list, data.voucher].sort((a, b) => a.expireDate.localeCompare(b.expireDate)));
    setRedeemOpen(false);
    setTab('active');
    setNotice(t(m.voucher_redeemed, { name: data.voucher.name }));
  }

  const list = tab === 'active' ? active : past;
  return (
    <div data-vouchers>
      <div className="card mb-4 flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="text-sm" data-points-balance={points}>{t(m.voucher_redeem_balance, { points })}</p>
        <button type="button" className="btn-primary" aria-haspopup="dialog" disabled={!ready} onClick={() => { setError(''); setConfirming(null); setRedeemOpen(true); }} data-redeem-open>
          {t(m.voucher_redeem_open)}
        </button>
      </div>

      <div role="tablist" aria-label={t(m.voucher_tabs_label)} className="mb-4 flex gap-2 border-b border-ink-900/10">
        {TABS.map((key, i) => (
          <button
            key={key}
            ref={(el) => { tabRefs.current[i] = el; }}
            type="button"
            role="tab"
            id={`voucher-tab-${key}`}
            aria-controls={`voucher-panel-${key}`}
            aria-selected={tab === key}
            tabIndex={tab === key ? 0 : -1}
            disabled={!ready}
            onClick={() => setTab(key)}
            onKeyDown={(e) => onTabKey(e, i)}
            data-voucher-tab={key}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${tab === key ? 'border-brand-700 text-brand-700' : 'border-transparent text-ink-500 hover:text-ink-900'}`}
          >
            {key === 'active' ? t(m.voucher_tab_active) : t(m.voucher_tab_past)}
            <span className="ms-1 text-xs font-normal">({key === 'active' ? active.length : past.length})</span>
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`voucher-panel-${tab}`} aria-labelledby={`voucher-tab-${tab}`} tabIndex={0} data-voucher-panel={tab}>
        {list.length === 0 ? (
          <p className="card p-8 text-center text-ink-500" data-voucher-empty>{tab === 'active' ? t(m.voucher_empty) : t(m.voucher_past_empty)}</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {list.map((v) => (
              <li key={v.no} data-voucher-card={v.no}>
                {v.state === 'active' ? (
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    aria-label={t(m.voucher_open_details, { name: v.name })}
                    disabled={!ready}
                    onClick={() => setDetails(v)}
                    className="card flex w-full items-center gap-3 p-3 text-start transition hover:ring-2 hover:ring-brand-500"
                  >
                    <CardBody v={v} locale={locale} />
                  </button>
                ) : (
                  <div className="card flex w-full items-center gap-3 bg-paper p-3 opacity-70" aria-disabled="true">
                    <CardBody v={v} locale={locale} note={v.state === 'used' ? t(m.voucher_state_used) : t(m.voucher_state_expired)} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      {/* Mounted only while open: every Modal titles itself with the same id. */}
      {details && (
        <Modal open title={t(m.voucher_details_title)} onClose={() => setDetails(null)} closeLabel={t(m.modal_close)}>
          <div data-voucher-details={details.no}>
            <img src={details.image} alt="" width={320} height={180} className="mx-auto mb-3 h-40 w-full rounded-xl bg-paper object-contain" />
            <p className="text-lg font-bold"><bdi>{details.name}</bdi></p>
            {details.value && <p className="font-semibold text-brand-700">{valueText(t, details.value)}</p>}
            <p className="text-sm text-ink-700" data-voucher-expiry>{t(m.voucher_expires_on, { date: expiryText(locale, details.expireDate) })}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-ink-500">{t(m.voucher_number)}</dt>
              <dd dir="ltr" className="text-start break-all">{details.serial}</dd>
              <dt className="text-ink-500">{t(m.voucher_min_spend)}</dt>
              <dd>{details.minSpendSen > 0 ? formatPriceInText(details.minSpendSen) : t(m.voucher_no_min_spend)}</dd>
            </dl>
            <h3 className="mt-4 text-sm font-semibold">{t(m.voucher_tnc)}</h3>
            <p className="text-sm text-ink-700">{details.tnc}</p>
            <a className="mt-4 inline-block font-semibold text-brand-700 hover:underline" href={href(locale, paths.voucherDetails(details.code))} data-voucher-page-link>
              {t(m.voucher_full_details)}
            </a>
          </div>
        </Modal>
      )}

      {redeemOpen && (
        <Modal open title={t(m.voucher_redeem_title)} onClose={() => setRedeemOpen(false)} closeLabel={t(m.modal_close)}>
          <p className="mb-3 text-sm">{t(m.voucher_redeem_balance, { points })}</p>
          {error && <p role="alert" className="mb-3 rounded-lg bg-brand-50 p-2 text-sm font-medium text-brand-700" data-redeem-error>{error}</p>}
          {offers.length === 0 ? (
            <p className="py-4 text-sm text-ink-700">{t(m.voucher_redeem_none)}</p>
          ) : (
            <ul className="space-y-3" data-redeem-list>
              {offers.map((o) => {
                const short = Math.max(0, o.cost - points);
                return (
                  <li key={o.code} className="flex flex-wrap items-center gap-3 rounded-xl border border-ink-900/10 p-3" data-redeem-option={o.code}>
                    <span className="flex min-w-0 flex-1 items-center gap-3">
                      <CardBody v={o} locale={locale} note={short > 0 ? t(m.voucher_redeem_short, { missing: short }) : undefined} />
                    </span>
                    <span className="flex shrink-0 flex-col items-end gap-1">
                      <span className="text-sm font-semibold" data-redeem-cost={o.cost}>{t(m.voucher_redeem_cost, { points: o.cost })}</span>
                      {confirming !== o.code && (
                        <button
                          type="button"
                          ref={(el) => void redeemRefs.current.set(o.code, el)}
                          className="btn-primary !px-4 !py-1.5 text-sm"
                          disabled={busy !== null}
                          aria-label={`${t(m.voucher_redeem_button)} ${o.name}`}
                          onClick={() => setConfirming(o.code)}
                          data-redeem={o.code}
                        >
                          {t(m.voucher_redeem_button)}
                        </button>
                      )}
                    </span>
                    {confirming === o.code && (
                      <div role="group" aria-labelledby={`redeem-question-${o.code}`} className="flex basis-full flex-wrap items-center justify-end gap-2 border-t border-ink-900/10 pt-3" data-redeem-confirmation={o.code}>
                        <p id={`redeem-question-${o.code}`} className="me-auto text-sm font-medium" data-redeem-question>
                          {t(m.voucher_redeem_question, { cost: t(m.voucher_redeem_cost, { points: o.cost }), name: o.name })}
                        </p>
                        <button type="button" className="btn-outline !px-4 !py-1.5 text-sm" onClick={() => keep(o.code)} data-redeem-keep>
                          {t(m.voucher_redeem_keep)}
                        </button>
                        <button type="button" ref={confirmRef} className="btn-primary !px-4 !py-1.5 text-sm" disabled={busy !== null} onClick={() => void redeem(o)} data-redeem-confirm>
                          {t(m.voucher_redeem_confirm)}
                        </button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </Modal>
      )}
    </div>
  );
}

/** The island, behind the render-error fallback (coverage.md §2). */
export const VouchersIsland = withErrorBoundary(VouchersIslandView);

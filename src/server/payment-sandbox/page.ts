/**
 * The sandbox provider's hosted payment page (issue "Money in" §2; ADR 10), at
 * `/payment/sandbox/{id}`: unmistakably TEST MODE, showing the order and the amount, with Approve,
 * Decline and Cancel as plain HTML form buttons that work without JavaScript. A choice is recorded
 * once; the shop learns it from a signed server-to-server callback (never from the browser), then
 * the browser goes back to the shop's return page (303). It is the provider's page, not the
 * shop's, so it has its own plain look and does not use the shop's Actions. It speaks the language
 * of the shop page it returns to (the return address's /zh or /ar prefix; issue 24), right to left
 * in Arabic, the amount as the shop shows it ('RM 12.30', never split).
 */
import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import { formatPriceInText } from '../../domain/money';
import { isolate } from '../../i18n/bidi';
import { dir, refererLocale, resolveLocale, splitLocale, translator, type Locale } from '../../i18n/messages';
import type { Db } from '../xs-api/db/client';
import { completeSandboxPayment, deliverSandboxEvent, readSandboxPayment, type SandboxOutcome, type SandboxPayment } from './provider';
import { errorFields, log } from '../log';

const OUTCOMES: Record<string, SandboxOutcome> = { approve: 'approved', decline: 'declined', cancel: 'cancelled' };

/** What the page needs from the shop: the database and how to post the callback. */
export type SandboxPageDeps = {
  db: () => Promise<Db>;
  secret: string;
  webhookUrl: string;
  send: (r: Request) => Promise<Response>;
};

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b}
.test{background:repeating-linear-gradient(135deg,#f59e0b,#f59e0b 14px,#fbbf24 14px,#fbbf24 28px);color:#1c1917;text-align:center;font-weight:800;letter-spacing:.08em;padding:.6rem 1rem}
.test small{display:block;font-weight:600;letter-spacing:0}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem}
h1{font-size:1.1rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1.5rem}
dt{color:#71717a}dd{margin:0;font-weight:600;text-align:end;overflow-wrap:anywhere}.amount{font-size:1.6rem}
button{display:block;width:100%;min-height:44px;border:0;border-radius:10px;font:inherit;font-weight:700;padding:.7rem;margin-top:.6rem;cursor:pointer}
.approve{background:#16a34a;color:#fff}.decline{background:#dc2626;color:#fff}.cancel{background:#e4e4e7;color:#18181b}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}p.note{color:#52525b;font-size:.875rem}`;

/** The page's own Content-Security-Policy: its one inline style by hash, no script, forms only to itself and back to the shop. */
const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

/** The language of a payment's page: that of the shop page its return address names (EN without a prefix). */
export function sandboxLocale(returnUrl: string | null | undefined): Locale {
  try {
    return splitLocale(new URL(returnUrl ?? '').pathname).locale;
  } catch {
    return 'en';
  }
}

/** An amount in sen as the shop shows it, its symbol and figure kept on one line: 'RM 12.30'. */
const amount = (sen: number) => formatPriceInText(sen);

function layout(locale: Locale, title: string, body: ReturnType<typeof html>) {
  const t = translator(locale);
  return html`<!doctype html>
<html lang="${locale === 'zh' ? 'zh-Hans' : locale}" dir="${dir(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title><style>${raw(STYLE)}</style></head>
<body><div class="test" role="note">${t('sandbox_test_mode')}<small>${t('sandbox_note')}</small></div><main>${body}</main></body></html>`;
}

/** A sandbox status in `locale` ('open' → '待付款'); an unknown one as it is. */
function statusText(locale: Locale, status: string): string {
  const key = `sandbox_status_${status}`;
  const text = translator(locale)(key as Parameters<ReturnType<typeof translator>>[0]);
  return text === key ? status : text;
}

function paymentPage(p: SandboxPayment, action: string) {
  const open = p.status === 'open';
  const locale = sandboxLocale(p.returnUrl);
  const t = translator(locale);
  const status = statusText(locale, p.status);
  return layout(
    locale,
    t('sandbox_page_title', { reference: isolate(p.reference) }),
    html`<div class="card">
  <h1>${t('sandbox_title')}</h1>
  <dl>
    <dt>${t('sandbox_order')}</dt><dd data-sandbox-order><bdi>${p.reference}</bdi></dd>
    <dt>${t('sandbox_amount')}</dt><dd class="amount" data-sandbox-amount data-currency="${p.currency}"><bdi dir="ltr">${amount(p.amountSen)}</bdi></dd>
    <dt>${t('sandbox_status')}</dt><dd data-sandbox-status data-status="${p.status}">${status}</dd>
    ${p.refundedSen > 0 ? html`<dt>${t('sandbox_refunded')}</dt><dd data-sandbox-refunded><bdi dir="ltr">${amount(p.refundedSen)}</bdi></dd>` : ''}
  </dl>
  ${open
    ? html`<form method="post" action="${action}">
    <button class="approve" name="outcome" value="approve">${t('sandbox_approve')}</button>
    <button class="decline" name="outcome" value="decline">${t('sandbox_decline')}</button>
    <button class="cancel" name="outcome" value="cancel">${t('sandbox_cancel')}</button>
  </form>
  <p class="note">${t('sandbox_explain')}</p>`
    : html`<p class="note">${t('sandbox_done', { status })} <a href="${p.status === 'approved' ? p.returnUrl : p.cancelUrl}">${t('sandbox_return')}</a></p>`}
</div>`,
  );
}

const page = (body: unknown, status = 200) =>
  new Response(String(body), { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY', 'content-security-policy': CSP } });

/**
 * The language of a page for a payment the provider does not know (no return address to read it
 * from): that of the shop page the browser came from (its Referer's /zh or /ar prefix), else the
 * browser's Accept-Language, else EN.
 */
export function unknownPaymentLocale(headers: Headers): Locale {
  return refererLocale(headers) ?? resolveLocale(headers.get('accept-language'));
}

/** GET: the page of payment `id`; 404 in the browser's language when unknown. */
export async function showSandboxPayment(deps: SandboxPageDeps, id: string, request: Request): Promise<Response> {
  const p = await readSandboxPayment(await deps.db(), id);
  if (!p) {
    const locale = unknownPaymentLocale(request.headers);
    const text = translator(locale)('sandbox_not_found');
    return page(layout(locale, text, html`<div class="card"><h1>${text}</h1></div>`), 404);
  }
  return page(await paymentPage(p, new URL(request.url).pathname));
}

/**
 * POST: records Approve, Decline or Cancel, posts the signed callback to the shop, and sends the
 * browser back (303: approved → the return address, else the cancel address). A payment no longer
 * open (second click, reload, expired) just shows its state; an unknown choice answers 400.
 */
export async function chooseSandboxOutcome(deps: SandboxPageDeps, id: string, request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const outcome = OUTCOMES[String(form?.get('outcome') ?? '')];
  if (!outcome) {
    const locale = sandboxLocale((await readSandboxPayment(await deps.db(), id))?.returnUrl);
    const text = translator(locale)('sandbox_bad_choice');
    return page(layout(locale, text, html`<div class="card"><h1>${text}</h1></div>`), 400);
  }
  const db = await deps.db();
  const done = await completeSandboxPayment(db, id, outcome);
  if (!done) return showSandboxPayment(deps, id, request);
  const delivered = await deliverSandboxEvent(done.event, deps.secret, deps.webhookUrl, deps.send).catch((err: unknown) => {
    log.error(errorFields(err), 'payment sandbox: callback failed');
    return false;
  });
  // A lost callback is not lost money: the shop reconciles open attempts with the provider.
  if (!delivered) log.warn({ event_id: done.event.id }, 'payment sandbox: the shop did not acknowledge the event; it will reconcile');
  return new Response(null, { status: 303, headers: { location: outcome === 'approved' ? done.payment.returnUrl : done.payment.cancelUrl } });
}

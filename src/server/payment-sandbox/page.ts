/**
 * The sandbox provider's hosted payment page (issue "Money in" §2; ADR 10), at
 * `/payment/sandbox/{id}`: unmistakably TEST MODE, showing the order and the amount, with Approve,
 * Decline and Cancel as plain HTML form buttons that work without JavaScript. A choice is recorded
 * once; the shop learns it from a signed server-to-server callback (never from the browser), then
 * the browser goes back to the shop's return page (303). It is the provider's page, not the
 * shop's, so it has its own plain look and does not use the shop's Actions.
 */
import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import { formatAmount } from '../../domain/money';
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

function layout(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title><style>${raw(STYLE)}</style></head>
<body><div class="test" role="note">TEST MODE<small>Sandbox payment provider: no real money moves.</small></div><main>${body}</main></body></html>`;
}

function paymentPage(p: SandboxPayment, action: string) {
  const open = p.status === 'open';
  return layout(
    `TEST MODE payment ${p.reference}`,
    html`<div class="card">
  <h1>Pay the shop</h1>
  <dl>
    <dt>Order</dt><dd data-sandbox-order>${p.reference}</dd>
    <dt>Amount</dt><dd class="amount" data-sandbox-amount>${p.currency} ${formatAmount(p.amountSen)}</dd>
    <dt>Status</dt><dd data-sandbox-status>${p.status}</dd>
    ${p.refundedSen > 0 ? html`<dt>Refunded</dt><dd data-sandbox-refunded>${p.currency} ${formatAmount(p.refundedSen)}</dd>` : ''}
  </dl>
  ${open
    ? html`<form method="post" action="${action}">
    <button class="approve" name="outcome" value="approve">Approve payment</button>
    <button class="decline" name="outcome" value="decline">Decline payment</button>
    <button class="cancel" name="outcome" value="cancel">Cancel and return to the shop</button>
  </form>
  <p class="note">Approve takes the payment; Decline answers as a refused card would; Cancel leaves without paying.</p>`
    : html`<p class="note">This payment is ${p.status}. <a href="${p.status === 'approved' ? p.returnUrl : p.cancelUrl}">Return to the shop</a></p>`}
</div>`,
  );
}

const page = (body: unknown, status = 200) =>
  new Response(String(body), { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY', 'content-security-policy': CSP } });

/** GET: the page of payment `id` (404 when unknown). */
export async function showSandboxPayment(deps: SandboxPageDeps, id: string, url: URL): Promise<Response> {
  const p = await readSandboxPayment(await deps.db(), id);
  if (!p) return page(layout('Payment not found', html`<div class="card"><h1>Payment not found</h1></div>`), 404);
  return page(await paymentPage(p, url.pathname));
}

/**
 * POST: records Approve, Decline or Cancel, posts the signed callback to the shop, and sends the
 * browser back (303: approved → the return address, else the cancel address). A payment no longer
 * open (second click, reload, expired) just shows its state; an unknown choice answers 400.
 */
export async function chooseSandboxOutcome(deps: SandboxPageDeps, id: string, request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const outcome = OUTCOMES[String(form?.get('outcome') ?? '')];
  if (!outcome) return page(layout('Bad request', html`<div class="card"><h1>Choose Approve, Decline or Cancel.</h1></div>`), 400);
  const db = await deps.db();
  const done = await completeSandboxPayment(db, id, outcome);
  if (!done) return showSandboxPayment(deps, id, new URL(request.url));
  const delivered = await deliverSandboxEvent(done.event, deps.secret, deps.webhookUrl, deps.send).catch((err: unknown) => {
    log.error(errorFields(err), 'payment sandbox: callback failed');
    return false;
  });
  // A lost callback is not lost money: the shop reconciles open attempts with the provider.
  if (!delivered) log.warn({ event_id: done.event.id }, 'payment sandbox: the shop did not acknowledge the event; it will reconcile');
  return new Response(null, { status: 303, headers: { location: outcome === 'approved' ? done.payment.returnUrl : done.payment.cancelUrl } });
}

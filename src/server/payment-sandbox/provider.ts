/**
 * The sandbox payment provider (issue "Money in" §2; ADR 10): a stand-in for a real card provider,
 * served by the shop itself so a fresh clone can take payments with no account anywhere. It keeps
 * its own records (`sandbox_payments`), shows a hosted page marked TEST MODE (./page.ts), and tells
 * the shop the outcome through a signed server-to-server callback, as a real provider's webhook
 * does. The shop's side of it is the adapter in src/server/xs-api/adapters/payment/sandbox.ts.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../xs-api/db/client';
import { sandboxPayments } from '../xs-api/db/schema';
import { signCallback, SANDBOX_SIGNATURE_HEADER } from '../xs-api/adapters/payment/signature';
import { clock } from '../clock';

export type SandboxPayment = typeof sandboxPayments.$inferSelect;
/** What the shopper chose on the hosted page. */
export type SandboxOutcome = 'approved' | 'declined' | 'cancelled';

/** A sandbox callback as it is posted to the shop (the event body). Amounts in sen. */
export type SandboxEvent = {
  id: string;
  type: `payment.${SandboxOutcome | 'refunded'}`;
  created: number;
  data: { id: string; reference: string; amount: number; currency: string; status: string };
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/** Creates an open payment; its page lives at `/payment/sandbox/{id}`. Amount in sen. */
export async function createSandboxPayment(
  db: Db,
  input: { reference: string; description: string; amountSen: number; currency: string; returnUrl: string; cancelUrl: string; expiresAt: Date },
): Promise<SandboxPayment> {
  const [row] = await db.insert(sandboxPayments).values({ id: newId('sbx'), status: 'open', ...input }).returning();
  return row!;
}

/** One sandbox payment, its status brought up to date (an open one past its expiry is 'expired'); null when unknown. */
export async function readSandboxPayment(db: Db, id: string, now = clock.now()): Promise<SandboxPayment | null> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
  if (!row) return null;
  if (row.status === 'open' && row.expiresAt <= now) {
    await db.update(sandboxPayments).set({ status: 'expired', completedAt: now }).where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'open')));
    return { ...row, status: 'expired', completedAt: now };
  }
  return row;
}

/**
 * Records the shopper's choice on an open payment and returns the callback event to send; null when
 * the payment is unknown or no longer open (a second click, a reload, an expired page).
 */
export async function completeSandboxPayment(db: Db, id: string, outcome: SandboxOutcome, now = clock.now()): Promise<{ payment: SandboxPayment; event: SandboxEvent } | null> {
  const current = await readSandboxPayment(db, id, now);
  if (!current || current.status !== 'open') return null;
  const [payment] = await db
    .update(sandboxPayments)
    .set({ status: outcome, completedAt: now })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'open')))
    .returning();
  if (!payment) return null;
  return { payment, event: sandboxEvent(payment, `payment.${outcome}`, now) };
}

/** Refunds an approved payment (whole or part, sen). @throws Error when it is not approved or the amount exceeds what is left. */
export async function refundSandboxPayment(db: Db, id: string, amountSen: number): Promise<{ refundRef: string }> {
  const current = await readSandboxPayment(db, id);
  if (!current || (current.status !== 'approved' && current.status !== 'refunded')) throw new Error(`sandbox payment ${id} is not approved`);
  if (amountSen <= 0 || current.refundedSen + amountSen > current.amountSen) throw new Error(`sandbox refund of ${amountSen} sen exceeds the payment`);
  const refundedSen = current.refundedSen + amountSen;
  await db.update(sandboxPayments).set({ refundedSen, status: refundedSen === current.amountSen ? 'refunded' : 'approved' }).where(eq(sandboxPayments.id, id));
  return { refundRef: newId('sbxre') };
}

function sandboxEvent(p: SandboxPayment, type: SandboxEvent['type'], now: Date): SandboxEvent {
  return {
    id: newId('evt_sbx'),
    type,
    created: Math.floor(now.getTime() / 1000),
    data: { id: p.id, reference: p.reference, amount: p.amountSen, currency: p.currency, status: p.status },
  };
}

/**
 * Posts a signed callback to the shop's webhook through `send` (a fetch: the in-process API by
 * default, or any HTTP endpoint). @returns whether the shop acknowledged it (2xx).
 */
export async function deliverSandboxEvent(event: SandboxEvent, secret: string, webhookUrl: string, send: (r: Request) => Promise<Response>): Promise<boolean> {
  const body = JSON.stringify(event);
  const response = await send(
    new Request(webhookUrl, { method: 'POST', body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signCallback(body, secret) } }),
  );
  return response.ok;
}

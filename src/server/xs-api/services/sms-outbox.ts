/**
 * Reading the SMS outbox (contract ops_sms_outbox, `npm run ops -- sms <number>`): the messages the
 * shop wrote for one number when it runs without a gateway (adapters/sms.ts keeps them 30 minutes).
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';
import { invalidPayload } from '../errors';
import { isMalaysianPhone, normalizeMalaysianPhone } from '../../../domain/validation';

/**
 * The outbox messages to `number` ('0123456789' or '60123456789'), newest first, at most 20.
 * @throws ApiError 400 for a number that is not a Malaysian one.
 */
export async function smsOutboxFor(db: Db, number: string): Promise<{ to: string; message: string; created_at: string }[]> {
  if (!isMalaysianPhone(number)) throw invalidPayload('to: not a Malaysian mobile number');
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, normalizeMalaysianPhone(number)))
    .orderBy(desc(smsOutbox.id))
    .limit(20);
  return rows.map((r) => ({ to: r.to, message: r.message, created_at: r.createdAt.toISOString() }));
}

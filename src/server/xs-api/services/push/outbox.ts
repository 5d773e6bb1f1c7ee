/**
 * Messages sent after the commit (ADR 32): a change that should reach a member's devices (an
 * order's news) or phone (a product back in stock) writes a `push_outbox` row inside its own
 * transaction (`queueMessages`); the dispatcher sends it once that transaction has committed. So a
 * push service that is slow, down or refusing never holds up or undoes the change, and a change
 * rolled back sends nothing.
 *
 * The dispatcher runs when the API has answered a write (app.ts kicks it after every POST), after
 * each expiry run, and every 30 s on a running shop (src/server/runtime.ts) for rows another
 * instance or a crash left. A run claims up to 50 rows at a time and deletes them in the same
 * statement (`DELETE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`), so on several
 * instances each row is sent by one of them, once; a row whose sending fails is logged, not
 * retried (the feed still has the notice). Push: to each of the member's devices, in the member's
 * language (services/push/payload.ts); a push service answering 404 or 410 has dropped the
 * subscription, which is deleted. SMS: through the SMS adapter, in the member's language.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resultRows } from '../../db/client';
import { customers, pushOutbox, pushSubscriptions } from '../../db/schema';
import type { PushSender } from '../../adapters/push';
import type { SmsSender } from '../../adapters/sms';
import { isMalaysianPhone, normalizeMalaysianPhone } from '../../../../domain/validation';
import { translate } from '../../../../i18n/messages';
import { href, paths } from '../../../../domain/paths';
import { errorFields, log } from '../../../log';
import { clock } from '../../../clock';
import { productNameIn, pushPayload, type PushKind } from './payload';
import { shown } from '../notifications';

/** One message to send after the commit. */
export type OutboxMessage = { memberCode: string; channel: 'push' | 'sms'; kind: PushKind; params: Record<string, string | number> };

/** Rows written by this process since it started: a dispatcher with nothing new to look at skips its query. */
let written = 0;

/** Writes `messages` to the outbox (inside the caller's transaction when `db` is one). Nothing for an empty list. */
export async function queueMessages(db: Db, messages: readonly OutboxMessage[]): Promise<void> {
  if (!messages.length) return;
  const now = clock.now();
  await db.insert(pushOutbox).values(messages.map((m) => ({ ...m, createdAt: now })));
  written += messages.length;
}

/** What a dispatcher needs: the database, the senders and the shop's public origin (links in text messages). */
export type DispatchDeps = { db: () => Promise<Db>; push: PushSender; sms: SmsSender; siteUrl: string };

/** Rows claimed per statement. */
const BATCH = 50;

type Claimed = { id: number; member_code: string; channel: 'push' | 'sms'; kind: PushKind; params: Record<string, string | number> };

/** Claims and deletes up to BATCH rows, oldest first, skipping rows another instance is claiming. */
async function claim(db: Db): Promise<Claimed[]> {
  const rows = resultRows<Claimed>(
    await db.execute(sql`delete from ${pushOutbox} where id in (select id from ${pushOutbox} order by id limit ${BATCH} for update skip locked)
      returning id, member_code, channel, kind, params`),
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Sends one claimed row. Never throws. @returns how many deliveries were handed over. */
async function deliver(db: Db, deps: DispatchDeps, row: Claimed): Promise<number> {
  try {
    const [member] = await db.select({ language: customers.language, mobile: customers.mobile }).from(customers).where(eq(customers.memberCode, row.member_code)).limit(1);
    if (!member) return 0;
    const params = typeof row.params === 'string' ? (JSON.parse(row.params) as Claimed['params']) : row.params;
    if (row.channel === 'sms') {
      if (!isMalaysianPhone(member.mobile)) return 0;
      const link = `${deps.siteUrl}${href(member.language, paths.product(String(params.product_code ?? '')))}`;
      const text = translate(member.language, 'sms_back_in_stock', { ...shown(params, member.language), product: productNameIn(params, member.language), link });
      await deps.sms.send(db, normalizeMalaysianPhone(member.mobile), text);
      return 1;
    }
    const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberCode, row.member_code));
    if (!devices.length) return 0;
    const payload = JSON.stringify(pushPayload(row.kind, params, member.language));
    const outcomes = await Promise.all(devices.map((d) => deps.push.send(db, d, payload)));
    const gone = devices.filter((_, i) => outcomes[i] === 'gone').map((d) => d.id);
    if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    const failed = outcomes.filter((o) => o === 'failed').length;
    if (failed) log.warn({ event: 'push_failed', kind: row.kind, failed }, 'push: a push service did not take a message');
    return outcomes.filter((o) => o === 'sent').length;
  } catch (err) {
    log.error({ ...errorFields(err), event: 'outbox_failed', kind: row.kind, channel: row.channel }, 'outbox: a message could not be sent');
    return 0;
  }
}

/** Sends everything in the outbox now, batch after batch. @returns deliveries handed over. */
export async function drainOutbox(deps: DispatchDeps): Promise<number> {
  const db = await deps.db();
  let sent = 0;
  for (;;) {
    const rows = await claim(db);
    if (!rows.length) return sent;
    for (const row of rows) sent += await deliver(db, deps, row);
  }
}

/** Runs the outbox's sending in the background, one run at a time. */
export type OutboxDispatcher = {
  /** Starts a run soon (or another after the one under way) when this process wrote rows since the last, or always with `force`. Never throws. */
  kick(force?: boolean): void;
  /** Resolves when no run is under way or due. */
  idle(): Promise<void>;
};

/** A dispatcher over `deps` (see the module's comment). */
export function outboxDispatcher(deps: DispatchDeps): OutboxDispatcher {
  let seen = -1;
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> =>
    (async () => {
      do {
        again = false;
        seen = written;
        await drainOutbox(deps).catch((err) => log.error({ ...errorFields(err), event: 'outbox_failed' }, 'outbox: a run failed'));
      } while (again);
    })().finally(() => (running = null));
  return {
    kick(force = false) {
      if (!force && seen === written) return;
      if (running) {
        again = true;
        return;
      }
      running = new Promise<void>((resolve) => setImmediate(resolve)).then(run);
    },
    async idle() {
      while (running) await running;
    },
  };
}

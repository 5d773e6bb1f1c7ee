/**
 * Text messages (docs/architecture.md Adapters: SMS; coverage.md §7 text-message gateway). Default: each message is
 * written to the `sms_outbox` table, so a local shop works without a provider.
 * With SMS_GATEWAY_URL set (plus SMS_GATEWAY_USERNAME, SMS_GATEWAY_PASSWORD) the message is POSTed
 * to the gateway as a form with the fields username, password, to and msg (coverage.md §7 form variant).
 *
 * Secrets in messages (verification codes, valid 10 minutes; reset links, valid 30 minutes): with a
 * gateway they are handed over and not stored by the shop. Without one, the outbox table is the
 * gateway (staff read it with `npm run ops -- sms <number>`), so a message is kept there only as
 * long as what it carries lives: each send deletes messages older than `SMS_OUTBOX_KEEP_MS`. The
 * server log notes each send with neither the number nor the text.
 */
import type { Db } from '../db/client';
import { lt } from 'drizzle-orm';
import { smsOutbox } from '../db/schema';
import { log } from '../../log';
import { clock } from '../../clock';
import { currentEnv, setting, type Env } from '../../settings';

/** How long the outbox keeps a message: 30 minutes, the life of a reset link (a code lives 10). */
export const SMS_OUTBOX_KEEP_MS = 30 * 60 * 1000;

export type SmsSender = {
  /** Sends `msg` to the number `to` (international digits, e.g. '60123456789'). @throws Error when the gateway refuses. */
  send(db: Db, to: string, msg: string): Promise<void>;
};

/**
 * Writes to the outbox table (pruning messages past `SMS_OUTBOX_KEEP_MS`) and notes the send in the
 * log (no number, no text). `deliver` receives the message too: the tests' gateway hook.
 */
export function outboxSms(deliver?: (to: string, msg: string) => void): SmsSender {
  return {
    async send(db, to, msg) {
      await db.delete(smsOutbox).where(lt(smsOutbox.createdAt, new Date(clock.ms() - SMS_OUTBOX_KEEP_MS)));
      await db.insert(smsOutbox).values({ to, message: msg });
      deliver?.(to, msg);
      log.info({ event: 'sms_outbox' }, 'sms: message written to the outbox');
    },
  };
}

/** POSTs a form (username, password, to, msg) to an HTTP text-message gateway. */
export function gatewaySms(url: string, username: string, password: string, fetchFn: typeof fetch = fetch): SmsSender {
  return {
    async send(_db, to, msg) {
      const res = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password, to, msg }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/**
 * The sender for this environment: the gateway when SMS_GATEWAY_URL is set (with
 * SMS_GATEWAY_USERNAME and SMS_GATEWAY_PASSWORD), else the outbox.
 * @throws Error naming a setting off the schema (src/server/settings.ts).
 */
export function smsFromEnv(env: Env = currentEnv()): SmsSender {
  const url = setting('SMS_GATEWAY_URL', env);
  if (!url) return outboxSms();
  return gatewaySms(url, setting('SMS_GATEWAY_USERNAME', env) ?? '', setting('SMS_GATEWAY_PASSWORD', env) ?? '');
}

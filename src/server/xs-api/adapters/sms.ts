/**
 * Text messages (DESIGN Adapters: SMS; spec §7 text-message gateway). Default: each message is
 * recorded in the `sms_outbox` table and the server log, so a local shop works without a provider —
 * with its secrets masked (`maskSmsSecrets`: reset links' tokens, codes), since neither is a place
 * for them; the clear text goes only to the `deliver` hook (tests read reset links there).
 * With SMS_GATEWAY_URL set (plus SMS_GATEWAY_USERNAME, SMS_GATEWAY_PASSWORD) the message is POSTed
 * to the gateway as a form with the fields username, password, to and msg (spec §7 form variant),
 * and kept nowhere.
 */
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';
import { log } from '../../log';

export type SmsSender = {
  /** Sends `msg` to the number `to` (international digits, e.g. '60123456789'). @throws Error when the gateway refuses. */
  send(db: Db, to: string, msg: string): Promise<void>;
};

/**
 * A text message with its secrets masked: `token=` values of links and runs of 4–8 digits (codes).
 * E.g. 'Reset: https://shop.my/password-reset?token=abc' → 'Reset: https://shop.my/password-reset?token=[redacted]';
 * 'Your code is 123456' → 'Your code is [redacted]'.
 */
export function maskSmsSecrets(msg: string): string {
  return msg.replace(/([?&]token=)[^&\s]+/gi, '$1[redacted]').replace(/(?<![\w/.-])\d{4,8}(?![\w/-]|\.\d)/g, '[redacted]');
}

/**
 * Records each message in the outbox table (masked) and logs that one was queued (no number, no
 * text). `deliver` receives the clear message: what a gateway would have sent.
 */
export function outboxSms(deliver?: (to: string, msg: string) => void): SmsSender {
  return {
    async send(db, to, msg) {
      await db.insert(smsOutbox).values({ to, message: maskSmsSecrets(msg) });
      deliver?.(to, msg);
      log.info({ event: 'sms_outbox' }, 'sms: message recorded in the outbox (secrets masked)');
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

/** The sender for this environment: the gateway when SMS_GATEWAY_URL is set, else the outbox. */
export function smsFromEnv(env: NodeJS.ProcessEnv = process.env): SmsSender {
  if (!env.SMS_GATEWAY_URL) return outboxSms();
  return gatewaySms(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_USERNAME ?? '', env.SMS_GATEWAY_PASSWORD ?? '');
}

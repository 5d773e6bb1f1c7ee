/**
 * Web Push (docs/architecture.md Adapters; ADR 32): a message to one browser through the push
 * service that browser named (its subscription's endpoint). `web-push` encrypts the payload for
 * the browser's keys (aes128gcm) and signs the request with the shop's VAPID keys; the request
 * itself goes out through `fetch`, so any endpoint a test names (a local HTTP server) receives it
 * exactly as a push service would.
 *
 * The push service's answer decides what happens to the subscription: 201/200/202 sent; 404 or 410
 * gone (the browser dropped it: the caller deletes it); anything else, or no answer within 10 s,
 * failed (logged by the caller, the subscription kept).
 */
import webpush from 'web-push';
import type { Db } from '../db/client';
import { config } from '../../config';
import { vapidKeys, type VapidKeys } from '../services/push/keys';

/** One browser: its push service's endpoint and its keys (base64url). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushOutcome = 'sent' | 'gone' | 'failed';

export type PushSender = {
  /** The public key browsers subscribe with (base64url). */
  publicKey(db: Db): Promise<string>;
  /** Sends `payload` (JSON text) to `to`. Never throws. */
  send(db: Db, to: PushTarget, payload: string): Promise<PushOutcome>;
};

/** How long the push service keeps a message for a browser that is offline: one day (s). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * The Web Push sender: `keys` (configured) or the database's own, `subject` the contact push
 * services may write to (mailto: or https:), `fetchFn` the transport.
 */
export function webPushSender(opts: { keys?: VapidKeys | null; subject: string; fetchFn?: typeof fetch }): PushSender {
  const fetchFn = opts.fetchFn ?? fetch;
  return {
    async publicKey(db) {
      return (await vapidKeys(db, opts.keys)).publicKey;
    },
    async send(db, to, payload) {
      try {
        const keys = await vapidKeys(db, opts.keys);
        const req = webpush.generateRequestDetails({ endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } }, payload, {
          vapidDetails: { subject: opts.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        });
        const res = await fetchFn(req.endpoint, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: req.body ? new Uint8Array(req.body) : undefined,
          signal: AbortSignal.timeout(10_000),
          redirect: 'manual',
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status === 404 || res.status === 410) return 'gone';
        return res.status >= 200 && res.status < 300 ? 'sent' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
}

/** The sender of this environment: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (else the database's own pair) and VAPID_SUBJECT. */
export function pushFromConfig(vapid = config.vapid): PushSender {
  return webPushSender({ keys: vapid.keys, subject: vapid.subject });
}

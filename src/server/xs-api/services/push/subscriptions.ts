/**
 * A member's devices with order news switched on (ADR 32; contract push_subscribe,
 * push_unsubscribe): the browser's PushSubscription, one row per endpoint.
 *
 * Endpoints are where the shop's server will send requests, so they are checked before they are
 * kept: an https URL whose host is a name, not an IP address, `localhost` or a local name
 * (`.local`, `.internal`, `.localhost`), so nobody can aim the shop at its own network. The app's
 * `allowAnyPushEndpoint` option (tests only: their push service is a local HTTP server) lifts this.
 */
import net from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { ApiError } from '../../errors';
import type { Locale } from '../../../../i18n/messages';
import { clock } from '../../../clock';

/** What the browser gives (PushSubscription.toJSON()), with a label of the device and the page's language. */
export type SubscribeInput = { endpoint: string; keys: { p256dh: string; auth: string }; user_agent?: string; language?: Locale };

/** Whether the shop may send to `endpoint` (see the module's comment). */
export function acceptableEndpoint(endpoint: string, allowAny = false): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowAny) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host) !== 0 || !host.includes('.')) return false;
  return !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host);
}

/** Whether a base64url text decodes to `bytes` bytes (and, for a P-256 point, starts with 0x04). */
function keyOfLength(text: string, bytes: number, point = false): boolean {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return false;
  const raw = Buffer.from(text.replace(/=+$/, ''), 'base64url');
  return raw.length === bytes && (!point || raw[0] === 4);
}

/**
 * Keeps the device for `memberCode` (the same endpoint again: its keys, label and language are
 * updated; an endpoint another member had on this browser moves to this member, who is the one
 * logged in on it now).
 * @returns how many devices the member has with order news on
 * @throws ApiError 400 'push_endpoint_refused' (see `acceptableEndpoint`), 400 'api_invalid_payload'
 *   for keys that are not a P-256 public key (65 bytes) and a 16-byte auth secret.
 */
export async function subscribe(db: Db, memberCode: string, input: SubscribeInput, opts: { allowAnyEndpoint?: boolean } = {}): Promise<number> {
  if (!acceptableEndpoint(input.endpoint, opts.allowAnyEndpoint)) throw new ApiError(400, 'push_endpoint_refused');
  if (!keyOfLength(input.keys.p256dh, 65, true)) throw new ApiError(400, 'api_invalid_payload', { detail: 'keys.p256dh: not a P-256 public key' });
  if (!keyOfLength(input.keys.auth, 16)) throw new ApiError(400, 'api_invalid_payload', { detail: 'keys.auth: not a 16-byte secret' });
  const row = {
    memberCode,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: (input.user_agent ?? '').slice(0, 120),
    language: input.language ?? 'en',
    createdAt: clock.now(),
  };
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { memberCode, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent, language: row.language } });
  return devices(db, memberCode);
}

/** Forgets the member's device of `endpoint` (none: nothing happens). @returns how many devices the member still has. */
export async function unsubscribe(db: Db, memberCode: string, endpoint: string): Promise<number> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.memberCode, memberCode), eq(pushSubscriptions.endpoint, endpoint)));
  return devices(db, memberCode);
}

/** How many devices the member has with order news on. */
export async function devices(db: Db, memberCode: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.memberCode, memberCode));
  return Number(row?.n ?? 0);
}

/**
 * Webhook signatures of the sandbox provider (issue "Money in" §2; ADR 10), built the way real
 * providers sign theirs: header `X-Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" with the shared secret>`. The timestamp is inside the signed text, so an old
 * callback cannot be re-dated; a callback more than 300 s away from now is refused, and the
 * event id makes a replay within the window apply nothing (unique payment_events row).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CALLBACK_TOLERANCE_SECONDS, PaymentCallbackError } from './types';
import { clock } from '../../../clock';

/** The header that carries the sandbox signature. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

function mac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The signature header value for `body` at `now` (the sender's side). */
export function signCallback(body: string, secret: string, now = clock.now()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}

/**
 * Checks a signature header against the raw body (the receiver's side).
 * @param header e.g. 't=1795400000,v1=5f0c…'; several v1 values are accepted (secret rotation)
 * @throws PaymentCallbackError 'signature_missing' (no or unparsable header), 'timestamp_stale'
 *   (|now − t| > 300 s), 'signature_invalid' (no v1 matches).
 */
export function verifyCallbackSignature(body: string, header: string | null | undefined, secret: string, now = clock.now(), toleranceSeconds = CALLBACK_TOLERANCE_SECONDS): void {
  if (!header) throw new PaymentCallbackError('signature_missing');
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v ?? '')).map(([, v]) => Buffer.from(v!, 'hex'));
  if (!Number.isSafeInteger(t) || !signatures.length) throw new PaymentCallbackError('signature_missing');
  if (Math.abs(Math.floor(now.getTime() / 1000) - t) > toleranceSeconds) throw new PaymentCallbackError('timestamp_stale');
  const expected = Buffer.from(mac(secret, t, body), 'hex');
  if (!signatures.some((s) => timingSafeEqual(s, expected))) throw new PaymentCallbackError('signature_invalid');
}

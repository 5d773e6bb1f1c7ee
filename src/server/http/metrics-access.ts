/**
 * Who may read `/metrics` (docs/architecture.md "Operations"; README Metrics): only a request
 * carrying `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the endpoint is off (404
 * for everyone, loopback included: a proxy on the same host would otherwise pass the public in).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * 'off' when no token is configured, 'allowed' for the right bearer token, else 'refused'.
 * Compared in constant time (over SHA-256 digests, so the length is not revealed either).
 * `token`: METRICS_TOKEN ('' when unset); `authorization`: the request's Authorization header.
 */
export function metricsAccess(token: string, authorization: string | undefined): 'off' | 'allowed' | 'refused' {
  if (!token) return 'off';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m?.[1]) return 'refused';
  return timingSafeEqual(digest(m[1]), digest(token)) ? 'allowed' : 'refused';
}

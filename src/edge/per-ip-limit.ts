/**
 * The global per-IP limit at the edge (ADR 36): what RATE_LIMIT_PER_MINUTE is on the Node shop
 * (src/server/request-edge.ts, the `global` bucket), counted by the platform's Workers Rate Limiting
 * binding `PER_IP_LIMIT` (wrangler.edge.jsonc `ratelimits`: its limit and 60 s period are set
 * there, at deploy, not by a variable). A worker's memory is one isolate's among many, so the count
 * cannot live in it; the binding counts per location of the platform, which is the platform's
 * own model. Pages the platform's cache answers never reach the worker and are not counted.
 *
 * - The key is the client IP as src/server/ip-key.ts counts it (an IPv6 address by its /64);
 *   addresses in RATE_LIMIT_EXEMPT_IPS are never counted.
 * - Over the limit, the middleware answers 429 with Retry-After `periodS` (the binding says only
 *   whether a call is allowed, not when the window turns).
 * - Without the binding (a configuration that leaves it out) or when it fails, nothing is limited:
 *   the API still counts each shopper by the address the worker forwards (X-Forwarded-For).
 */
import type { Bucket } from '../server/xs-api/adapters/rate-limit';
import { ipKey } from '../server/ip-key';

/** The Workers Rate Limiting binding's one method. */
export type RateLimitBinding = { limit(options: { key: string }): Promise<{ success: boolean }> };

/** The binding's period, in seconds (wrangler.edge.jsonc `ratelimits[].simple.period`). */
export const EDGE_LIMIT_PERIOD_S = 60;

/** RATE_LIMIT_EXEMPT_IPS as a set: addresses separated by commas or spaces. */
export function exemptIps(raw: string | undefined): Set<string> {
  return new Set((raw ?? '').split(/[\s,]+/).filter(Boolean));
}

/** The `global` bucket at the edge: 0 while `binding` allows the IP's call, else `periodS` (seconds to wait). */
export function edgeBucket(binding: RateLimitBinding | undefined, exempt: ReadonlySet<string>, periodS = EDGE_LIMIT_PERIOD_S): Bucket {
  return {
    async take(ip) {
      if (!binding || !ip || exempt.has(ip)) return 0;
      try {
        return (await binding.limit({ key: ipKey(ip) })).success ? 0 : periodS;
      } catch {
        return 0;
      }
    },
  };
}

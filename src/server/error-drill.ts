/**
 * The error drill: an operator can make one request fail on the server on purpose, to see the
 * server error page (src/pages/500.astro, coverage.md §2 chrome 'Something went wrong.') and check that
 * the failure reaches the logs and alerting of a running shop:
 *
 *   curl -i -H "x-error-drill: $OPS_TOKEN" https://shop.example/ar/
 *
 * answers 500 with the error page in that address's language. Only a request carrying the
 * operators' token (OPS_TOKEN, or the one generated beside the embedded database) is failed; any
 * other value, or none, changes nothing. The browser tests use it to look at the page.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { drillRequested, ERROR_DRILL_HEADER, ErrorDrill } from './portable.ts';
import { config } from './config';

/** The request header that asks for the drill (the page cache lets such a request through). */
export { ERROR_DRILL_HEADER };

/** The error thrown by a drill (its message names it in the server log; ./portable.ts, shared with the edge). */
export { ErrorDrill };

/** True when the request carries the drill header with the operators' token (compared in constant time). */
export function isErrorDrill(headers: Headers): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return drillRequested(headers, (presented) => timingSafeEqual(digest(presented), digest(config.opsToken)));
}

/**
 * The edge build's `src/server/error-drill.ts` (ADR 35): the same drill (a request carrying
 * `x-error-drill: <OPS_TOKEN>` fails on purpose, and the error page answers), without node:crypto.
 * OPS_TOKEN comes from the Worker's secrets; unset, no request is a drill. The header and the error
 * are the Node shop's (src/server/portable.ts).
 */
import { drillRequested, ERROR_DRILL_HEADER, ErrorDrill } from '../server/portable.ts';
import { config } from './config';

export { ERROR_DRILL_HEADER, ErrorDrill };

/** True when the header carries OPS_TOKEN; every character is compared, whatever the first difference. */
export function isErrorDrill(headers: Headers): boolean {
  return drillRequested(headers, (presented) => {
    const token = config.opsToken;
    if (!token) return false;
    let diff = presented.length ^ token.length;
    for (let i = 0; i < presented.length; i++) diff |= presented.charCodeAt(i) ^ token.charCodeAt(i % token.length);
    return diff === 0;
  });
}

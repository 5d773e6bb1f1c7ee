/**
 * The edge build's `src/server/error-drill.ts` (ADR 35): the same drill (a request carrying
 * `x-error-drill: <OPS_TOKEN>` fails on purpose, and the error page answers), without node:crypto.
 * OPS_TOKEN comes from the Worker's secrets; unset, no request is a drill.
 */
import { ERROR_DRILL_HEADER } from '../server/http/request-names.ts';
import { config } from './config';

export { ERROR_DRILL_HEADER };

/** The error thrown by a drill (its message names it in the log). */
export class ErrorDrill extends Error {
  constructor() {
    super('Error drill: this request was failed on purpose by an operator (x-error-drill)');
    this.name = 'ErrorDrill';
  }
}

/** True when the header carries OPS_TOKEN; every character is compared, whatever the first difference. */
export function isErrorDrill(headers: Headers): boolean {
  const presented = headers.get(ERROR_DRILL_HEADER);
  const token = config.opsToken;
  if (!presented || !token) return false;
  let diff = presented.length ^ token.length;
  for (let i = 0; i < presented.length; i++) diff |= presented.charCodeAt(i) ^ token.charCodeAt(i % token.length);
  return diff === 0;
}

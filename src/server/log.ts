/**
 * The server's log (docs/architecture.md Operations): structured JSON lines on stdout with pino, at LOG_LEVEL
 * (trace, debug, info, warn, error, fatal, silent; default info). Each line made while a request is
 * handled carries its request id (`reqId`, see `withRequestContext`).
 *
 * Nothing secret or personal reaches a line:
 * - pino's redact paths replace passwords, tokens, cookies, the authorization and x-api-key
 *   headers, reset links and tokens, phone numbers, names, emails and addresses with "[redacted]",
 *   at the top level and up to two levels down (e.g. `{ body: { address: { address1 } } }`);
 * - `scrub(text)` masks the same things inside free text (error messages carrying SQL parameters,
 *   text messages): URLs with a `token=` query, bearer tokens, Malaysian and international phone
 *   numbers, email addresses, values in PostgreSQL's key details, and the parameter lists drivers
 *   append to failed queries.
 *   Errors are logged through `errorFields(err)`, which scrubs their message and stack.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentEnv } from './settings';

import { errorFields, MASK, REDACTED_KEYS, requestId, scrub } from './log-fields';

export { errorFields, REDACTED_KEYS, requestId, scrub };

/** pino redact paths: each key at the top level, one and two levels down, and in request/response headers. */
export const REDACT_PATHS = [
  ...REDACTED_KEYS.map((k) => `["${k}"]`),
  ...REDACTED_KEYS.map((k) => `*["${k}"]`),
  ...REDACTED_KEYS.map((k) => `*.*["${k}"]`),
  ...REDACTED_KEYS.map((k) => `req.headers["${k}"]`),
  ...REDACTED_KEYS.map((k) => `res.headers["${k}"]`),
];

type RequestContext = { reqId: string };
const context = new AsyncLocalStorage<RequestContext>();

/** Creates a logger writing to `destination` (stdout by default); tests pass a stream to read lines. */
export function createLogger(destination?: DestinationStream, level = currentEnv().LOG_LEVEL || 'info'): Logger {
  return pino(
    {
      level,
      base: { service: 'xs-storefront' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: MASK },
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const store = context.getStore();
        return store ? { reqId: store.reqId } : {};
      },
    },
    destination,
  );
}

/** The process's logger. */
export let log: Logger = createLogger();

/** Replaces the process's logger (tests capture lines with it); answers the previous one. */
export function setLogger(next: Logger): Logger {
  const previous = log;
  log = next;
  return previous;
}

/** Runs `fn` with `reqId` attached to every log line it makes (also in awaited calls). */
export function withRequestContext<T>(reqId: string, fn: () => T): T {
  return context.run({ reqId }, fn);
}

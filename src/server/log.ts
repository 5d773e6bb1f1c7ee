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
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentEnv } from './settings';

/** Field names whose values never reach the log. */
export const REDACTED_KEYS = [
  'password',
  'confirm_password',
  'current_password',
  'new_password',
  'passwordHash',
  'token',
  'resetToken',
  'reset_token',
  'link',
  'resetLink',
  'cookie',
  'set-cookie',
  'authorization',
  'x-api-key',
  'apiKey',
  'secret',
  'mobile',
  'phone',
  'customer_mobile',
  'customer_firstname',
  'customer_lastname',
  'customer_email',
  'email',
  'firstName',
  'lastName',
  'address',
  'address1',
  'address2',
  'customer_address',
  'shipping_address',
];

/** pino redact paths: each key at the top level, one and two levels down, and in request/response headers. */
export const REDACT_PATHS = [
  ...REDACTED_KEYS.map((k) => `["${k}"]`),
  ...REDACTED_KEYS.map((k) => `*["${k}"]`),
  ...REDACTED_KEYS.map((k) => `*.*["${k}"]`),
  ...REDACTED_KEYS.map((k) => `req.headers["${k}"]`),
  ...REDACTED_KEYS.map((k) => `res.headers["${k}"]`),
];

const MASK = '[redacted]';

/**
 * Masks secrets and personal data inside free text. Examples:
 * `scrub('Reset: https://shop.my/password-reset?token=abc')` → `'Reset: https://shop.my/password-reset?token=[redacted]'`;
 * `scrub('call 012-345 6789')` → `'call [redacted]'`.
 */
export function scrub(text: string): string {
  return (
    text
      // Query parameters carrying secrets (reset links, payment returns).
      .replace(/([?&](?:token|code|key|secret|password|signature)=)[^&\s"'<>]+/gi, `$1${MASK}`)
      // A bearer token or an API key written into a message.
      .replace(/\b(bearer|x-api-key:?)\s+[\w.~+/=-]+/gi, `$1 ${MASK}`)
      // Parameter lists of failed queries ("params: a,b,c" from drizzle, 'parameters: […]').
      .replace(/\b(params|parameters)(\s*[:=]\s*)[^\n]*/gi, `$1$2${MASK}`)
      // Email addresses.
      .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, MASK)
      // Values in PostgreSQL's details: 'Key (mobile)=(0123456789) already exists.'
      .replace(/(\)=\()[^)]*\)/g, `$1${MASK})`)
      // Malaysian mobile and fixed-line numbers (012-345 6789, +60123456789, 03-1234 5678)…
      .replace(/(?<![\w-])(?:\+?60|0)\d{1,2}(?:[\s-]?\d){7,8}(?!\w)/g, MASK)
      // …and any other international number written with a '+'.
      .replace(/\+\d(?:[\s-]?\d){7,14}/g, MASK)
  );
}

type ErrorLog = { type: string; message: string; stack?: string; code?: string; cause?: ErrorLog };

/**
 * An error as log fields: message and stack scrubbed, its `code` (e.g. a PostgreSQL SQLSTATE), and
 * its cause the same way (a driver's error inside the ORM's), one level deep.
 */
export function errorFields(err: unknown, depth = 0): { error: ErrorLog } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    const cause = depth < 1 && err.cause !== undefined ? errorFields(err.cause, depth + 1).error : undefined;
    // Under `error`, not `err`: pino's own serializer of `err` would fold the cause into the stack.
    return {
      error: { type: err.name, message: scrub(err.message), stack: err.stack ? scrub(err.stack) : undefined, ...(typeof code === 'string' ? { code } : {}), ...(cause ? { cause } : {}) },
    };
  }
  return { error: { type: typeof err, message: scrub(String(err)) } };
}

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

/** A well-formed incoming request id: 8–128 characters of letters, digits, '-', '_', '.', ':'. */
const REQUEST_ID = /^[\w.:-]{8,128}$/;

/** The request id to use: the caller's X-Request-Id when well-formed, else a new UUID. */
export function requestId(incoming: string | null | undefined): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Runs `fn` with `reqId` attached to every log line it makes (also in awaited calls). */
export function withRequestContext<T>(reqId: string, fn: () => T): T {
  return context.run({ reqId }, fn);
}

/**
 * The log's rules that need no logger (src/server/log.ts): which fields and which pieces of free
 * text never reach a line, an error as log fields, and the request id. Web-standard code only, so
 * the edge build's log (src/edge/log.ts) applies the same rules without pino (ADR 35).
 */

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

/** What a masked value reads in the log. */
export const MASK = '[redacted]';

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

/** A well-formed incoming request id: 8–128 characters of letters, digits, '-', '_', '.', ':'. */
const REQUEST_ID = /^[\w.:-]{8,128}$/;

/** The request id to use: the caller's X-Request-Id when well-formed, else a new UUID. */
export function requestId(incoming: string | null | undefined): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

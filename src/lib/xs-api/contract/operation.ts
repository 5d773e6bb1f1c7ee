/**
 * Shape of one operation of the mobile e-commerce API (coverage.md §7). The registry of operations is the
 * single description the server routes, the typed client and the OpenAPI document are built from.
 */
import { z } from 'zod';
import { refuseControlCharacters } from './text';
import { isDateString } from '../../../domain/shop-time';
import { formatAmount, toSen } from '../../../domain/money';
import type { IntegrationScope } from '../../../domain/catalogue-edit';

/**
 * Where the member comes from, when the operation is member-scoped: 'required' (a `:member` path
 * segment that must match the session), 'optional' (the same when the segment is given), 'session'
 * (no member in the path: the member of the session token, required), 'none' (public).
 */
export type MemberScope = 'required' | 'optional' | 'session' | 'none';

export type Operation<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = {
  /** The operation name as in coverage.md §7, e.g. 'add_cart'. */
  name: string;
  method: 'GET' | 'POST';
  /** Path after the base, with `:params`; member-scoped paths use `:member`. E.g. 'add_cart/:member'. */
  path: string;
  member: MemberScope;
  /**
   * Staff only, besides the API key (ADR 25): 'staff' needs a live staff session token as Bearer;
   * 'hq' an HQ member's session token, or the bootstrap token (OPS_TOKEN; `npm run ops`).
   * 'integration': an integration token HQ issued (another system, e.g. the point-of-sale stock
   * feed; ADR 26) whose scope is `scope`.
   */
  auth?: 'staff' | 'hq' | 'integration';
  /** The scope an 'integration' operation needs of its token. */
  scope?: IntegrationScope;
  summary: string;
  query?: Q;
  body?: B;
  /**
   * A multipart/form-data body (a file upload) instead of JSON: the body schema's fields are the
   * form's parts (files as `File`). `maxBodyBytes` caps the whole request body: a larger
   * Content-Length, or a stream that grows past it, is refused with 413 and the message key
   * `tooLarge` (with `tooLargeParams`) before the body is held in memory.
   */
  multipart?: { maxBodyBytes: number; tooLarge: string; tooLargeParams?: Record<string, string | number> };
  /** The success answer (always carries Status: 1). */
  response: R;
  /** Refusals of this operation besides the common ones, for the documentation: status → what and the answer's shape (default `{ Status: 0, Error }`). */
  refusals?: Record<number, { description: string; answer?: z.ZodType }>;
};

/**
 * Declares an operation, keeping its schema types for the client. Its `query` and `body` refuse NUL
 * and other control characters in every text field and key, and JSON nested too deep (./text.ts).
 */
export function defineOperation<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  op: Operation<Q, B, R>,
): Operation<Q, B, R> {
  return {
    ...op,
    ...(op.query && { query: refuseControlCharacters(op.query) }),
    ...(op.body && { body: refuseControlCharacters(op.body) }),
  };
}

/** Every answer: Status 1 on success; Status 0 with an Error text otherwise (coverage.md §7, §8). */
export const statusOk = z.literal(1);
export const errorAnswer = z.object({ Status: z.literal(0), Error: z.string() });
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** Integer sen, the in-process form of every contract amount (a safe integer). */
const sen = z.int();

/**
 * Ringgit from the wire as sen, exactly ('16.90' → 1690, 16.9 → 1690); an amount with more than 2
 * decimals or beyond a safe integer of sen is an issue of the parse (a 400 at the edge), never a fault.
 */
function wireToSen(rm: number | string, ctx: { issues: z.core.$ZodRawIssue[] }): number {
  try {
    return toSen(rm, { strict: true });
  } catch (err) {
    void err; // not a decimal, more than 2 decimals, too large: all the same refusal
    ctx.issues.push({ code: 'custom', message: 'amount with 2 decimals', input: rm });
    return 0;
  }
}

/**
 * A contract amount (ADR 37): on the wire ringgit text with exactly 2 decimals ("16.90"), inside the
 * process integer sen (1690). Decoding (parse) reads the text with src/domain/money.ts `toSen`
 * (strict); encoding writes sen with `formatAmount`. Only the HTTP edge (the Hono route writing an
 * answer, the HTTP client reading one) converts; a direct call in the process keeps sen.
 */
export const amount = z.codec(z.string().regex(/^-?\d+\.\d{2}$/, 'amount with 2 decimals'), sen, {
  decode: wireToSen,
  encode: (value) => formatAmount(value),
});
/**
 * A contract amount a client sends (ADR 37): on the wire a ringgit number or text with at most 2
 * decimals (16.9, "16.90", "5"), inside the process integer sen. A number with more decimals
 * (16.999) or beyond a safe integer of sen is refused by the parse (400). Encoded as "16.90".
 */
export const amountInput = z.codec(z.union([z.number(), z.string().regex(/^-?\d+(\.\d{1,2})?$/)]), sen, {
  decode: wireToSen,
  encode: (value) => formatAmount(value),
});
/** A 0/1 flag as the contract carries it. */
export const flag = z.union([z.literal(0), z.literal(1)]);

/** The API base path (coverage.md §7). */
export const API_BASE = '/api/mobile_ecom/xs_api.php';
/** Header carrying the fixed API key (coverage.md §7). */
export const API_KEY_HEADER = 'x-api-key';

/**
 * A calendar date written 'YYYY-MM-DD' that exists: '2026-02-30', '2026-13-01' and '0000-01-01' are
 * refused with `message` (a 400), never handed to the database (issue "Safe to run in production" §4).
 */
export const calendarDate = (message = 'a date YYYY-MM-DD') => z.string().refine((v) => isDateString(v), message);

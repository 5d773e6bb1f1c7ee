/**
 * Shape of one operation of the mobile e-commerce API (coverage.md §7). The registry of operations is the
 * single description the server routes, the typed client and the OpenAPI document are built from.
 */
import { z } from 'zod';
import { refuseControlCharacters } from './text';
import { isDateString } from '../../../domain/shop-time';
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

/** A ringgit amount with 2 decimals as the contract carries it, e.g. "16.90". */
export const amount = z.string().regex(/^-?\d+\.\d{2}$/, 'amount with 2 decimals');
/** A ringgit amount sent by a client: a number or a string with at most 2 decimals. */
export const amountInput = z.union([z.number(), z.string().regex(/^-?\d+(\.\d{1,2})?$/)]);
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

/**
 * Direct calls of the bundled API's operations in the same process (ADR 33; docs/architecture.md
 * "The contract"): the storefront's feature layer calls an operation's handler through the registry
 * serve() keeps, with the same proof, limits, input checks and refusals as a call over HTTP, but no
 * `Request`, no `Response` and no JSON written and read again. The answer is the handler's object
 * with `Status: 1`, as the typed client would have returned it; a refusal throws the same
 * `XsApiError` (status, text in the caller's language, the answer's extra fields).
 *
 * Money (ADR 37): input and answer are in the contract's in-process form, amounts in integer sen.
 * The input's amounts are written in their wire form before the operation's checks read it (so the
 * checks are those of the HTTP edge, and 1690 sen is never read as RM 1690); the answer is passed on
 * as the handler made it, never written as text.
 *
 * What stays on HTTP: file uploads (multipart operations) and anything not registered through
 * serve() go through the app's `fetch`, as before; Hono keeps serving `/api/mobile_ecom/...` to the
 * mobile apps, the payment providers' webhooks and a storefront apart from its API (ADR 30).
 */
import type { Hono } from 'hono';
import { ZodError, type z } from 'zod';
import { isDeepStrictEqual } from 'node:util';
import { operations, type OperationName } from '../../lib/xs-api/contract';
import { XsApiError, type CallInput, type ResultOf } from '../../lib/xs-api/client';
import { isCleanUrlText } from '../../domain/input-text';
import type { Locale } from '../../i18n/messages';
import { errorFields, log } from '../log';
import { servicesOf } from './app';
import { ApiError, TooManyRequests } from './errors';
import { payloadError, registeredOperation, runOperation, type ApiEnv, type SessionLookups } from './http';
import { toWire } from '../../lib/xs-api/contract/wire';
import { resolveSession } from './services/sessions';
import { resolveStaffSession } from './services/staff/accounts';

/**
 * Who calls: the page request's language, session token and member code, and the shopper's IP (for
 * the per-IP limits). `request` is an object that lives as long as one page request (its
 * `Astro.locals`): its reads look the caller's session up once and keep it until a write; a
 * write always looks it up afresh.
 */
export type DirectCaller = {
  locale: Locale;
  token: string | null;
  member: string | null;
  clientIp: string | null;
  request?: object;
  /** A page read that may be as old as a cached page: answered from the catalogue snapshot where it can be (ADR 44). */
  cachedReads?: boolean;
};

type Kept = { member: Map<string, ReturnType<SessionLookups['member']>>; staff: Map<string, ReturnType<SessionLookups['staff']>> };
const keptSessions = new WeakMap<object, Kept>();

/** The session look-ups of one page request's reads: each token resolved once (dropped after a write, which may end a session). */
function sessionsOf(request: object | undefined): SessionLookups | undefined {
  if (!request) return undefined;
  let kept = keptSessions.get(request);
  if (!kept) keptSessions.set(request, (kept = { member: new Map(), staff: new Map() }));
  const { member, staff } = kept;
  const once = <T>(map: Map<string, Promise<T>>, token: string, look: () => Promise<T>) => {
    let found = map.get(token);
    if (!found) {
      found = look();
      map.set(token, found);
      found.catch(() => map.delete(token));
    }
    return found;
  };
  return {
    member: (db, token) => once(member, token, () => resolveSession(db, token)),
    staff: (db, token) => once(staff, token, () => resolveStaffSession(db, token)),
  };
}

/** The path segments of an operation's path (`add_cart/:member`, `product_detail/:code/:member?`) as names and whether optional. */
function pathParams(path: string): { name: string; optional: boolean }[] {
  return path
    .split('/')
    .filter((seg) => seg.startsWith(':'))
    .map((seg) => (seg.endsWith('?') ? { name: seg.slice(1, -1), optional: true } : { name: seg.slice(1), optional: false }));
}

/** True when a decoded answer is what JSON carries: text, finite numbers, booleans, null, arrays and plain objects (undefined fields allowed). */
function isJsonValue(value: unknown): boolean {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).every(isJsonValue);
  return false;
}

/**
 * A caller of `app`'s operations in-process. `checkAnswers` (development and tests; CHECK_API_ANSWERS)
 * checks every answer against the operation's response schema and that it is plain JSON, as the
 * client over HTTP would have; in production the answer is trusted (the handler is ours).
 * Returns null for an app createXsApi did not make (no registry).
 */
export function directApi(app: Hono<ApiEnv>, { checkAnswers }: { checkAnswers: boolean }) {
  const found = servicesOf(app);
  if (!found) return null;
  const made = found;
  /** True when `name` is served directly: registered through serve() and not a file upload. */
  const serves = (name: OperationName): boolean => !operations[name].multipart && !!registeredOperation(app, name);
  /**
   * Calls `name` with `input` as `caller`. @throws XsApiError as the HTTP client would: the refusal's
   * status and text (and its extra fields), 500 with the server_error text for a fault (logged),
   * status 0 for a missing path parameter.
   */
  async function call<N extends OperationName>(name: N, input: CallInput<N>, caller: DirectCaller): Promise<ResultOf<N>> {
    const entry = registeredOperation(app, name);
    if (!entry || entry.op.multipart) throw new XsApiError(0, `${name} is not served directly`);
    const { op, handler } = entry;
    const given: Record<string, string | number | undefined> = { member: caller.member ?? undefined, ...input.params };
    const params: Record<string, string> = {};
    for (const { name: param, optional } of pathParams(op.path)) {
      const value = given[param];
      if (value === undefined || value === '') {
        if (optional) continue;
        throw new XsApiError(0, `Missing path parameter :${param}`);
      }
      params[param] = String(value);
    }
    // The input comes in the contract's in-process form (amounts in sen): its wire form is what the
    // checks read, so that 1690 sen is read as RM 16.90, never RM 1690 (ADR 37).
    // A query amount that is not sen is refused before anything, as the HTTP edge refuses a bad
    // address; a body amount after the caller's proof, where the HTTP edge reads the body.
    const wire = (schema: z.ZodType | undefined, value: unknown): { value: unknown; refused: ApiError | null } => {
      try {
        return { value: toWire(schema, value), refused: null };
      } catch (err) {
        if (!(err instanceof ZodError)) throw err;
        return { value: undefined, refused: payloadError(err) };
      }
    };
    const query = wire(op.query, input.query ?? {});
    const wireBody = wire(op.body, input.body);
    const wireQuery = (query.value ?? {}) as Record<string, unknown>;
    // The query as its text would have reached the server (undefined, null and '' left out).
    const rawQuery: Record<string, string> = {};
    for (const [k, v] of Object.entries(wireQuery)) {
      if (v !== undefined && v !== null && v !== '') rawQuery[k] = String(v);
    }
    const shape = (op.query as { shape?: Record<string, unknown> } | undefined)?.shape;
    if (shape && 'lang' in shape && !('lang' in rawQuery)) rawQuery.lang = caller.locale;
    // Reads share the page request's look-ups; a write always looks the session up afresh.
    const sessions = op.method === 'GET' ? sessionsOf(caller.request) : undefined;
    const { db, services, afterWrite } = made;
    try {
      // The edge of the HTTP path: a control character in the path or query is refused before anything.
      if (![...Object.values(params), ...Object.keys(rawQuery), ...Object.values(rawQuery)].every(isCleanUrlText)) {
        throw new ApiError(400, 'input_invalid_address');
      }
      if (query.refused) throw query.refused;
      const result = await runOperation(op, handler, {
        db: await db(),
        services,
        locale: caller.locale,
        params,
        bearer: caller.token ?? '',
        rawQuery,
        readBody: async () => {
          if (wireBody.refused) throw wireBody.refused;
          return wireBody.value;
        },
        ip: caller.clientIp,
        sessions,
        cachedReads: caller.cachedReads ?? false,
      });
      // The answer stays in the in-process form: amounts in sen, never written as text (ADR 37).
      const answer = { Status: 1, ...result };
      if (checkAnswers) checkAnswer(name, op.response, answer);
      return answer as ResultOf<N>;
    } catch (err) {
      if (err instanceof ApiError) {
        const body = err.body(caller.locale);
        throw new XsApiError(err.status, body.Error, body, err instanceof TooManyRequests ? err.retryAfterS : null);
      }
      if (err instanceof XsApiError) throw err;
      log.error({ ...errorFields(err), operation: name }, 'xs-api: unexpected fault');
      const body = new ApiError(500, 'server_error').body(caller.locale);
      throw new XsApiError(500, body.Error, { Status: 0, Error: body.Error });
    } finally {
      if (op.method === 'POST') {
        // A write may have ended a session (logout, password change): the next call looks again.
        if (caller.request) keptSessions.delete(caller.request);
        afterWrite();
      }
    }
  }
  return { call, serves };
}

/**
 * Development and tests: the answer must be plain JSON and match the operation's response schema in
 * its in-process form (amounts in sen, ADR 37): its wire form (`toWire`, what the HTTP edge would
 * write) parses, and decoding that gives the answer back, with nothing the schema would change (so
 * skipping this check in production changes no answer).
 * @throws XsApiError 502 naming the operation and the first problem, as the HTTP client does.
 */
function checkAnswer(name: string, response: z.ZodType, answer: Record<string, unknown>): void {
  if (!isJsonValue(answer)) throw new XsApiError(502, `Unexpected answer from ${name}: not plain JSON`, answer);
  let wire: unknown;
  try {
    wire = toWire(response, answer);
  } catch (err) {
    if (!(err instanceof ZodError)) throw err;
    throw new XsApiError(502, `Unexpected answer from ${name}: ${err.issues[0]?.path.join('.')}: ${err.issues[0]?.message}`, answer);
  }
  const parsed = response.safeParse(wire);
  if (!parsed.success) throw new XsApiError(502, `Unexpected answer from ${name}: ${parsed.error.issues[0]?.message}`, answer);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), stripTo(JSON.parse(JSON.stringify(answer)), parsed.data))) {
    throw new XsApiError(502, `Unexpected answer from ${name}: the response schema changes the answer`, answer);
  }
}

/** `value` reduced to the keys `shape` has (what a zod object's parse keeps), recursively. */
function stripTo(value: unknown, shape: unknown): unknown {
  if (Array.isArray(value) && Array.isArray(shape)) return value.map((v, i) => stripTo(v, shape[i]));
  if (value && shape && typeof value === 'object' && typeof shape === 'object') {
    return Object.fromEntries(Object.keys(shape).filter((k) => k in value).map((k) => [k, stripTo((value as Record<string, unknown>)[k], (shape as Record<string, unknown>)[k])]));
  }
  return value;
}

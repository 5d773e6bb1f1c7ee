/**
 * How an operation of the contract (src/lib/xs-api/contract) is served: API key check, member proof
 * (Bearer session token; the member code in the path must match it: 401 / 403), zod-checked query
 * and body (400 with an Error text), JSON answers. Routes stay thin: they only call services.
 * Money (ADR 37): handlers get and give the contract's amounts in sen; the route reads the wire's
 * ringgit with the schemas' parse and writes its answer's amounts as ringgit text (`toWire`).
 */
import type { CatalogueSnapshot } from './services/catalogue-snapshot';
import type { PushSender } from './adapters/push';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { API_KEY_HEADER, type Operation } from '../../lib/xs-api/contract';
import { isMessageKey, resolveLocale, type Locale } from '../../i18n/messages';
import type { Db } from './db/client';
import { ApiError, invalidPayload, TooManyRequests } from './errors';
import { findInputProblem } from '../../domain/input-text';
import { INPUT_TOO_DEEP, INVALID_CHARACTERS } from '../../lib/xs-api/contract/text';
import { toWire } from '../../lib/xs-api/contract/wire';
import { resolveSession } from './services/sessions';
import { resolveStaffSession } from './services/staff/accounts';
import { resolveIntegrationToken, type IntegrationIdentity } from './services/catalogue-writes/tokens';
import type { StaffIdentity } from '../../domain/staff';
import type { MapsGeocoder } from './adapters/geocode-maps';
import { OPERATION_LIMITS, type AbuseLimits, type LimitedOperation, type LoginThrottle, type SmsThrottle } from './adapters/rate-limit';
import type { SmsSender } from './adapters/sms';
import type { PaymentAdapter } from './adapters/payment/types';
import type { CapacityDefaults } from '../../domain/slot-capacity';

/** Outside-world services the routes use, chosen by the app's creator (docs/architecture.md Adapters). */
export type ApiServices = {
  /** Every abuse limit (adapters/rate-limit.ts); `loginThrottle` and `smsThrottle` are two of them. */
  limits: AbuseLimits;
  loginThrottle: LoginThrottle;
  smsThrottle: SmsThrottle;
  sms: SmsSender;
  siteUrl: string;
  /** SITE_URL (or the app's `siteUrl` option) was given: only its origin may take a shopper back (services/payments/return-origin.ts). */
  siteUrlConfigured: boolean;
  /** The payment provider (ADR 10) and the minutes an order may stay unpaid. */
  payment: PaymentAdapter;
  paymentWindowMinutes: number;
  /** The bootstrap token of `npm run ops` (hq operations only, ADR 25); null: only staff sessions. */
  opsToken: string | null;
  /** The directory of members' profile pictures (UPLOADS_DIR). */
  uploadsDir: string;
  /** The maps geocoding service (GEOCODER_URL); null: addresses are placed from the offline data only. */
  geocoder: MapsGeocoder | null;
  /** Orders per pick-up slot and deliveries per day of an outlet that HQ has not set (PICKUP_SLOT_CAPACITY, DELIVERY_DAY_CAPACITY). */
  capacity: CapacityDefaults;
  /** Web Push (ADR 32): the shop's VAPID public key and the sender. */
  push: PushSender;
  /** Tests only: accept any http(s) push endpoint (their push service is a local server); otherwise only https push services. */
  allowAnyPushEndpoint: boolean;
  /** The public catalogue in memory for the storefront's page reads (ADR 44, services/catalogue-snapshot.ts). */
  catalogue: CatalogueSnapshot;
};

/** Constant-time comparison of a presented token with the expected one. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * What the app knows of a call: `Bindings.clientIp` is the caller's IP, given by the server that
 * hands the request over (`app.fetch(request, { clientIp })`), never read from a header here.
 */
export type ApiEnv = { Bindings: { clientIp?: string | null }; Variables: { db: Db; locale: Locale; services: ApiServices } };

/** The caller's IP as the serving code gave it, else null (a call without one is not counted per IP). */
export function callerIp(c: Context<ApiEnv>): string | null {
  // app.request()/app.fetch() without bindings leave c.env undefined.
  return (c.env as ApiEnv['Bindings'] | undefined)?.clientIp || null;
}

/**
 * Counts a call of an operation against its limit (OPERATION_LIMITS), keyed by the member or the
 * client IP. @throws TooManyRequests when over the limit.
 */
async function checkOperationLimit(services: ApiServices, name: string, member: string | null, ip: string | null) {
  if (!(name in OPERATION_LIMITS)) return;
  const rule = OPERATION_LIMITS[name as LimitedOperation];
  const key = rule.by === 'member' ? member : ip;
  if (!key) return;
  const wait = await services.limits.operation(name as LimitedOperation, key);
  if (wait > 0) throw new TooManyRequests(wait);
}

export type Handled<O extends Operation> = {
  db: Db;
  locale: Locale;
  services: ApiServices;
  params: Record<string, string>;
  query: NonNullable<O['query']> extends z.ZodType ? z.output<NonNullable<O['query']>> : Record<string, never>;
  body: NonNullable<O['body']> extends z.ZodType ? z.output<NonNullable<O['body']>> : undefined;
  /** The calling member, proven by the session token; null for a guest on a public operation. */
  member: string | null;
  /** The bearer token of the call, when one was sent and valid. */
  token: string | null;
  /** The staff member of a staff operation (`op.auth`); null for the bootstrap token on an hq operation. */
  staff: StaffIdentity | null;
  /** The integration token of an 'integration' operation (never null there); null elsewhere. */
  integration: IntegrationIdentity | null;
  /** The presented `Authorization: Bearer` token, checked or not ('' for none): for an operation whose proof depends on its input (product_listing's customer_code). */
  bearer: string;
  /** The caller's IP when the serving code gave it (see ApiEnv), else null. */
  ip: string | null;
  /** A page read that may be answered from the catalogue snapshot (ADR 44): the storefront's publicApi in-process; never over HTTP. */
  cachedReads: boolean;
};

/**
 * A 400 for a payload that fails its schema, naming the first problem. An issue whose message is a
 * message-catalogue key (the domain schemas' coverage.md §5 rules, e.g. 'remark_max') answers that message
 * in the caller's language, with the `field` it concerns; other issues answer 'api_invalid_payload'.
 */
export function payloadError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'payload';
  if (issue && isMessageKey(issue.message)) return new ApiError(400, issue.message, {}, { field: where });
  return invalidPayload(`${where}: ${issue?.message ?? 'invalid'}`);
}

/**
 * The parts of a multipart/form-data body as an object (the last value of a repeated name), the
 * body capped at `maxBodyBytes`: a larger Content-Length is refused before anything is read, and
 * a body without one is read only up to the cap (hono's bodyLimit).
 * @throws ApiError 413 `tooLarge` over the cap; 400 for a body that is not multipart/form-data.
 */
async function readMultipart(c: Context, { maxBodyBytes, tooLarge, tooLargeParams = {} }: NonNullable<Operation['multipart']>): Promise<Record<string, unknown>> {
  const tooLargeError = () => new ApiError(413, isMessageKey(tooLarge) ? tooLarge : 'api_invalid_payload', { detail: 'body too large', ...tooLargeParams });
  let within = false;
  await bodyLimit({
    maxSize: maxBodyBytes,
    onError: () => {
      throw tooLargeError();
    },
  })(c, async () => {
    within = true;
  });
  if (!within) throw tooLargeError();
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw invalidPayload('body is not multipart/form-data');
  const form = await c.req.raw.formData().catch(() => {
    throw invalidPayload('body is not valid multipart/form-data');
  });
  return Object.fromEntries(form.entries());
}

/**
 * The largest JSON body an operation reads, in bytes: 256 KB (an order of 100 lines is about 20 KB).
 * A larger Content-Length is refused before anything is read, a body without one is read only up to
 * it (issue "Safe to run in production" §4).
 */
export const JSON_BODY_MAX_BYTES = 256 * 1024;

/** The JSON body, at most `JSON_BODY_MAX_BYTES`. @throws ApiError 413 'api_body_too_large'; 400 for a body that is not JSON. */
async function readBody(c: Context): Promise<unknown> {
  let within = false;
  await bodyLimit({
    maxSize: JSON_BODY_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, 'api_body_too_large', { kb: JSON_BODY_MAX_BYTES / 1024 });
    },
  })(c, async () => {
    within = true;
  });
  if (!within) throw new ApiError(413, 'api_body_too_large', { kb: JSON_BODY_MAX_BYTES / 1024 });
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidPayload('body is not valid JSON');
  }
}

/**
 * What one call of an operation brings, whoever serves it: the Hono route below (a request over
 * HTTP) or a direct call in the same process (./direct.ts, ADR 33). `bearer` is the presented
 * `Authorization: Bearer` token ('' for none); `rawQuery` the query's text values; `readBody` reads
 * the POST body (parsed JSON, or a multipart form's parts) only once the caller is let in.
 */
export type OperationCall = {
  db: Db;
  services: ApiServices;
  locale: Locale;
  params: Record<string, string>;
  bearer: string;
  rawQuery: Record<string, string>;
  readBody: () => Promise<unknown>;
  ip: string | null;
  /** How a bearer token becomes its member or staff member; a direct caller keeps them for one page request. */
  sessions?: SessionLookups;
  /** See Handled's `cachedReads`; false by default. */
  cachedReads?: boolean;
};

/** Look-ups of the caller's session by its token (services/sessions.ts, services/staff/accounts.ts). */
export type SessionLookups = {
  member: (db: Db, token: string) => Promise<{ memberCode: string } | null>;
  staff: (db: Db, token: string) => Promise<StaffIdentity | null>;
};

const DATABASE_LOOKUPS: SessionLookups = { member: resolveSession, staff: resolveStaffSession };

/** A handler of one operation: its checked input in, the success fields out (amounts in sen, ADR 37; Status 1 is added by the caller). */
export type OperationHandler<O extends Operation> = (input: Handled<O>) => Promise<Record<string, unknown>>;

/**
 * Runs one operation for one call: the caller's proof (member session, staff session, bootstrap or
 * integration token), the operation's abuse limit, the query and body checked against the contract,
 * then the handler. Member-scoped operations (`op.member` 'required', 'optional' with the segment,
 * 'session') need a live session token (401 'session_expired' otherwise); a `:member` segment must
 * name the session's member (403); for 'session' the member is the session's alone, the handler
 * scopes reads to it. Staff operations (`op.auth`) need a live staff session (401
 * 'staff_session_expired'); 'hq' ones an HQ member (403 'staff_forbidden') or the bootstrap token.
 * 'integration' ones a live integration token (401 'integration_token_invalid') of the operation's
 * scope (403 'integration_token_scope').
 * @returns the handler's success fields (without Status).
 * @throws ApiError (TooManyRequests for a limit) for every refusal; a fault of the handler as it is.
 */
export async function runOperation<O extends Operation>(op: O, handler: OperationHandler<O>, call: OperationCall): Promise<Record<string, unknown>> {
  const { db, services, params, bearer } = call;
  const lookups = call.sessions ?? DATABASE_LOOKUPS;
  let member: string | null = null;
  let token: string | null = null;
  let staff: StaffIdentity | null = null;
  let integration: IntegrationIdentity | null = null;
  if (op.auth === 'integration') {
    // Another system with a token HQ issued (ADR 26); never a staff session or the bootstrap token.
    integration = bearer ? await resolveIntegrationToken(db, bearer) : null;
    if (!integration) throw new ApiError(401, 'integration_token_invalid');
    if (integration.scope !== op.scope) throw new ApiError(403, 'integration_token_scope');
  } else if (op.auth) {
    // A staff session (ADR 25); on an hq operation, the bootstrap token stands for HQ without a name.
    const expected = services.opsToken;
    const bootstrap = op.auth === 'hq' && !!expected && !!bearer && sameToken(bearer, expected);
    if (!bootstrap) {
      staff = bearer ? await lookups.staff(db, bearer) : null;
      if (!staff) throw new ApiError(401, 'staff_session_expired');
      if (op.auth === 'hq' && staff.role !== 'hq') throw new ApiError(403, 'staff_forbidden');
    }
    token = bearer;
  }
  const wantsMember = op.member === 'required' || op.member === 'session' || (op.member === 'optional' && params.member);
  if (wantsMember) {
    const session = bearer ? await lookups.member(db, bearer) : null;
    if (!session) throw new ApiError(401, 'session_expired');
    // 'session': no member in the path, the caller is the session's member.
    if (op.member !== 'session' && params.member !== session.memberCode) throw new ApiError(403, 'api_forbidden');
    member = session.memberCode;
    token = bearer;
  }
  // Before the payload is read or any password hashed.
  await checkOperationLimit(services, op.name, member, call.ip);
  const query = op.query ? op.query.safeParse(call.rawQuery) : { success: true as const, data: {} };
  if (!query.success) throw payloadError(query.error);
  let body: unknown = undefined;
  if (op.method === 'POST') {
    const raw = await call.readBody();
    // The edge: control characters anywhere in the body (keys a schema would drop included), or JSON too deep.
    const problem = findInputProblem(raw);
    if (problem) throw new ApiError(400, problem.kind === 'depth' ? INPUT_TOO_DEEP : INVALID_CHARACTERS, {}, { field: problem.path.join('.') || 'payload' });
    if (op.body) {
      const parsed = op.body.safeParse(raw);
      if (!parsed.success) throw payloadError(parsed.error);
      body = parsed.data;
    }
  }
  return handler({ db, locale: call.locale, services, params, query: query.data, body, member, token, staff, integration, bearer, ip: call.ip, cachedReads: call.cachedReads ?? false } as Handled<O>);
}

/** Every operation registered on an app, by name, for direct calls in the same process (./direct.ts). */
const registries = new WeakMap<Hono<ApiEnv>, Map<string, { op: Operation; handler: OperationHandler<Operation> }>>();

/** The operation `name` as registered on `app` by serve(), or undefined (not served through serve()). */
export function registeredOperation(app: Hono<ApiEnv>, name: string): { op: Operation; handler: OperationHandler<Operation> } | undefined {
  return registries.get(app)?.get(name);
}

/**
 * Registers one operation on the app: served over HTTP at its path, and kept for direct calls
 * (registeredOperation). The handler returns the success fields, amounts in sen; Status 1 is added
 * and the answer written in its wire form (amounts as ringgit text, ADR 37).
 * @throws nothing: ApiError and zod failures become `{Status:0, Error}` answers with their status.
 */
export function serve<O extends Operation>(app: Hono<ApiEnv>, op: O, handler: OperationHandler<O>) {
  const route = `/${op.path}`;
  let registry = registries.get(app);
  if (!registry) registries.set(app, (registry = new Map()));
  registry.set(op.name, { op, handler: handler as OperationHandler<Operation> });
  const fn = async (c: Context<ApiEnv>) => {
    const locale = c.get('locale');
    try {
      const header = c.req.header('authorization') ?? '';
      const result = await runOperation(op, handler, {
        db: c.get('db'),
        services: c.get('services'),
        locale,
        params: c.req.param() as Record<string, string>,
        bearer: header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '',
        rawQuery: Object.fromEntries(new URL(c.req.url).searchParams),
        readBody: () => (op.multipart ? readMultipart(c, op.multipart) : readBody(c)),
        ip: callerIp(c),
      });
      // The HTTP edge writes the wire form: amounts in sen become ringgit text ('16.90'; ADR 37).
      return c.json(toWire(op.response, { Status: 1, ...result }));
    } catch (err) {
      if (err instanceof TooManyRequests) c.header('Retry-After', String(err.retryAfterS));
      if (err instanceof ApiError) return c.json(err.body(locale), err.status);
      throw err;
    }
  };
  if (op.method === 'GET') app.get(route, fn);
  else app.post(route, fn);
}

/** The locale of a call: Accept-Language (en, zh, ar), else the `lang` query, else EN. */
export function callLocale(c: Context): Locale {
  return resolveLocale(c.req.header('accept-language') ?? new URL(c.req.url).searchParams.get('lang') ?? '');
}

export { API_KEY_HEADER };

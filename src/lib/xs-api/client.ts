/**
 * Typed client of the mobile e-commerce API (coverage.md §7; docs/architecture.md: "one place that maps fields").
 * The same client talks to the bundled API in-process or to a remote backend over HTTP: only the
 * `fetch` it is given differs. Answers are checked against the contract's zod schemas.
 *
 * Money (ADR 37): the caller gives and gets the contract's in-process form, amounts in integer sen;
 * the client writes them as ringgit text on the wire (`toWire`) and reads the answer's ringgit text
 * back as sen (the response schema's parse decodes), so the feature layer sees what a direct call
 * (src/server/xs-api/direct.ts) gives.
 */
import type { z } from 'zod';
import { API_BASE, API_KEY_HEADER, operations, type OperationName, type Operations } from './contract';
import { API_TIMEOUT_MS } from '../../domain/constants';
import { toWire } from './contract/wire';

type Op<N extends OperationName> = Operations[N];
type QueryOf<N extends OperationName> = NonNullable<Op<N>['query']> extends z.ZodType ? z.input<NonNullable<Op<N>['query']>> : never;
type BodyOf<N extends OperationName> = NonNullable<Op<N>['body']> extends z.ZodType ? z.input<NonNullable<Op<N>['body']>> : never;
export type ResultOf<N extends OperationName> = z.output<Op<N>['response']>;

/** A call's path parameters, query and body; the contract's amounts in them are integer sen (ADR 37). */
export type CallInput<N extends OperationName> = {
  params?: Record<string, string | number | undefined>;
  query?: QueryOf<N>;
  body?: BodyOf<N>;
};

/**
 * A failed call: `status` is the HTTP status (0 for a transport fault); `message` is the Error text;
 * `retryAfterS` the seconds a refusal over a limit (429) asks to wait (its Retry-After), else null.
 */
export class XsApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
    this.name = 'XsApiError';
  }
}

export type XsClientOptions = {
  /** Sends a request: `app.fetch` of the bundled API, or global fetch for a remote one. */
  fetch: (request: Request) => Promise<Response> | Response;
  /**
   * Where the API is: an origin ('http://in-process', the contract's paths under API_BASE) or a base
   * with its path (XS_API_URL, e.g. 'http://api:4321/api/mobile_ecom/xs_api.php').
   */
  baseUrl: string;
  /** The shopper's address, sent as X-Forwarded-For to a remote API (its per-IP limits); not sent in-process. */
  forwardedFor?: string | null;
  apiKey: string;
  locale: string;
  /** Session token of the member, sent as `Authorization: Bearer`. */
  token?: string | null;
  /** Member code filled into `:member` path segments. */
  member?: string | null;
  /**
   * Time limit of a call over the network (ms; default API_TIMEOUT_MS). null: none, for the
   * in-process API, whose handler a signal could not stop anyway (and an AbortSignal with its
   * timer per call cost about 1.5 % of a page's render).
   */
  timeoutMs?: number | null;
};

function buildPath(template: string, params: Record<string, string | number | undefined>): string {
  return template
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg;
      const optional = seg.endsWith('?');
      const value = params[seg.slice(1, optional ? -1 : undefined)];
      if (value === undefined || value === '') {
        if (optional) return null;
        throw new XsApiError(0, `Missing path parameter ${seg}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((s) => s !== null)
    .join('/');
}

/** True when an operation's query schema has a `lang` field (catalogue data per language). */
function takesLang(op: { query?: z.ZodType }): boolean {
  const shape = (op.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return !!shape && 'lang' in shape;
}

/** The parts of a multipart body: files (Blob) as they are, other values as text; undefined ones left out. */
function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v instanceof Blob) form.append(k, v, v instanceof File ? v.name : k);
    else if (v !== undefined && v !== null) form.append(k, String(v));
  }
  return form;
}

/**
 * Creates a client. Each call resolves to the checked success answer (amounts in sen) or throws
 * XsApiError (400 before sending when an amount of the input is not a safe integer of sen).
 */
export function createXsClient(options: XsClientOptions) {
  // A base with a path ('http://api:4321/api/mobile_ecom/xs_api.php') keeps it; an origin alone gets the contract's API_BASE.
  const base = new URL(options.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '') || API_BASE;
  async function call<N extends OperationName>(name: N, input: CallInput<N> = {}): Promise<ResultOf<N>> {
    const op = operations[name];
    const params = { member: options.member ?? undefined, ...input.params };
    const url = new URL(`${prefix}/${buildPath(op.path, params)}`, base.origin);
    // The wire form of the input: amounts in sen become ringgit text (ADR 37).
    let query: Record<string, unknown>;
    let sent: unknown;
    try {
      query = (toWire(op.query, input.query ?? {}) ?? {}) as Record<string, unknown>;
      sent = op.multipart ? input.body : toWire(op.body, input.body);
    } catch (err) {
      // An amount that is not sen (a caller's mistake): refused before anything is sent, as a direct call refuses it.
      throw new XsApiError(400, `Invalid input for ${name}: ${(err as Error).message}`);
    }
    for (const [k, v] of Object.entries(query)) {
      if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
    }
    // Catalogue data in the caller's language: operations with a `lang` query get the client's locale.
    if (takesLang(op) && !url.searchParams.has('lang')) url.searchParams.set('lang', options.locale);
    const headers: Record<string, string> = { [API_KEY_HEADER]: options.apiKey, 'accept-language': options.locale };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
    // A multipart operation (a file upload) sends a form; fetch sets its content type with the boundary.
    const body = sent === undefined ? undefined : op.multipart ? toFormData(sent as Record<string, unknown>) : JSON.stringify(sent);
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await options.fetch(
        new Request(url, {
          method: op.method,
          headers,
          body,
          signal: options.timeoutMs === null ? undefined : AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS),
        }),
      );
    } catch (err) {
      throw new XsApiError(0, (err as Error).message);
    }
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok || json.Status !== 1) {
      const wait = Number(res.headers.get('retry-after'));
      throw new XsApiError(res.status, typeof json.Error === 'string' ? json.Error : '', json, wait > 0 ? wait : null);
    }
    // Parsing decodes: the answer's ringgit text becomes sen, as a direct call answers (ADR 37).
    const parsed = op.response.safeParse(json);
    if (!parsed.success) throw new XsApiError(502, `Unexpected answer from ${name}: ${parsed.error.issues[0]?.message}`, json);
    return parsed.data as ResultOf<N>;
  }
  return { call, options };
}

export type XsClient = ReturnType<typeof createXsClient>;

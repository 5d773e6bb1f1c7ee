/**
 * The two doors to the contract client (docs/architecture.md The feature layer). A feature's queries and actions
 * choose one; pages and components never hold a client.
 *
 * - `publicApi(locale)`: no session and no member code, so whatever a cacheable page (home,
 *   catalogue, product, content) reads with it is the same for every shopper and can never carry
 *   one member's data into a shared cache.
 * - `memberApi(ctx)`: the logged-in member's session (Bearer token, member code in the path), for
 *   per-user pages and Actions. For a guest the member-scoped operations answer 401, which the
 *   error mapping (./errors.ts) turns into the coverage.md §6 expired-session text.
 *
 * - `staffApi(ctx)`: the staff console's session (its own cookie, src/server/staff-session.ts), for
 *   the operator and staff operations (ADR 25); never a member.
 *
 * `publicApi` keeps the answers of the few reference reads every page repeats for a minute
 * (./reference-reads.ts). All talk to the bundled API in-process by direct calls of its handlers
 * (ADR 33), or over HTTP to XS_API_URL when it is set (ADR 30).
 */
import { createXsClient, type CallInput, type ResultOf, type XsClient } from '../../lib/xs-api/client';
import type { OperationName } from '../../lib/xs-api/contract';
import { REFERENCE_OPERATIONS, referenceKey, rememberReference } from './reference-reads';
import type { Locale } from '../../i18n/messages';
import { config } from '../../server/config';
import { bundledApi, bundledDirect } from '../../server/runtime';
import type { SessionPayload } from '../../server/session';
import { remoteApiBase } from '../../server/remote-api';
import { ensureRemotePageChanges } from '../../server/remote-page-changes';

const remoteBase = remoteApiBase(config.xsApiUrl);

/** What the feature layer needs of an Astro page, endpoint or action context. */
export type FeatureContext = { locals: Pick<App.Locals, 'locale' | 'session' | 'clientIp'> };

/**
 * A client of the API as `locale`, `session` (null: a guest) and `clientIp` (the shopper's IP, for
 * the API's per-IP limits). In one process with the bundled API (XS_API_URL empty) each call goes
 * straight to the operation's handler (ADR 33), the session looked up once for `request` (the page
 * request's locals); a file upload goes through the app's fetch. Apart from it (XS_API_URL), over
 * HTTP, with the shopper's IP as X-Forwarded-For (ADR 30).
 */
function client(locale: Locale, session: SessionPayload | null, clientIp: string | null = null, request?: object, cachedReads = false): XsClient {
  const remote = config.xsApiUrl;
  // Apart from its API, this process's page cache follows the API's page changes (ADR 30).
  if (remoteBase) ensureRemotePageChanges(remoteBase, config.xsApiKey);
  const http = createXsClient({
    fetch: remote ? (r) => fetch(r) : async (r) => (await bundledApi()).fetch(r, { clientIp }),
    baseUrl: remote || 'http://in-process',
    forwardedFor: remote ? clientIp : null,
    apiKey: config.xsApiKey,
    locale,
    token: session?.token ?? null,
    member: session?.member ?? null,
    ...(remote ? {} : { timeoutMs: null }),
  });
  if (remote) return http;
  const caller = { locale, token: session?.token ?? null, member: session?.member ?? null, clientIp, request, cachedReads };
  const call = async <N extends OperationName>(name: N, input: CallInput<N> = {}): Promise<ResultOf<N>> => {
    const api = await bundledDirect();
    return api?.serves(name) ? api.call(name, input, caller) : http.call(name, input);
  };
  return { ...http, call };
}

/**
 * A client that cannot carry a member: for public, cacheable reads, and for a guest's own calls
 * (login, sign-up, password reset), which give the shopper's `clientIp` for the per-IP limits.
 */
export function publicApi(locale: Locale, clientIp: string | null = null): XsClient {
  // Its catalogue reads may come from the API's catalogue snapshot (ADR 44): as fresh as a cached page.
  const inner = client(locale, null, clientIp, undefined, true);
  // Reference reads (groups and lines, company contact, banners, brands) are kept a minute (./reference-reads.ts).
  const call = <N extends OperationName>(name: N, input?: CallInput<N>): Promise<ResultOf<N>> =>
    REFERENCE_OPERATIONS.has(name) ? rememberReference(referenceKey(name, locale, input), () => inner.call(name, input)) : inner.call(name, input);
  return { ...inner, call };
}

/** A client acting as the request's member (or as a guest, who gets 401 on member operations). */
export function memberApi(ctx: FeatureContext): XsClient {
  return client(ctx.locals.locale, ctx.locals.session, ctx.locals.clientIp ?? null, ctx.locals);
}

/** A client acting as the console's staff member (their session token as Bearer), or with no token. */
export function staffApi(ctx: { locals: Pick<App.Locals, 'locale' | 'staff' | 'clientIp'> }): XsClient {
  return client(ctx.locals.locale, ctx.locals.staff ? { token: ctx.locals.staff.token, member: '' } : null, ctx.locals.clientIp ?? null, ctx.locals);
}

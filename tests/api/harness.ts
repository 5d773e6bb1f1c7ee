/**
 * API test harness: the Hono app on a fresh database per test file — an in-memory PGlite, or a
 * PostgreSQL database of TEST_DATABASE_URL's server (one per test worker: `testDatabaseUrl()`) —
 * holding the demo data: a copy of the template that the run's global setup migrated and seeded
 * once (tests/setup/database-template.ts).
 */
import fs from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createXsApi, type XsApiOptions } from '../../src/server/xs-api/app';
import { openDb, type Db } from '../../src/server/xs-api/db/client';
import { DEMO_MEMBER } from '../../src/server/xs-api/db/seed';
import { outboxSms } from '../../src/server/xs-api/adapters/sms';
import { webPushSender } from '../../src/server/xs-api/adapters/push';
import { outboxDispatcher } from '../../src/server/xs-api/services/push/outbox';
import { memoryLimits } from '../../src/server/xs-api/adapters/rate-limit';
import { API_BASE, API_KEY_HEADER, operations, type OperationName } from '../../src/lib/xs-api/contract';
import type { Operation } from '../../src/lib/xs-api/contract/operation';
import { XsApiError, type CallInput } from '../../src/lib/xs-api/client';
import { directApi } from '../../src/server/xs-api/direct';
import { fromWire, toWire } from '../../src/lib/xs-api/contract/wire';
import { ZodError } from 'zod';
import { resolveLocale } from '../../src/i18n/messages';

export const TEST_API_KEY = 'test-key';
/** The sandbox provider's webhook secret and the operators' token in tests. */
export const TEST_PAYMENT_SECRET = 'test-payment-secret-0123456789abcdef';
export const TEST_OPS_TOKEN = 'test-ops-token-0123456789abcdef';
export { DEMO_MEMBER };

export type Harness = {
  db: Db;
  /** The app itself, for raw requests (a provider's webhook). */
  app: ReturnType<typeof createXsApi>;
  // The answers of every operation pass through here: tests read their fields freely. `ip` is the
  // caller's IP as the serving code hands it over (per-IP limits); none by default.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes
  call: (path: string, init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; ip?: string }) => Promise<{ status: number; json: any; headers: Headers }>;
  /** The clear text messages delivered to a number (international digits), oldest first. */
  sent: (to: string) => string[];
  login: (mobile?: string, password?: string) => Promise<{ token: string; member: string }>;
  /**
   * Adds a staff member through staff_add (with the bootstrap token) and logs them in: their
   * session token. Default: an outlet member of S001, with a login of its own per call.
   */
  staff: (who?: { role?: 'hq' | 'outlet'; outlets?: string[]; login?: string; name?: string }) => Promise<{ token: string; id: number; login: string }>;
  close: () => Promise<void>;
};

/**
 * `TEST_API_PATH=direct`: the harness sends a call the storefront would make through the direct
 * in-process path (src/server/xs-api/direct.ts, ADR 33) instead of HTTP, so that the API suites show
 * both paths answer alike. A call with headers of its own, a body that is not an object or array,
 * an amount the contract refuses, or a path no operation has goes over HTTP as before. Returns the
 * operation and its input in the in-process form (amounts in sen), or null.
 */
function directRoute(path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; ip?: string }) {
  const extra = Object.keys(init.headers ?? {}).filter((h) => h.toLowerCase() !== 'accept-language');
  if (extra.length || typeof init.body === 'string') return null;
  const method = init.method ?? (init.body !== undefined ? 'POST' : 'GET');
  const [pathname = '', search = ''] = path.split('?', 2) as [string, string?];
  let segments: string[];
  try {
    segments = pathname.split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
  for (const [name, op] of Object.entries(operations) as [OperationName, Operation][]) {
    if (op.method !== method) continue;
    const pattern = op.path.split('/');
    const params: Record<string, string> = {};
    let fits = segments.length <= pattern.length;
    pattern.forEach((seg, i) => {
      const value = segments[i];
      if (!fits) return;
      if (!seg.startsWith(':')) fits = value === seg;
      else if (value === undefined || value === '') fits = seg.endsWith('?');
      else params[seg.slice(1).replace(/\?$/, '')] = value;
    });
    if (!fits) continue;
    const locale = resolveLocale(Object.entries(init.headers ?? {}).find(([h]) => h.toLowerCase() === 'accept-language')?.[1] ?? new URLSearchParams(search).get('lang') ?? '');
    // The test speaks the wire (amounts in ringgit); a direct call takes the in-process form (sen,
    // ADR 37). An amount the contract refuses goes over HTTP, where its refusal is the edge's.
    let query: unknown;
    let body: unknown;
    try {
      query = fromWire(op.query, Object.fromEntries(new URLSearchParams(search)));
      body = fromWire(op.body, init.body);
    } catch (err) {
      if (err instanceof ZodError) return null;
      throw err;
    }
    return {
      name,
      op,
      input: { params, query, body } as CallInput<OperationName>,
      caller: { locale, token: init.token ?? null, member: null, clientIp: init.ip ?? null },
    };
  }
  return null;
}

/** The password of the staff members `Harness.staff` adds. */
export const TEST_STAFF_PASSWORD = 'staff-password-42';

/**
 * The PostgreSQL database this test worker owns, or undefined on PGlite: `<TEST_DATABASE_URL's
 * name>_w<N>` on the same server for worker N, so that test files run side by side without
 * touching each other's database. Vitest numbers its workers in VITEST_POOL_ID (1, 2…).
 */
export async function testDatabaseUrl(): Promise<string | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const url = new URL(base);
  url.pathname = `/${url.pathname.slice(1) || 'postgres'}_w${Number(process.env.VITEST_POOL_ID ?? 1)}`;
  return url.toString();
}

/** Makes the worker's PostgreSQL database anew as a copy of the run's template (any open connection to it is ended). */
async function copyPostgresTemplate(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`);
  } finally {
    await admin.end();
  }
}

/** The run's seeded PGlite data directory (a tar), read once per test worker (its files share this module). */
let pgliteTemplate: Blob | undefined;

/**
 * Per-operation limits for the suites that are not about limits (orders, carts and sign-ups by the
 * dozen from one member or client): the real rules, a hundred times looser.
 */
const LOOSE_LIMITS = { points: 100_000 };

/**
 * Capacity for the suites that are not about it (dozens of orders into one slot): HQ's per-outlet
 * setting (ops_capacity_set) is what slot-capacity.test.ts uses to make a slot small.
 */
const LOOSE_CAPACITY = { pickupSlot: 10_000, deliveryDay: 10_000 };

/**
 * Opens a fresh, seeded database and the app on it; `options` override the app's (e.g. another
 * payment adapter, or `limits: memoryLimits()` for the real abuse limits). On PGlite, `at.dataDir`
 * puts the database in that (empty or missing) folder instead of memory, holding its lock as a shop
 * does (tests/api/backup.test.ts backs it up with the CLI).
 */
export async function createHarness(options: Partial<Omit<XsApiOptions, 'db' | 'apiKey'>> = {}, at: { dataDir?: string } = {}): Promise<Harness> {
  const url = await testDatabaseUrl();
  if (url) await copyPostgresTemplate(url);
  else pgliteTemplate ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  const handle = await openDb(url ? { url } : { dataDir: at.dataDir ?? 'memory://', loadDataDir: pgliteTemplate });
  const delivered: { to: string; msg: string }[] = [];
  const sms = options.sms ?? outboxSms((to, msg) => delivered.push({ to, msg }));
  // The outbox's sends run after a write has answered (ADR 32): `close` waits for them, so none
  // runs on a database already closed.
  const push = options.push ?? webPushSender({ subject: 'mailto:test@example.com' });
  const outbox = options.outbox ?? outboxDispatcher({ db: async () => handle.db, push, sms, siteUrl: 'https://shop.example.my' });
  const app = createXsApi({
    db: handle.db,
    apiKey: TEST_API_KEY,
    paymentSecret: TEST_PAYMENT_SECRET,
    opsToken: TEST_OPS_TOKEN,
    sms,
    push,
    outbox,
    geocoder: null,
    siteUrl: 'https://shop.example.my',
    capacity: LOOSE_CAPACITY,
    limits: memoryLimits({ operations: { add_cart: LOOSE_LIMITS, add_order: LOOSE_LIMITS, insert_customer: LOOSE_LIMITS, reset_password: LOOSE_LIMITS } }),
    ...options,
  });
  const direct = process.env.TEST_API_PATH === 'direct' ? directApi(app, { checkAnswers: true }) : null;
  const call: Harness['call'] = async (path, init = {}) => {
    const viaDirect = direct && directRoute(path, init);
    if (viaDirect && direct.serves(viaDirect.name)) {
      try {
        const json = await direct.call(viaDirect.name, viaDirect.input, viaDirect.caller);
        // The answer as the HTTP edge would write it (amounts in ringgit text), for the suites' checks.
        return { status: 200, json: JSON.parse(JSON.stringify(toWire(viaDirect.op.response, json))), headers: new Headers() };
      } catch (err) {
        if (!(err instanceof XsApiError) || err.status === 0) throw err;
        return { status: err.status, json: JSON.parse(JSON.stringify(err.body)), headers: new Headers(err.retryAfterS ? { 'retry-after': String(err.retryAfterS) } : {}) };
      }
    }
    const headers: Record<string, string> = { [API_KEY_HEADER]: TEST_API_KEY, ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.request(
      `${API_BASE}/${path}`,
      {
        method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
        headers,
        body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
      },
      init.ip ? { clientIp: init.ip } : undefined,
    );
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers };
  };
  const login: Harness['login'] = async (mobile = DEMO_MEMBER.mobile, password = DEMO_MEMBER.password) => {
    const r = await call('customer_login', { body: [{ mobile, password }] });
    if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.json)}`);
    return { token: r.json.token, member: r.json.member_code };
  };
  const sent: Harness['sent'] = (to) => delivered.filter((d) => d.to === to).map((d) => d.msg);
  let staffCount = 0;
  const staff: Harness['staff'] = async ({ role = 'outlet', outlets = role === 'outlet' ? ['S001'] : [], login = `staff${++staffCount}.${role}`, name = `Staff ${staffCount}` } = {}) => {
    const added = await call('staff/add', { token: TEST_OPS_TOKEN, body: { login, name, password: TEST_STAFF_PASSWORD, role, outlets } });
    if (added.status !== 200) throw new Error(`staff_add failed: ${JSON.stringify(added.json)}`);
    const r = await call('staff/login', { body: { login, password: TEST_STAFF_PASSWORD } });
    if (r.status !== 200) throw new Error(`staff_login failed: ${JSON.stringify(r.json)}`);
    return { token: r.json.token, id: r.json.staff.id, login };
  };
  const close = async () => {
    await outbox.idle();
    await handle.close();
  };
  return { db: handle.db, app, call, login, sent, staff, close };
}

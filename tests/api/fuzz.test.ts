/**
 * Fuzz of the contract (issue "Hardened for the open internet" part 4): requests generated from the
 * zod schemas of every operation of src/lib/xs-api/contract, made malformed (NUL and other control
 * characters, broken %-encodings, ~1 MB strings, wrong types, deep JSON, invalid UTF-8 bodies,
 * overlong paths), sent to the bundled API with a live member session (so they reach the handlers),
 * plus unknown paths. Every answer must be a 2xx–4xx, complete (the whole body read, its length as
 * announced) and, being JSON, parse; every refusal carries the contract's `{ Status: 0, Error }`.
 *
 * Reproducible: FUZZ_SEED (fixed by default); bigger: FUZZ_SCALE=10 (README "Fuzzing").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHarness, TEST_API_KEY, TEST_OPS_TOKEN, type Harness } from './harness';
import { API_BASE, API_KEY_HEADER, operations, type Operation } from '../../src/lib/xs-api/contract';
import { deepJson, encode, FUZZ_SCALE, FUZZ_SEED, hostileQuery, hostileSegment, hostileText, hostileValue, invalidUtf8, shapedBy } from '../fuzz/arbitraries';

/** Requests per operation at scale 1 (about 110 operations and the stray paths: ≥ 4,500 requests). */
const PER_OPERATION = 45;

type FuzzRequest = { method: string; path: string; query: string; body?: string | Uint8Array; auth: 'member' | 'operator' | 'staff' | 'none' | 'bogus' };

/** A query value as a browser or app would send it: strings as they are, other JSON as text. */
const asQueryValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');

function queryArb(op: Operation): fc.Arbitrary<string> {
  const shaped = op.query
    ? shapedBy(op.query).map((v) =>
        v && typeof v === 'object' && !Array.isArray(v) ? new URLSearchParams(Object.entries(v).map(([k, x]) => [k, asQueryValue(x)])).toString() : `q=${encode(asQueryValue(v))}`,
      )
    : fc.constant('');
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: hostileQuery });
}

function bodyArb(op: Operation): fc.Arbitrary<string | Uint8Array | undefined> {
  if (op.method !== 'POST') return fc.constant(undefined);
  const shaped = op.body ? shapedBy(op.body).map((v) => JSON.stringify(v) ?? 'null') : hostileValue.map((v) => JSON.stringify(v) ?? 'null');
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: invalidUtf8 },
    { weight: 1, arbitrary: hostileText.filter((s) => s.length < 2_000) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function pathArb(op: Operation, member: string): fc.Arbitrary<string> {
  const segments = op.path.split('/').map((seg) => {
    if (!seg.startsWith(':')) return fc.constant(seg);
    const optional = seg.endsWith('?');
    const value = seg === ':member' || seg === ':member?' ? fc.oneof({ weight: 5, arbitrary: fc.constant(member) }, { weight: 1, arbitrary: hostileSegment }) : fc.oneof(hostileSegment, fc.constantFrom('P0001', '1', 'WM01', '0'));
    return optional ? fc.option(value, { nil: '' }) : value;
  });
  return fc.tuple(...segments).map((parts) => parts.filter((p, i) => p !== '' || i === 0).join('/'));
}

function requestArb(op: Operation, member: string): fc.Arbitrary<FuzzRequest> {
  const auth: fc.Arbitrary<FuzzRequest['auth']> =
    op.auth ? fc.constantFrom('staff', 'staff', 'operator', 'bogus') : op.member === 'none' ? fc.constantFrom('none', 'member') : fc.constantFrom('member', 'member', 'member', 'bogus');
  return fc.record({ method: fc.constant(op.method), path: pathArb(op, member), query: queryArb(op), body: bodyArb(op), auth });
}

/** Paths outside the contract, and wrong methods. */
const strayArb: fc.Arbitrary<FuzzRequest> = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
  path: fc.oneof(hostileSegment, fc.constantFrom('nothing-here', '', 'customer_login/%00/%00', 'product_detail', 'product_detail/%00/%00/%00', 'payment_webhook_sandbox', 'payment_webhook_stripe', 'openapi.json')),
  query: hostileQuery,
  body: fc.option(fc.oneof(hostileText.filter((s) => s.length < 2_000), deepJson), { nil: undefined }),
  auth: fc.constantFrom('none', 'member', 'bogus'),
});

type Finding = { request: string; status: number; problem: string };

describe('fuzz: every operation of the contract', () => {
  let h: Harness;
  let session: { token: string; member: string };
  let staffToken = '';

  beforeAll(async () => {
    h = await createHarness();
    session = await h.login();
    staffToken = (await h.staff({ role: 'hq' })).token;
  });
  afterAll(async () => h?.close());

  async function send(req: FuzzRequest): Promise<Finding | null> {
    const headers: Record<string, string> = { [API_KEY_HEADER]: TEST_API_KEY, 'accept-language': 'en' };
    if (req.auth === 'member') headers.authorization = `Bearer ${session.token}`;
    if (req.auth === 'operator') headers.authorization = `Bearer ${TEST_OPS_TOKEN}`;
    if (req.auth === 'staff') headers.authorization = `Bearer ${staffToken}`;
    if (req.auth === 'bogus') headers.authorization = 'Bearer \u00ff%00';
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const url = `${API_BASE}/${req.path}${req.query ? `?${req.query}` : ''}`;
    const label = `${req.method} ${url.slice(0, 160)}${req.body === undefined ? '' : ` body=${String(typeof req.body === 'string' ? req.body : `bytes(${req.body.length})`).slice(0, 80)}`}`;
    let res: Response;
    try {
      res = await h.app.request(url, { method: req.method, headers, body: ['GET', 'HEAD'].includes(req.method) ? undefined : (req.body as BodyInit | undefined) });
    } catch (err) {
      return { request: label, status: 0, problem: `threw ${(err as Error).message}` };
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    const length = res.headers.get('content-length');
    if (res.status >= 500) return { request: label, status: res.status, problem: new TextDecoder().decode(bytes).slice(0, 200) };
    if (length !== null && Number(length) !== bytes.length) return { request: label, status: res.status, problem: `truncated: ${bytes.length} of ${length} bytes` };
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      let json: { Status?: unknown; Error?: unknown };
      try {
        json = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        return { request: label, status: res.status, problem: 'JSON answer does not parse' };
      }
      if (res.status >= 400 && (json.Status !== 0 || typeof json.Error !== 'string' || !json.Error || /\n\s+at /.test(json.Error))) {
        return { request: label, status: res.status, problem: `not the contract's error shape: ${JSON.stringify(json).slice(0, 200)}` };
      }
    } else if (res.status >= 400) {
      return { request: label, status: res.status, problem: `refusal without JSON (${res.headers.get('content-type')})` };
    }
    // A fuzzed logout may revoke the session: log in again so later requests still reach the handlers.
    if (req.path.startsWith('customer_logout/') && res.status === 200) session = await h.login();
    if (req.path.startsWith('staff/') && res.status === 200 && /^staff\/(logout|disable|reset_password)/.test(req.path)) staffToken = (await h.staff({ role: 'hq' })).token;
    return null;
  }

  it(
    `answers ≥ ${PER_OPERATION * FUZZ_SCALE} malformed requests per operation with a complete 4xx or 2xx, never a 5xx (seed ${FUZZ_SEED})`,
    async () => {
      const ops = Object.values(operations) as Operation[];
      const findings: Finding[] = [];
      let sent = 0;
      const batches: FuzzRequest[][] = ops.map((op, i) => fc.sample(requestArb(op, session.member), { seed: FUZZ_SEED + i, numRuns: PER_OPERATION * FUZZ_SCALE }));
      batches.push(fc.sample(strayArb, { seed: FUZZ_SEED - 1, numRuns: PER_OPERATION * FUZZ_SCALE }));
      for (const batch of batches) {
        for (const req of batch) {
          const finding = await send(req);
          sent++;
          if (finding) findings.push(finding);
        }
      }
      expect(sent).toBeGreaterThanOrEqual(4_500);
      expect(findings.slice(0, 25)).toEqual([]);
    },
    600_000,
  );
});

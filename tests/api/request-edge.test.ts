/**
 * The edge every page, Action and API call passes (src/server/request-edge.ts, run by
 * src/middleware.ts): the global per-IP limit (here 3 a minute) with 429 + Retry-After, a page in the
 * shopper's language or the contract's JSON; the client IP from the socket, or from X-Forwarded-For
 * only behind trusted proxies; the request id echoed and on every log line.
 */
import { Writable } from 'node:stream';
import type { APIContext, MiddlewareNext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleAtEdge, requestClientIp } from '../../src/server/request-edge';
import { clientIpFrom } from '../../src/server/client-ip';
import { memoryLimits } from '../../src/server/xs-api/adapters/rate-limit';
import { createLogger, log, setLogger } from '../../src/server/log';

const lines: Record<string, unknown>[] = [];
let previous: ReturnType<typeof setLogger>;
beforeAll(() => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  previous = setLogger(createLogger(sink, 'info'));
});
afterAll(() => setLogger(previous));

/** The parts of an Astro context the edge reads. */
function ctxFor(path: string, init: { ip?: string; headers?: Record<string, string> } = {}) {
  const url = new URL(path, 'http://shop.test');
  return { request: new Request(url, { headers: init.headers }), url, locals: {}, clientAddress: init.ip ?? '192.0.2.10' } as unknown as APIContext;
}
const ok: MiddlewareNext = async () => {
  log.info('inside the page');
  return new Response('page', { status: 200 });
};

describe('global per-IP limit', () => {
  it('answers 429 with Retry-After once an IP is over its calls per minute, a page in the shopper language', async () => {
    const { global } = memoryLimits({ perMinute: 3 });
    const at = () => Promise.resolve(global);
    for (let i = 0; i < 3; i++) expect((await handleAtEdge(ctxFor('/', { ip: '192.0.2.1' }), ok, at)).status).toBe(200);
    const page = await handleAtEdge(ctxFor('/ar/category/1', { ip: '192.0.2.1' }), ok, at);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(page.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('lang="ar" dir="rtl"');
    expect(html).toMatch(/طلبات كثيرة جدًا\. يرجى الانتظار \d+ ثانية/);

    const api = await handleAtEdge(ctxFor('/api/mobile_ecom/xs_api.php/product_listing', { ip: '192.0.2.1', headers: { 'accept-language': 'zh' } }), ok, at);
    expect(api.status).toBe(429);
    expect(api.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await api.json()).toEqual({ Status: 0, Error: expect.stringMatching(/^请求过于频繁，请等待 \d+ 秒后再试。$/) });

    // Another client is served.
    expect((await handleAtEdge(ctxFor('/', { ip: '192.0.2.2' }), ok, at)).status).toBe(200);
  });

  it('counts by the socket address, not by a forged X-Forwarded-For', async () => {
    const { global } = memoryLimits({ perMinute: 2 });
    const at = () => Promise.resolve(global);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await handleAtEdge(ctxFor('/', { ip: '192.0.2.3', headers: { 'x-forwarded-for': `10.0.0.${i}` } }), ok, at)).status);
    expect(answers).toEqual([200, 200, 429]);
  });
});

describe('client IP', () => {
  it('ignores X-Forwarded-For without trusted proxies and takes the proxies own entry behind them', () => {
    expect(clientIpFrom('1.1.1.1', '198.51.100.4', 0)).toBe('198.51.100.4');
    expect(clientIpFrom('1.1.1.1, 203.0.113.7', '10.0.0.2', 1)).toBe('203.0.113.7');
    expect(clientIpFrom('1.1.1.1, 203.0.113.7, 10.0.0.9', '10.0.0.2', 2)).toBe('203.0.113.7');
    expect(clientIpFrom('203.0.113.7', '10.0.0.2', 3)).toBe('203.0.113.7');
    expect(clientIpFrom('<script>', '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientIpFrom(null, undefined, 1)).toBeNull();
    expect(requestClientIp(ctxFor('/', { ip: '2001:db8::1', headers: { 'x-forwarded-for': '1.2.3.4' } }), 0)).toBe('2001:db8::1');
  });
});

describe('request id', () => {
  it('echoes a well-formed X-Request-Id and puts it on every line made for the request', async () => {
    const { global } = memoryLimits();
    lines.length = 0;
    const res = await handleAtEdge(ctxFor('/password-reset?token=secret-token-value', { ip: '192.0.2.20', headers: { 'x-request-id': 'req-0123456789' } }), ok, () => Promise.resolve(global));
    expect(res.headers.get('x-request-id')).toBe('req-0123456789');
    expect(lines.map((l) => l.reqId)).toEqual(['req-0123456789', 'req-0123456789']);
    expect(lines.at(-1)).toMatchObject({ msg: 'request', method: 'GET', path: '/password-reset', status: 200 });
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });

  it('logs a path with the phone numbers in it masked', async () => {
    const { global } = memoryLimits();
    lines.length = 0;
    await handleAtEdge(ctxFor('/api/mobile_ecom/xs_api.php/retrieve_password_by_SMS/0123456789/0123456789'), ok, () => Promise.resolve(global));
    expect(lines.at(-1)).toMatchObject({ path: '/api/mobile_ecom/xs_api.php/retrieve_password_by_SMS/[redacted]/[redacted]' });
  });

  it('makes a new one for a malformed id, also on a redirect', async () => {
    const { global } = memoryLimits();
    const redirect: MiddlewareNext = async () => Response.redirect('http://shop.test/login', 302);
    const res = await handleAtEdge(ctxFor('/account', { headers: { 'x-request-id': 'bad id\r\n' } }), redirect, () => Promise.resolve(global));
    expect(res.status).toBe(302);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

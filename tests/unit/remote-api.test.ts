/**
 * The storefront apart from its API (ADR 30): where a contract path goes on the API process, how a
 * request is forwarded (body as it came, the shopper's address, redirects passed back, an API that
 * cannot be reached → 502 in the contract's shape), and the page-change follower (tags dropped as
 * they come, every page dropped when the feed comes back after a loss).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardToApi, remoteApiBase, remoteUrl } from '../../src/server/remote-api';
import { followRemotePageChanges } from '../../src/server/remote-page-changes';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server on a free loopback port; `handler` answers; its base URL. */
async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('remoteApiBase and remoteUrl', () => {
  it('reads an origin alone or the API base with its path', () => {
    expect(remoteApiBase('')).toBeNull();
    expect(remoteApiBase('http://api:4321')).toEqual({ origin: 'http://api:4321', basePath: '/api/mobile_ecom/xs_api.php' });
    expect(remoteApiBase('http://api:4321/api/mobile_ecom/xs_api.php/')).toEqual({ origin: 'http://api:4321', basePath: '/api/mobile_ecom/xs_api.php' });
    expect(remoteApiBase('https://chain.example.my/mobile/v2')).toEqual({ origin: 'https://chain.example.my', basePath: '/mobile/v2' });
  });

  it('rebases a contract path onto the API base, and keeps other paths as they are', () => {
    const base = { origin: 'https://chain.example.my', basePath: '/mobile/v2' };
    expect(remoteUrl('http://shop.test/api/mobile_ecom/xs_api.php/product_detail/P0001?lang=zh', base).href).toBe('https://chain.example.my/mobile/v2/product_detail/P0001?lang=zh');
    expect(remoteUrl('http://shop.test/payment/sandbox/sbx_1', base).href).toBe('https://chain.example.my/payment/sandbox/sbx_1');
  });
});

describe('forwardToApi', () => {
  it('passes the method, headers and body as they came, with the shopper’s address and the public host', async () => {
    let seen: { method?: string; url?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    const api = await serve((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        res.writeHead(201, { 'content-type': 'application/json', 'x-api': 'yes' }).end('{"Status":1}');
      });
    });
    const signed = 't=1,v1=abc';
    const answer = await forwardToApi(
      new Request('http://shop.test/api/mobile_ecom/xs_api.php/payment_webhook_sandbox?x=1', { method: 'POST', headers: { 'x-sandbox-signature': signed, 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.9' }, body: '{"id":"evt_1"}' }),
      new URL(`${api}/api/mobile_ecom/xs_api.php/payment_webhook_sandbox?x=1`),
      '203.0.113.7',
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-api')).toBe('yes');
    expect(await answer.json()).toEqual({ Status: 1 });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/api/mobile_ecom/xs_api.php/payment_webhook_sandbox?x=1');
    expect(seen.body).toBe('{"id":"evt_1"}');
    expect(seen.headers?.['x-sandbox-signature']).toBe(signed);
    expect(seen.headers?.['x-forwarded-for']).toBe('10.0.0.9, 203.0.113.7');
    expect(seen.headers?.['x-forwarded-host']).toBe('shop.test');
    expect(seen.headers?.['x-forwarded-proto']).toBe('http');
  });

  it('passes a redirect back to the browser instead of following it', async () => {
    const api = await serve((_req, res) => res.writeHead(303, { location: 'http://shop.test/order-success?order=WEB1' }).end());
    const answer = await forwardToApi(new Request('http://shop.test/payment/sandbox/sbx_1', { method: 'POST', body: 'outcome=approve' }), new URL(`${api}/payment/sandbox/sbx_1`), null);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('http://shop.test/order-success?order=WEB1');
  });

  it('answers 502 in the contract’s shape when the API cannot be reached', async () => {
    const gone = await serve(() => undefined);
    servers.pop()!.close();
    const answer = await forwardToApi(new Request('http://shop.test/api/mobile_ecom/xs_api.php/state_listing'), new URL(`${gone}/api/mobile_ecom/xs_api.php/state_listing`), null);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ Status: 0, Error: expect.stringContaining('not reachable') });
  });
});

describe('followRemotePageChanges', () => {
  it('drops the tags of each change, and every page when the feed comes back after a loss', async () => {
    let connections = 0;
    const api = await serve((req, res) => {
      expect(req.url).toBe('/base/page_changes');
      expect(req.headers['x-api-key']).toBe('key-1');
      connections++;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: ready\ndata: {}\n\n');
      res.write('event: changed\ndata: {"tags":["product:P0001","line:PORK-CUTS"]}\n\n');
      res.write(': ping\n\n');
      // The first connection is lost at once; the second stays open.
      if (connections === 1) res.end('event: changed\ndata: {"tags":["banners"]}\n\n');
    });
    const calls: string[][] = [];
    const follower = followRemotePageChanges({ origin: api, basePath: '/base' }, 'key-1', (tags) => calls.push(tags));
    try {
      await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(4);
      expect(calls).toEqual([['product:P0001', 'line:PORK-CUTS'], ['banners'], ['catalogue'], ['product:P0001', 'line:PORK-CUTS']]);
      expect(connections).toBe(2);
    } finally {
      follower.close();
    }
  });
});

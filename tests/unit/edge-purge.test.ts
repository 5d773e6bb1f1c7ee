/**
 * Purging the pages cached at the edge (ADR 36): the worker's purge address (src/edge/purge.ts) and
 * the Node shop's sender (src/server/edge-purge.ts) against a real HTTP server.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerPurge, purgeTags } from '../../src/edge/purge';
import { edgePurger, edgePurgeTarget, purgeBatches } from '../../src/server/edge-purge';
import { EDGE_PURGE_PATH, PURGE_TAGS_MAX } from '../../src/server/edge-purge-names';
import { settingsProblems } from '../../src/server/settings';
import { log } from '../../src/server/log';

const TOKEN = 'purge-token-0123456789abcdef0123456789';

function purgeRequest(body: BodyInit | null, { token = TOKEN, method = 'POST' }: { token?: string | null; method?: string } = {}): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Request(`http://edge.test${EDGE_PURGE_PATH}`, { method, headers, body: method === 'GET' ? null : body });
}

describe('the worker\'s purge address', () => {
  const calls: string[][] = [];
  const purge = async (tags: string[]) => void calls.push(tags);
  afterEach(() => void (calls.length = 0));

  it('purges the given tags once each, with the right token', async () => {
    const res = await answerPurge(purgeRequest(JSON.stringify({ tags: ['listing', 'product:P0001', 'listing'] })), { token: TOKEN, purge });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ purged: 2 });
    expect(calls).toEqual([['listing', 'product:P0001']]);
  });

  it('is not there without a token of its own, and refuses other methods and tokens', async () => {
    expect((await answerPurge(purgeRequest('{"tags":["x"]}'), { token: undefined, purge })).status).toBe(404);
    expect((await answerPurge(purgeRequest(null, { method: 'GET' }), { token: TOKEN, purge })).status).toBe(405);
    expect((await answerPurge(purgeRequest('{"tags":["x"]}', { token: null }), { token: TOKEN, purge })).status).toBe(401);
    expect((await answerPurge(purgeRequest('{"tags":["x"]}', { token: `${TOKEN}x` }), { token: TOKEN, purge })).status).toBe(401);
    expect(calls).toEqual([]);
  });

  it.each([
    ['not JSON', 'tags=x'],
    ['no tags', '{}'],
    ['an empty list', '{"tags":[]}'],
    ['a tag with a space', '{"tags":["a b"]}'],
    ['a tag with a comma', '{"tags":["a,b"]}'],
    ['a NUL byte', '{"tags":["a\\u0000"]}'],
    ['a number', '{"tags":[7]}'],
    ['too many tags', JSON.stringify({ tags: Array.from({ length: PURGE_TAGS_MAX + 1 }, (_, i) => `t${i}`) })],
  ])('answers 400 to %s and purges nothing', async (_what, body) => {
    const res = await answerPurge(purgeRequest(body), { token: TOKEN, purge });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(10);
    expect(calls).toEqual([]);
  });

  it('answers 400 to broken UTF-8 and 413 to a huge body', async () => {
    expect((await answerPurge(purgeRequest(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), { token: TOKEN, purge })).status).toBe(400);
    expect((await answerPurge(purgeRequest(JSON.stringify({ tags: ['x'.repeat(70_000)] })), { token: TOKEN, purge })).status).toBe(413);
    expect(calls).toEqual([]);
  });

  it('answers 502 when the platform\'s purge fails', async () => {
    const res = await answerPurge(purgeRequest('{"tags":["listing"]}'), { token: TOKEN, purge: async () => { throw new Error('no cache'); } });
    expect(res.status).toBe(502);
    expect(purgeTags('{"tags":["catalogue"]}')).toEqual({ tags: ['catalogue'] });
  });
});

describe('the Node shop\'s purges', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** A worker stand-in answering each request with the next status of `statuses` (200 when they run out). */
  async function fakeWorker(statuses: number[] = []) {
    const seen: { auth: string | undefined; tags: string[] }[] = [];
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, tags: (JSON.parse(body) as { tags: string[] }).tags });
        res.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    return { seen, target: edgePurgeTarget({ EDGE_PURGE_URL: origin, EDGE_PURGE_TOKEN: TOKEN })! };
  }

  it('gathers the tags of several changes into one request with the token', async () => {
    const { seen, target } = await fakeWorker();
    const purger = edgePurger({ target, batchMs: 10_000 });
    purger.enqueue(['listing', 'product:P0001']);
    purger.enqueue(['listing', 'line:PORK-CUTS']);
    await purger.flush();
    expect(seen).toEqual([{ auth: `Bearer ${TOKEN}`, tags: ['listing', 'product:P0001', 'line:PORK-CUTS'] }]);
    expect(target.url).toMatch(/\/_edge\/purge$/);
  });

  it('tries a failed purge again, but not one the worker refused', async () => {
    const { seen, target } = await fakeWorker([503, 502, 200, 401]);
    const purger = edgePurger({ target, minTimeoutMs: 1 });
    purger.enqueue(['banners']);
    await purger.flush();
    expect(seen.map((s) => s.tags)).toEqual([['banners'], ['banners'], ['banners']]);
    // A refusal is not tried again, and is logged for the operator (the pages then leave the edge when they expire).
    const failed = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    try {
      purger.enqueue(['listing']);
      await purger.flush();
      expect(seen).toHaveLength(4);
      expect(failed).toHaveBeenCalledTimes(1);
      expect(failed.mock.calls[0]?.[0]).toMatchObject({ event: 'edge_purge', tags: ['listing'], count: 1 });
    } finally {
      failed.mockRestore();
    }
  });

  it('sends every page alone as `catalogue`, and long lists in pieces', () => {
    expect(purgeBatches(['listing', 'catalogue', 'product:P1'])).toEqual([['catalogue']]);
    const many = Array.from({ length: PURGE_TAGS_MAX * 2 + 1 }, (_, i) => `product:P${i}`);
    expect(purgeBatches(many).map((b) => b.length)).toEqual([PURGE_TAGS_MAX, PURGE_TAGS_MAX, 1]);
  });

  it('is off unless both settings are set, and the settings say so', () => {
    expect(edgePurgeTarget({})).toBeNull();
    expect(edgePurgeTarget({ EDGE_PURGE_URL: 'https://shop.example.my' })).toBeNull();
    expect(settingsProblems({ EDGE_PURGE_URL: 'https://shop.example.my' }).join(' ')).toMatch(/EDGE_PURGE_URL, EDGE_PURGE_TOKEN/);
    expect(settingsProblems({ EDGE_PURGE_URL: 'https://shop.example.my', EDGE_PURGE_TOKEN: 'short' }).join(' ')).toMatch(/EDGE_PURGE_TOKEN/);
    expect(settingsProblems({ EDGE_PURGE_URL: 'https://shop.example.my', EDGE_PURGE_TOKEN: TOKEN })).toEqual([]);
  });
});

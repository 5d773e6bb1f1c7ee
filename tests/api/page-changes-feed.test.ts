/**
 * The page-change feed (GET page_changes, ADR 30) that storefronts apart from the API follow: the
 * API key is needed; `ready` comes first, then a product HQ creates is announced with the tags of
 * the pages that show it; a follower that has left receives nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, TEST_API_KEY, type Harness } from './harness';
import { API_BASE } from '../../src/lib/xs-api/contract';
import { productChangeTags } from '../../src/server/cache';

let h: Harness;
let hq: { token: string };
beforeAll(async () => {
  h = await createHarness();
  hq = await h.staff({ role: 'hq', login: 'hq.feed' });
});
afterAll(async () => h.close());

/** Opens the feed and reads its events as { event, data } until `until` is satisfied or 10 s pass. */
async function readFeed(until: (events: { event: string; data: string }[]) => boolean, whileOpen: () => Promise<void>) {
  const abort = new AbortController();
  const res = await h.app.request(`${API_BASE}/page_changes`, { headers: { 'x-api-key': TEST_API_KEY }, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
  const events: { event: string; data: string }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let acted = false;
  const deadline = Date.now() + 10_000;
  while (!until(events) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      if (event) events.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? '' });
    }
    if (!acted && events.some((e) => e.event === 'ready')) {
      acted = true;
      await whileOpen();
    }
  }
  abort.abort();
  await reader.cancel().catch(() => undefined);
  return events;
}

describe('GET page_changes', () => {
  it('needs the API key', async () => {
    const res = await h.app.request(`${API_BASE}/page_changes`);
    expect(res.status).toBe(401);
  });

  it('says ready, then names the pages a new product changes', async () => {
    const events = await readFeed(
      (seen) => seen.some((e) => e.event === 'changed'),
      async () => {
        const created = await h.call('ops/catalogue/product_create', {
          token: hq.token,
          body: { product_code: 'P9501', product_name: { en: 'Salted Egg Fish Skin', zh: '咸蛋鱼皮', ar: 'جلد سمك بالبيض المملح' }, line_code: 'SQUID', unit: '100 g', price_sen: 990, final_price_sen: 990, visible: true },
        });
        expect(created.status).toBe(200);
      },
    );
    expect(events[0]).toEqual({ event: 'ready', data: '{}' });
    const changed = events.find((e) => e.event === 'changed');
    const tags = (JSON.parse(changed!.data) as { tags: string[] }).tags;
    expect(tags).toEqual(productChangeTags(['P9501'], ['SQUID']));
  });
});

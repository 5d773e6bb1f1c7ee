/**
 * The storefront's suggestion endpoint GET /api/suggest (coverage.md §2 Search, §9: up to 10, EN, ZH and AR
 * names) through its route handler. The feature layer's public client (`publicApi`) is pointed at
 * the bundled API of the harness.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { APIContext } from 'astro';
import { createHarness, TEST_API_KEY, type Harness } from './harness';
import { createXsApi } from '../../src/server/xs-api/app';
import { createXsClient } from '../../src/lib/xs-api/client';
import { GET } from '../../src/pages/api/suggest';

let h: Harness;
let app: ReturnType<typeof createXsApi>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON answer, read freely by the tests
let suggest: (query: string) => Promise<{ status: number; json: any; cache: string | null }>;

vi.mock('../../src/features/shared/api', () => ({
  publicApi: (locale: string) => createXsClient({ fetch: (r) => app.fetch(r), baseUrl: 'http://in-process', apiKey: TEST_API_KEY, locale }),
}));

beforeAll(async () => {
  h = await createHarness();
  app = createXsApi({ db: h.db, apiKey: TEST_API_KEY });
  suggest = async (query) => {
    const url = new URL(`http://shop.test/api/suggest${query}`);
    const res = await GET({ url, request: new Request(url), locals: { locale: 'en' } } as unknown as APIContext);
    return { status: res.status, json: await res.json(), cache: res.headers.get('cache-control') };
  };
});
afterAll(() => h?.close());

describe('GET /api/suggest', () => {
  it('answers up to 10 products matching the text, with link, price and picture; public and cacheable', async () => {
    const r = await suggest('?q=pork&lang=en');
    expect(r.status).toBe(200);
    expect(r.cache).toMatch(/^public/);
    expect(r.json.items).toHaveLength(10);
    for (const it of r.json.items) {
      expect(it.name).toMatch(/pork/i);
      expect(it.href).toBe(`/product/${it.code}`);
      expect(it.price).toMatch(/^RM \d+\.\d{2}$/);
      expect(it.picture).toMatch(/^\//);
    }
  });
  it('matches Chinese names and links in the asked language', async () => {
    const r = await suggest(`?q=${encodeURIComponent('五花肉')}&lang=zh`);
    expect(r.json.items.map((i: { code: string }) => i.code)).toContain('P0001');
    expect(r.json.items.find((i: { code: string }) => i.code === 'P0001')).toMatchObject({ name: '五花肉', href: '/zh/product/P0001' });
    const ar = await suggest('?q=belly&lang=ar');
    expect(ar.json.items[0].href).toMatch(/^\/ar\/product\//);
  });
  it('matches Arabic names with the same folding as the search page (marks and letter variants)', async () => {
    const plain = await suggest(`?q=${encodeURIComponent('خنزير')}&lang=ar`);
    expect(plain.json.items).toHaveLength(10);
    for (const it of plain.json.items) expect(it.name).toContain('خنزير');
    const marked = await suggest(`?q=${encodeURIComponent('خِنْزِير')}&lang=ar`);
    expect(marked.json.items).toEqual(plain.json.items);
    const liver = await suggest(`?q=${encodeURIComponent('كبده')}&lang=ar`);
    expect(liver.json.items.find((i: { code: string }) => i.code === 'P0028')).toMatchObject({ name: 'كبدة الخنزير', href: '/ar/product/P0028' });
  });
  it('answers nothing for a blank query', async () => {
    for (const q of ['', '?q=', '?q=%20%20%20', '?lang=zh']) {
      const r = await suggest(q);
      expect(r.status, q).toBe(200);
      expect(r.json, q).toEqual({ items: [] });
    }
  });
  it('refuses an unknown language with 400', async () => {
    const r = await suggest('?q=pork&lang=xx');
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/lang/);
  });
  it('takes SQL, markup, wildcards and very long text literally: a safe answer, never 5xx', async () => {
    for (const text of ["' OR 1=1 --", '"; DROP TABLE products; --', '<script>alert(1)</script>', '%', '_', 'x'.repeat(5000)]) {
      const r = await suggest(`?q=${encodeURIComponent(text)}`);
      expect(r.status, text.slice(0, 20)).toBe(200);
      expect(r.json, text.slice(0, 20)).toEqual({ items: [] });
    }
    expect((await suggest('?q=pork')).json.items.length).toBe(10);
  });
});

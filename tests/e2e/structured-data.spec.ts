/**
 * Found by search engines and maps (docs/coverage.md): every JSON-LD block on home, a category, a
 * product, a promotion and /outlets, in English and Arabic, parses and passes the structured-data
 * check (tests/e2e/structured-data.ts: Google's rules and the zod rules); the pages' own links in
 * it are absolute from the site's origin and in the page's language. The sitemap lists the content
 * and outlet pages, with x-default alternates and W3C dates.
 */
import { expect, test } from './test';
import { jsonLdNodes, structuredDataProblems, type JsonLdNode } from './structured-data';

/** The pages and the JSON-LD types each must carry. */
const PAGES: { path: string; types: string[] }[] = [
  { path: '/', types: ['Organization', 'WebSite'] },
  { path: '/category/PORK-CUTS', types: ['BreadcrumbList'] },
  { path: '/product/P0001', types: ['Product', 'BreadcrumbList'] },
  { path: '/promotion/1', types: ['BreadcrumbList'] },
  { path: '/outlets', types: ['GroceryStore', 'BreadcrumbList'] },
];

/** Every page link in a node (url, item, urlTemplate, @id), not pictures or profiles elsewhere. */
function pageLinks(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return ['url', 'item', 'urlTemplate', '@id'].includes(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => pageLinks(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => pageLinks(v, k));
  return [];
}

for (const locale of ['en', 'ar'] as const) {
  const prefix = locale === 'en' ? '' : '/ar';
  for (const { path, types } of PAGES) {
    test(`${prefix}${path}: every JSON-LD block is valid structured data`, async ({ request, baseURL }) => {
      const res = await request.get(`${prefix}${path === '/' && prefix ? '' : path}`);
      expect(res.status()).toBe(200);
      const nodes: JsonLdNode[] = jsonLdNodes(await res.text());
      for (const type of types) expect(nodes.map((n) => n.type), type).toContain(type);
      expect(await structuredDataProblems(nodes)).toEqual([]);
      const origin = new URL(baseURL!).origin;
      for (const link of nodes.flatMap((n) => pageLinks(n.node)).filter((l) => !l.endsWith('#organization'))) {
        expect(link.startsWith(`${origin}/`), link).toBe(true);
        // In the page's language: an Arabic page's links are the Arabic pages.
        if (locale === 'ar') expect(new URL(link).pathname, link).toMatch(/^\/ar(\/|$)/);
        else expect(new URL(link).pathname, link).not.toMatch(/^\/(ar|zh)(\/|$)/);
      }
      if (path === '/outlets') {
        const stores = nodes.filter((n) => n.type === 'GroceryStore');
        expect(stores.length).toBeGreaterThan(5);
        if (locale === 'ar') expect(String(stores[0]!.node.name)).toMatch(/[\u0600-\u06ff]/);
        // Each outlet's URL leads to its card on the page.
        const html = await (await request.get(`${prefix}/outlets`)).text();
        for (const s of stores) expect(html).toContain(`id="${new URL(String(s.node.url)).hash.slice(1)}"`);
      }
    });
  }
}

test('the sitemap: content and outlet pages in every language, an x-default alternate each, lastmod a W3C date', async ({ request, baseURL }) => {
  const res = await request.get('/sitemap.xml');
  expect(res.headers()['content-type']).toContain('xml');
  const xml = await res.text();
  const origin = new URL(baseURL!).origin;
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
  const entry = (loc: string) => urls.find((u) => u.includes(`<loc>${origin}${loc}</loc>`));
  for (const path of ['/about-us', '/privacy-policy', '/member-zone', '/contacts', '/outlets', '/brands/AMK', '/promotion/1', '/product/P0001', '/category/PORK-CUTS']) {
    for (const loc of [path, `/zh${path}`, `/ar${path}`]) {
      const u = entry(loc);
      expect(u, loc).toBeTruthy();
      expect(u).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}${path}"/>`);
      expect(u).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${origin}/ar${path}"/>`);
    }
  }
  // Every entry has its last change as a W3C date (YYYY-MM-DD) or date-time with its zone.
  const W3C = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
  expect(urls.length).toBeGreaterThan(100);
  for (const u of urls) {
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(u)?.[1];
    expect(lastmod, u.slice(0, 120)).toMatch(W3C);
  }
  // A content page's date is the one its text states.
  expect(entry('/about-us')).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
});

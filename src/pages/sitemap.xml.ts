/**
 * sitemap.xml (issue: SEO): home, category and product pages in EN, ZH and AR, each with its
 * hreflang alternates. Built from the catalogue through the contract client; cached an hour.
 */
import type { APIRoute } from 'astro';
import { LOCALES, localizePath } from '../i18n/messages';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const GET: APIRoute = async ({ locals, site, url, cache }) => {
  const origin = (site ?? url).origin;
  const api = locals.api;
  const [lines, first] = await Promise.all([
    api.call('productline_listing', { query: { lang: 'en' } }),
    api.call('product_listing', { query: { limit: '0,100', sort: 'latest', lang: 'en' } }),
  ]);
  const products = [...first.data];
  for (let offset = 100; offset < first.total; offset += 100) {
    products.push(...(await api.call('product_listing', { query: { limit: `${offset},100`, sort: 'latest', lang: 'en' } })).data);
  }
  const paths = ['/', '/category', ...lines.data.map((l) => `/category/${encodeURIComponent(l.line_code)}`), ...products.map((p) => `/product/${encodeURIComponent(p.product_code)}`)];
  const entry = (path: string) =>
    LOCALES.map(
      (l) =>
        `<url><loc>${escape(origin + localizePath(l, path))}</loc>${LOCALES.map(
          (alt) => `<xhtml:link rel="alternate" hreflang="${alt === 'zh' ? 'zh-Hans' : alt}" href="${escape(origin + localizePath(alt, path))}"/>`,
        ).join('')}</url>`,
    ).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${paths.map(entry).join('\n')}\n</urlset>\n`;
  cache.set({ maxAge: 3600, tags: ['catalogue'] });
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};

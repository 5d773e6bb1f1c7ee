/**
 * sitemap.xml (issue: SEO): home, category and product pages in EN, ZH and AR, each with its
 * hreflang alternates. The paths come from the catalogue (sitemapEntries); cached an hour.
 */
import type { APIRoute } from 'astro';
import { siteOrigin } from '../server/site-origin';
import { sitemapEntries } from '../features/catalogue/queries';
import { href } from '../domain/paths';
import { LOCALES } from '../i18n/messages';
import { pageTags } from '../server/cache';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const GET: APIRoute = async (ctx) => {
  const origin = siteOrigin(ctx.url);
  const entry = (path: string) =>
    LOCALES.map(
      (l) =>
        `<url><loc>${escape(origin + href(l, path))}</loc>${LOCALES.map(
          (alt) => `<xhtml:link rel="alternate" hreflang="${alt === 'zh' ? 'zh-Hans' : alt}" href="${escape(origin + href(alt, path))}"/>`,
        ).join('')}</url>`,
    ).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${(await sitemapEntries(ctx)).map(entry).join('\n')}\n</urlset>\n`;
  ctx.cache.set({ maxAge: 3600, tags: [pageTags.all, pageTags.listing] });
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};

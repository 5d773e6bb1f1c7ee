/**
 * sitemap.xml (docs/coverage.md "Found by search engines and maps"): the catalogue's pages (home,
 * category, lines, brands, promotions, products), the outlets and contacts pages and the content
 * pages, each in EN, ZH and AR with its hreflang alternates and `x-default` (the English page), and
 * `lastmod` (what changed when: src/features/catalogue/queries/sitemap.ts). Cached an hour.
 */
import type { APIRoute } from 'astro';
import { siteOrigin } from '../server/site-origin';
import { sitemapEntries, type SitemapEntry } from '../features/catalogue/queries';
import { href } from '../domain/paths';
import { LOCALES, type Locale } from '../i18n/messages';
import { pageTags } from '../server/cache';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const hreflang = (l: Locale) => (l === 'zh' ? 'zh-Hans' : l);

/** The entry's last change in `locale`, as the sitemap's W3C date or date-time, or null. */
function lastmodIn(entry: SitemapEntry, locale: Locale): string | null {
  if (entry.lastmod === null) return null;
  return typeof entry.lastmod === 'string' ? entry.lastmod : (entry.lastmod[locale] ?? null);
}

export const GET: APIRoute = async (ctx) => {
  const origin = siteOrigin(ctx.url);
  const url = (entry: SitemapEntry) => {
    const alternates = [
      ...LOCALES.map((alt) => `<xhtml:link rel="alternate" hreflang="${hreflang(alt)}" href="${escape(origin + href(alt, entry.path))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escape(origin + entry.path)}"/>`,
    ].join('');
    return LOCALES.map((l) => {
      const lastmod = lastmodIn(entry, l);
      return `<url><loc>${escape(origin + href(l, entry.path))}</loc>${lastmod ? `<lastmod>${escape(lastmod)}</lastmod>` : ''}${alternates}</url>`;
    }).join('\n');
  };
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${(await sitemapEntries(ctx)).map(url).join('\n')}\n</urlset>\n`;
  ctx.cache.set({ maxAge: 3600, tags: [pageTags.all, pageTags.listing, pageTags.banners] });
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};

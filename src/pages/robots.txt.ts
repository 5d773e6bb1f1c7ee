/** robots.txt (issue: SEO): catalogue open to crawlers; member, cart and API paths closed; the sitemap. */
import type { APIRoute } from 'astro';
import { siteOrigin } from '../server/site-origin';

export const GET: APIRoute = ({ url }) => {
  const origin = siteOrigin(url);
  const closed = ['/account', '/cart', '/checkout', '/order-success', '/favourites', '/login', '/api/', '/_actions/', '/logout'];
  const lines = ['User-agent: *', ...closed.flatMap((p) => [`Disallow: ${p}`, `Disallow: /zh${p}`, `Disallow: /ar${p}`]), '', `Sitemap: ${origin}/sitemap.xml`, ''];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};

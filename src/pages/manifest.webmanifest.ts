/**
 * The web app manifest of the page's language (ADR 31): `/manifest.webmanifest`, `/zh/…` and `/ar/…`
 * (the middleware's rewrite gives the language), named by every page's head (BaseLayout). The same
 * for every shopper: public, kept an hour by browsers and CDNs.
 */
import type { APIRoute } from 'astro';
import { appManifest } from '../server/http/app-manifest.ts';
import { dir, translator } from '../i18n/messages';
import { href, paths } from '../domain/paths';

export const GET: APIRoute = ({ locals }) => {
  const locale = locals.locale;
  const t = translator(locale);
  const manifest = appManifest({
    locale,
    lang: locale === 'zh' ? 'zh-Hans' : locale,
    dir: dir(locale),
    home: href(locale, paths.home),
    name: t('site_name'),
    shortName: t('site_short_name'),
    description: t('site_description'),
  });
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};

/**
 * The site pages a sitemap lists (SEO; docs/coverage.md "Found by search engines and maps"), each
 * without a language prefix (the sitemap writes each in EN, ZH and AR with its hreflang alternates)
 * and with when it last changed:
 *
 * - home, the category page, the outlets page and the contacts page: the catalogue's latest change;
 * - every product line's and brand's page: its visible products' latest change;
 * - every visible product's page: its own last change (HQ's edit or an import, else when added);
 * - every promotion running today: the day it started;
 * - the content pages (about us, privacy policy, member zone): the date their text states
 *   (`updated` in src/content/pages/{locale}/{slug}.md), per language.
 *
 * Read through `publicApi` (sitemap_listing, get_promotion_banner) and the content collection.
 */
import { getCollection } from 'astro:content';
import { publicApi } from '../../shared/api';
import { paths } from '../../../domain/paths';
import { LOCALES, type Locale } from '../../../domain/constants';
import type { PublicContext } from './read';

/** When a page last changed: one time for every language, or one per language (ISO 8601 'YYYY-MM-DD' or a full time); null when unknown. */
export type LastModified = string | Partial<Record<Locale, string>> | null;
/** One page of the sitemap: its path without a language prefix and its last change. */
export type SitemapEntry = { path: string; lastmod: LastModified };

/** The content pages a sitemap lists, by slug (src/content/pages/{locale}/{slug}.md). */
const CONTENT_PAGES = { 'about-us': paths.aboutUs, 'privacy-policy': paths.privacyPolicy, 'member-zone': paths.memberZone } as const;

/** The content pages with the date each language's text states. */
async function contentEntries(): Promise<SitemapEntry[]> {
  const pages = await getCollection('pages');
  return Object.entries(CONTENT_PAGES).map(([slug, path]) => {
    const lastmod: Partial<Record<Locale, string>> = {};
    const en = pages.find((p) => p.id === `en/${slug}`);
    for (const locale of LOCALES) {
      // A language without its own text shows the English one (getContentPage): its date too.
      const page = pages.find((p) => p.id === `${locale}/${slug}`) ?? en;
      if (page) lastmod[locale] = page.data.updated.toISOString().slice(0, 10);
    }
    return { path, lastmod };
  });
}

/**
 * Every page of the sitemap with its last change, in the order: home, category, lines, brands,
 * promotions, products, outlets, contacts, content pages.
 * @throws XsApiError when the catalogue cannot be read.
 */
export async function sitemapEntries(ctx: PublicContext): Promise<SitemapEntry[]> {
  const client = publicApi(ctx.locals.locale);
  const [{ data }, promotions, content] = await Promise.all([
    client.call('sitemap_listing'),
    client.call('get_promotion_banner').then((r) => r.banner_info),
    contentEntries(),
  ]);
  const catalogue = data.catalogue_lastmod;
  return [
    { path: paths.home, lastmod: catalogue },
    { path: paths.categories(), lastmod: catalogue },
    ...data.lines.map((l) => ({ path: paths.category(l.line_code), lastmod: l.lastmod ?? catalogue })),
    ...data.brands.map((b) => ({ path: paths.brand(b.brand_code), lastmod: b.lastmod })),
    ...promotions.map((p) => ({ path: paths.promotion(p.banner_id), lastmod: p.banner_start_date })),
    ...data.products.map((p) => ({ path: paths.product(p.product_code), lastmod: p.lastmod })),
    { path: paths.outlets, lastmod: catalogue },
    { path: paths.contacts, lastmod: catalogue },
    ...content,
  ];
}

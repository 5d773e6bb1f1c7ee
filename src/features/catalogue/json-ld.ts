/**
 * The shop's structured data for search engines and maps (schema.org JSON-LD; docs/coverage.md
 * "Found by search engines and maps"), one module for every kind:
 *
 * - `productJsonLd`: the product page's Product (name, code, pictures, description, the offer,
 *   aggregateRating);
 * - `breadcrumbJsonLd`: the BreadcrumbList of a page's trail (catalogue and content pages, from
 *   src/components/Breadcrumbs.astro);
 * - `organizationJsonLd` and `webSiteJsonLd`: the home page's Organization (name, logo, contact,
 *   social profiles) and WebSite with its SearchAction (the site search, /search-products?keyword=);
 * - `groceryStoreJsonLd`: one outlet on /outlets as a GroceryStore (a LocalBusiness): address, geo,
 *   phone, opening hours (openingHoursSpecification from the pick-up settings, src/domain/opening-hours.ts).
 *
 * Pure. Every URL is absolute from the site's origin (src/server/site-origin.ts) and in the page's
 * language (`href`); money in sen. Typed with `schema-dts` (schema.org's vocabulary as TypeScript
 * types), so a property schema.org does not know fails the type check. `jsonLdText` writes a block
 * that no text inside it can close.
 */
import type { BreadcrumbList, GroceryStore, Organization, Product, SearchAction, WebSite, WithActionConstraints, WithContext } from 'schema-dts';
import type { ProductDetailView } from './view-models';
import { formatAmount, roundToFiveSen } from '../../domain/money';
import { CURRENCY, type Locale } from '../../domain/constants';
import { href, paths } from '../../domain/paths';
import type { OpeningHours } from '../../domain/opening-hours';

const CONTEXT = 'https://schema.org' as const;

/** The page language as schema.org's inLanguage and the pages' `lang` give it (BCP 47). */
export function languageTag(locale: Locale): string {
  return locale === 'zh' ? 'zh-Hans' : locale;
}

/** An absolute URL of a site path in a language: ('ar', '/outlets', origin) → 'https://shop.example/ar/outlets'. */
function siteUrl(origin: URL | string, locale: Locale, path: string): string {
  return new URL(href(locale, path), origin).href;
}

/** The Organization's node id, so the outlets and the website can point at it. */
export function organizationId(origin: URL | string): string {
  return new URL('/#organization', origin).href;
}

/**
 * The JSON-LD object. `pageUrl` is the absolute address of the product page; picture paths are
 * made absolute against `origin`; `rating` is { average, count } of the product's reviews;
 * `description` is the plain-text description (src/server/description-html.ts `descriptionText`).
 * Example: priceSen 1693 → offers.price '16.95'.
 */
export function productJsonLd(
  product: ProductDetailView,
  opts: { origin: URL | string; pageUrl: string; rating: { average: number; count: number }; description?: string },
): WithContext<Product> {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    sku: product.code,
    image: product.pictures.map((p) => new URL(p, opts.origin).href),
    ...(opts.description ? { description: opts.description } : {}),
    offers: {
      '@type': 'Offer',
      url: opts.pageUrl,
      price: formatAmount(roundToFiveSen(product.priceSen)),
      priceCurrency: CURRENCY.code,
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(opts.rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: opts.rating.average, reviewCount: opts.rating.count, bestRating: 5, worstRating: 0 } }
      : {}),
  };
}

/** One step of a breadcrumb trail: its name and, except for the page itself, its site path in the page's language ('/zh/category'). */
export type Crumb = { name: string; href?: string };

/**
 * The BreadcrumbList of a trail (Home first, the page itself last). Each step's `item` is its
 * absolute URL; the last step may have none (the page itself, as Google allows).
 * Example: [{ name: 'Home', href: '/' }, { name: 'Pork' }] → positions 1 and 2, item only on 1.
 */
export function breadcrumbJsonLd(trail: readonly Crumb[], origin: URL | string): WithContext<BreadcrumbList> {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(c.href ? { item: new URL(c.href, origin).href } : {}),
    })),
  };
}

/** What the home page knows of the company: its name, contact (each '' when unknown) and social profile URLs. */
export type CompanyFacts = { name: string; phone: string; email: string; addressLines: readonly string[]; sameAs: readonly string[] };

/**
 * The company as an Organization: name, the home page in the page's language, the logo, its
 * telephone, email and address when known, a customer-service contact point in the shop's three
 * languages, and its social profiles (sameAs).
 */
export function organizationJsonLd(company: CompanyFacts, opts: { origin: URL | string; locale: Locale }): WithContext<Organization> {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(opts.origin),
    name: company.name,
    url: siteUrl(opts.origin, opts.locale, paths.home),
    logo: new URL('/images/logo.svg', opts.origin).href,
    ...(company.phone ? { telephone: company.phone } : {}),
    ...(company.email ? { email: company.email } : {}),
    ...(company.addressLines.length > 0
      ? { address: { '@type': 'PostalAddress', streetAddress: company.addressLines.join(', '), addressCountry: 'MY' } }
      : {}),
    ...(company.phone
      ? { contactPoint: { '@type': 'ContactPoint', telephone: company.phone, contactType: 'customer service', areaServed: 'MY', availableLanguage: ['en', 'zh-Hans', 'ar'] } }
      : {}),
    ...(company.sameAs.length > 0 ? { sameAs: [...company.sameAs] } : {}),
  };
}

/** The name of the search's placeholder in the SearchAction's URL template. */
export const SEARCH_TERM = 'search_term_string';

/**
 * The site as a WebSite in the page's language, with its site search (SearchAction):
 * `{origin}{/zh|/ar}/search-products?keyword={search_term_string}`.
 */
export function webSiteJsonLd(opts: { origin: URL | string; locale: Locale; name: string }): WithContext<WebSite> {
  // The placeholder's braces stay as they are: URL encoding would turn them into %7B…%7D.
  const template = `${siteUrl(opts.origin, opts.locale, paths.search())}?keyword={${SEARCH_TERM}}`;
  const search: WithActionConstraints<SearchAction> = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: template },
    'query-input': `required name=${SEARCH_TERM}`,
  };
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: opts.name,
    url: siteUrl(opts.origin, opts.locale, paths.home),
    inLanguage: languageTag(opts.locale),
    publisher: { '@id': organizationId(opts.origin) },
    potentialAction: search,
  };
}

/** schema.org's day names, 0 Sunday … 6 Saturday. */
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The open weekdays of runs ([[1, 5]] → Monday … Friday; a run may wrap past Saturday: [3, 0] → Wednesday … Sunday). */
function openDays(runs: OpeningHours['runs']): (typeof DAYS)[number][] {
  const days: (typeof DAYS)[number][] = [];
  for (const [first, last] of runs) {
    for (let d = first; ; d = (d + 1) % 7) {
      days.push(DAYS[d]!);
      if (d === last) break;
    }
  }
  return days;
}

/** An outlet as the outlets page knows it: code, name in the page's language, address, state, phone, and its point on the map (null when unknown). */
export type OutletFacts = { code: string; name: string; address: string; state: string; phone: string; point: { latitude: number; longitude: number } | null };

/** A Malaysian postcode (5 digits) in an address line, or undefined. */
function postcodeIn(address: string): string | undefined {
  return /\b(\d{5})\b/.exec(address)?.[1];
}

/**
 * One outlet as a GroceryStore: its name, the outlets page (in the page's language) with the
 * outlet's anchor as its URL and id, address (street, postcode when the address has one, state,
 * Malaysia), geo coordinates, telephone and opening hours (one specification for the open days,
 * 'HH:mm' opens and closes); part of the company's Organization.
 */
export function groceryStoreJsonLd(outlet: OutletFacts, opts: { origin: URL | string; locale: Locale; hours: OpeningHours | null }): WithContext<GroceryStore> {
  const url = `${siteUrl(opts.origin, opts.locale, paths.outlets)}#outlet-${encodeURIComponent(outlet.code)}`;
  const postalCode = postcodeIn(outlet.address);
  const days = opts.hours ? openDays(opts.hours.runs) : [];
  return {
    '@context': CONTEXT,
    '@type': 'GroceryStore',
    '@id': url,
    name: outlet.name,
    url,
    telephone: outlet.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: outlet.address,
      ...(postalCode ? { postalCode } : {}),
      addressRegion: outlet.state,
      addressCountry: 'MY',
    },
    ...(outlet.point ? { geo: { '@type': 'GeoCoordinates', latitude: outlet.point.latitude, longitude: outlet.point.longitude } } : {}),
    ...(opts.hours && days.length > 0
      ? { openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens: opts.hours.open, closes: opts.hours.close }] }
      : {}),
    currenciesAccepted: CURRENCY.code,
    parentOrganization: { '@id': organizationId(opts.origin) },
  };
}

/**
 * JSON for a <script type="application/ld+json"> element: `<` escaped (as \u003c, still the same
 * JSON) so no text can close the element ('</script>') or open a comment; U+2028 and U+2029 escaped
 * too, for any reader that takes the block as JavaScript.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

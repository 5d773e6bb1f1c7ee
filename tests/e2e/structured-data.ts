/**
 * The check of the shop's JSON-LD (docs/coverage.md "Found by search engines and maps"), in two
 * parts, both offline:
 *
 * 1. `@adobe/structured-data-validator`, Google's rich-result rules as Adobe keeps them, for the
 *    types it knows (Product, Offer, AggregateRating, BreadcrumbList, ListItem, Organization…):
 *    every ERROR fails. It runs without the schema.org vocabulary file (it would fetch it from
 *    schema.org; the builders' `schema-dts` types check the vocabulary at compile time instead).
 * 2. zod schemas written from Google's required and recommended properties for the five kinds the
 *    shop emits, which also cover what the validator has no rules for (WebSite with its
 *    SearchAction, LocalBusiness/GroceryStore with address, geo and opening hours) and what the
 *    shop promises: every URL absolute from the site's origin.
 */
import Validator from '@adobe/structured-data-validator';
import { z } from 'zod';

/** An absolute http(s) URL. */
const absoluteUrl = z.string().regex(/^https?:\/\/[^/\s]+(\/\S*)?$/, 'an absolute URL');
const text = z.string().trim().min(1);
const schemaOrgEnum = (values: readonly string[]) => z.enum(values.map((v) => `https://schema.org/${v}`) as [string, ...string[]]);

const postalAddress = z.object({
  '@type': z.literal('PostalAddress'),
  streetAddress: text,
  addressCountry: z.string().length(2),
  addressRegion: text.optional(),
  postalCode: z.string().regex(/^\d{5}$/).optional(),
});

/** Product (Google: product snippets and merchant listings): name; image; one of offers, review, aggregateRating; an offer's price, currency, availability. */
const product = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: text,
  sku: text.optional(),
  image: z.array(absoluteUrl).min(1),
  description: z.string().optional(),
  offers: z.object({
    '@type': z.literal('Offer'),
    url: absoluteUrl,
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.string().regex(/^[A-Z]{3}$/),
    availability: schemaOrgEnum(['InStock', 'OutOfStock', 'LimitedAvailability', 'PreOrder', 'SoldOut']),
  }),
  aggregateRating: z
    .object({ '@type': z.literal('AggregateRating'), ratingValue: z.number().min(0).max(5), reviewCount: z.number().int().min(1), bestRating: z.number(), worstRating: z.number() })
    .optional(),
});

/** BreadcrumbList (Google: breadcrumb): two or more ListItems, positions 1, 2, 3…, each with a name and, but for the last, its item URL. */
const breadcrumbList = z
  .object({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('BreadcrumbList'),
    itemListElement: z.array(z.object({ '@type': z.literal('ListItem'), position: z.number().int().min(1), name: text, item: absoluteUrl.optional() })).min(2),
  })
  .refine((b) => b.itemListElement.every((e, i) => e.position === i + 1), 'positions are 1, 2, 3…')
  .refine((b) => b.itemListElement.slice(0, -1).every((e) => e.item), 'every step but the last has its URL');

/** Organization (Google: organization): name, url, logo; recommended contact, address and sameAs profiles. */
const organization = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Organization'),
  '@id': absoluteUrl,
  name: text,
  url: absoluteUrl,
  logo: absoluteUrl,
  telephone: text.optional(),
  email: z.email().optional(),
  address: postalAddress.optional(),
  contactPoint: z.object({ '@type': z.literal('ContactPoint'), telephone: text, contactType: text }).optional(),
  sameAs: z.array(absoluteUrl).optional(),
});

/** WebSite with the site search (Google: sitelinks search box): name, url, a SearchAction whose URL template holds the query's placeholder. */
const webSite = z
  .object({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('WebSite'),
    name: text,
    url: absoluteUrl,
    inLanguage: text,
    potentialAction: z.object({
      '@type': z.literal('SearchAction'),
      target: z.object({ '@type': z.literal('EntryPoint'), urlTemplate: z.string().regex(/^https?:\/\/\S+\{search_term_string\}$/) }),
      'query-input': z.literal('required name=search_term_string'),
    }),
  })
  .refine((w) => w.potentialAction.target.urlTemplate.startsWith(new URL(w.url).origin), 'the search is on the site itself');

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = schemaOrgEnum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']).or(
  z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
);

/** LocalBusiness (Google: local business), as a GroceryStore: name and address required; url, telephone, geo and opening hours recommended. */
const localBusiness = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.enum(['LocalBusiness', 'Store', 'GroceryStore']),
  '@id': absoluteUrl,
  name: text,
  url: absoluteUrl,
  telephone: text,
  address: postalAddress.extend({ addressRegion: text }),
  geo: z.object({ '@type': z.literal('GeoCoordinates'), latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  openingHoursSpecification: z
    .array(z.object({ '@type': z.literal('OpeningHoursSpecification'), dayOfWeek: z.array(DAY).min(1), opens: z.string().regex(TIME), closes: z.string().regex(TIME) }))
    .min(1),
  currenciesAccepted: z.string().optional(),
  parentOrganization: z.object({ '@id': absoluteUrl }).optional(),
});

const RULES: Record<string, z.ZodType> = {
  Product: product,
  BreadcrumbList: breadcrumbList,
  Organization: organization,
  WebSite: webSite,
  LocalBusiness: localBusiness,
  Store: localBusiness,
  GroceryStore: localBusiness,
};

/** A JSON-LD node the shop emits: its type and the object. */
export type JsonLdNode = { type: string; node: Record<string, unknown> };

/**
 * Every JSON-LD block of an HTML page, parsed; a block holding a list gives each node. Throws when
 * a block is not JSON (e.g. a '</script>' inside cut it short).
 */
export function jsonLdNodes(html: string): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  for (const m of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    const parsed: unknown = JSON.parse(m[1]!);
    for (const node of Array.isArray(parsed) ? parsed : [parsed]) nodes.push({ type: String((node as { '@type'?: unknown })['@type']), node: node as Record<string, unknown> });
  }
  return nodes;
}

/**
 * The problems of the nodes of one page: the validator's errors and the zod rules' failures, each
 * as '{type}: {message}'; [] when all is well. A type the shop does not emit is a problem too.
 */
export async function structuredDataProblems(nodes: readonly JsonLdNode[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { type, node } of nodes) {
    const rule = RULES[type];
    if (!rule) {
      problems.push(`${type}: not a type the shop emits`);
      continue;
    }
    const r = rule.safeParse(node);
    if (!r.success) problems.push(...r.error.issues.map((i) => `${type}: ${i.path.join('.')} ${i.message}`));
  }
  const byType: Record<string, Record<string, unknown>[]> = {};
  for (const { type, node } of nodes) (byType[type] ??= []).push(structuredClone(node));
  const issues = await new Validator().validate({ jsonld: byType });
  problems.push(...issues.filter((i) => i.severity === 'ERROR').map((i) => `${i.rootType}: ${i.issueMessage}`));
  return problems;
}

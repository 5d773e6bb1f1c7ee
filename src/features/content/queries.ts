/**
 * The content pages' named server reads (docs/architecture.md The feature layer; coverage.md §1 Content pages, §2
 * /about-us, /privacy-policy, /member-zone, /outlets, /contacts, /voucher-details/; §7
 * company_contact, get_reach_us/{fixed code}, pickup_store_listing, voucher_detail). Everything is
 * the same for every shopper: reads go through `publicApi` and pages built from them are cached.
 * Contact, social links and outlets are optional parts of a page: a failed read is null and the
 * page leaves that part out (and is not cached). Unknown voucher → null (the 404 page).
 */
import { getEntry } from 'astro:content';
import { publicApi } from '../shared/api';
import { XsApiError } from '../../lib/xs-api/client';
import { REACH_US_CODE } from '../../lib/xs-api/contract';
import { companyFacts, fillFacts } from '../../domain/company';
import type { Locale } from '../../i18n/messages';
import type { PickupSettings } from '../../domain/pickup';
import { formatOpeningHours } from '../../i18n/opening-hours';
import { placeLabel } from '../../domain/place-search';
import {
  toCompanyContact,
  toOutletStates,
  toOutletView,
  toOutletFacts,
  type OutletView,
  toSocialLinks,
  toVoucher,
  type CompanyContactView,
  type OutletStateView,
  type SocialLinkView,
  type VoucherView,
} from './view-models';
import { clock } from '../../server/clock';
import { translate } from '../../i18n/messages';
import { openingHours } from '../../domain/opening-hours';
import { groceryStoreJsonLd, jsonLdText, organizationJsonLd, webSiteJsonLd, type OutletFacts } from '../catalogue/json-ld';

/** The context a content read takes: only the shopper's language. */
export type ContentContext = { locals: { locale: Locale } };

/** The company's contact and social links; each null when its read failed. */
export async function getCompanyContact(ctx: ContentContext): Promise<{ contact: CompanyContactView | null; social: SocialLinkView[] | null }> {
  const client = publicApi(ctx.locals.locale);
  const [contact, social] = await Promise.all([
    client.call('company_contact').then((r) => toCompanyContact(r.data)).catch(() => null),
    client.call('get_reach_us', { params: { code: REACH_US_CODE } }).then((r) => toSocialLinks(r.data)).catch(() => null),
  ]);
  return { contact, social };
}

/**
 * The outlets near what a guest (or anyone) typed on the outlets page, `?near=` (issue "A shopper
 * trusts every step": finding outlets before any saved address): the first place locate_place
 * finds for the postcode or town, and the outlets within 30 km of it, nearest first, with their
 * distance (pickup_store_listing). Null without a search. A refusal (a postcode that is not 5
 * digits, no such postcode or town) is `error`, in the shopper's language.
 * @throws XsApiError when the API fails (5xx, transport).
 */
export async function getOutletsNear(ctx: ContentContext, near: string | null): Promise<OutletsNearView | null> {
  const query = (near ?? '').slice(0, 200);
  if (!query.trim()) return null;
  const api = publicApi(ctx.locals.locale);
  try {
    const [place] = (await api.call('locate_place', { query: { q: query } })).data;
    const stores = (await api.call('pickup_store_listing', { query: { latitude: place!.latitude, longitude: place!.longitude } })).data;
    return { query, place: placeLabel(place!), outlets: stores.map((s) => toOutletView(s, ctx.locals.locale)), error: null };
  } catch (err) {
    if (err instanceof XsApiError && err.status >= 400 && err.status < 500) return { query, place: null, outlets: [], error: err.message };
    throw err;
  }
}

/** What the outlets page shows for a search: what was typed, the place found ('47300 Petaling Jaya, Selangor'), the outlets near it, or why nothing. */
export type OutletsNearView = { query: string; place: string | null; outlets: OutletView[]; error: string | null };

/**
 * Every outlet grouped by state, how many there are, and each outlet as its structured data needs
 * it (`facts`: name in the page's language, address, state, phone, point on the map); null when
 * the outlets cannot be read.
 */
export async function getOutlets(ctx: ContentContext): Promise<{ states: OutletStateView[]; count: number; facts: OutletFacts[] } | null> {
  const stores = await publicApi(ctx.locals.locale)
    .call('pickup_store_listing', { query: {} })
    .then((r) => r.data)
    .catch(() => null);
  return stores && { states: toOutletStates(stores, ctx.locals.locale), count: stores.length, facts: stores.map((s) => toOutletFacts(s, ctx.locals.locale)) };
}

/**
 * The outlets as GroceryStore JSON-LD for /outlets (src/features/catalogue/json-ld.ts), one block
 * holding them all, with the opening hours of the pick-up settings (the same the page shows;
 * left out when the settings cannot be read). URLs from `origin`, in the page's language.
 */
export async function getOutletsJsonLd(ctx: ContentContext, facts: readonly OutletFacts[], origin: string): Promise<string> {
  const hours = await readPickupSettings(ctx)
    .then(openingHours)
    .catch(() => null);
  return jsonLdText(facts.map((f) => groceryStoreJsonLd(f, { origin, locale: ctx.locals.locale, hours })));
}

/**
 * The home page's Organization and WebSite (with the site search) JSON-LD blocks: the company's
 * name in the page's language, its contact and social profiles when they can be read.
 */
export async function getHomeJsonLd(ctx: ContentContext, origin: string): Promise<string[]> {
  const locale = ctx.locals.locale;
  const name = translate(locale, 'site_name');
  const { contact, social } = await getCompanyContact(ctx);
  const company = { name, phone: contact?.phone ?? '', email: contact?.email ?? '', addressLines: contact?.addressLines ?? [], sameAs: (social ?? []).map((s) => s.url) };
  return [jsonLdText(organizationJsonLd(company, { origin, locale })), jsonLdText(webSiteJsonLd({ origin, locale, name }))];
}

/**
 * A voucher kind's public details in the shopper's language; null for a blank code and for every
 * refusal of the API (unknown or malformed code).
 * @throws XsApiError when the API fails (5xx, transport).
 */
export async function getVoucherDetail(ctx: ContentContext, code: string | null): Promise<VoucherView | null> {
  const wanted = (code ?? '').trim();
  if (!wanted) return null;
  try {
    return toVoucher((await publicApi(ctx.locals.locale).call('voucher_detail', { params: { code: wanted } })).data);
  } catch (err) {
    if (err instanceof XsApiError && err.status >= 400 && err.status < 500) return null;
    throw err;
  }
}

/** The long-text pages of the `pages` content collection (src/content.config.ts). */
/**
 * The voucher kinds that can be redeemed with points, in the shopper's language, cheapest first
 * (redeem_voucher_listing): what /voucher-details/ without a code lists, each linking to its page.
 * @throws XsApiError when the API fails.
 */
export async function getRedeemableVouchers(ctx: ContentContext): Promise<VoucherView[]> {
  return (await publicApi(ctx.locals.locale).call('redeem_voucher_listing')).data.map(toVoucher);
}

export type ContentSlug = 'about-us' | 'privacy-policy' | 'member-zone';

/** A content page ready to show: title, meta description and body HTML with `{{facts}}` filled in. */
export type ContentPageView = { slug: ContentSlug; title: string; description: string; html: string };

/**
 * The entry '{locale}/{slug}' (EN when the language has none) with its `{{facts}}` filled from
 * the domain constants (src/domain/company.ts).
 * @throws Error when the page is missing in EN too (a build mistake).
 */
export async function getContentPage(ctx: ContentContext, slug: ContentSlug): Promise<ContentPageView> {
  const entry = (await getEntry('pages', `${ctx.locals.locale}/${slug}`)) ?? (await getEntry('pages', `en/${slug}`));
  if (!entry) throw new Error(`Content page ${slug} is missing`);
  const facts = companyFacts(clock.now());
  return { slug, title: entry.data.title, description: fillFacts(entry.data.description, facts), html: fillFacts(entry.rendered?.html ?? '', facts) };
}

/** How long the opening hours are kept in memory before the settings are read again (ms). */
const OPENING_HOURS_TTL_MS = 60_000;
let openingHoursRead: { at: number; settings: Promise<PickupSettings> } | null = null;

/** The pick-up settings (the opening hours' one source), kept 60 s in memory. @throws XsApiError when they cannot be read. */
function readPickupSettings(ctx: ContentContext): Promise<PickupSettings> {
  // eslint-disable-next-line no-restricted-syntax -- the age of an in-memory copy is real time, not the shop's clock
  const now = Date.now();
  if (!openingHoursRead || now - openingHoursRead.at > OPENING_HOURS_TTL_MS) {
    const settings = publicApi(ctx.locals.locale).call('self_pickup_min_time').then((r) => r.data);
    openingHoursRead = { at: now, settings };
    settings.catch(() => {
      if (openingHoursRead?.settings === settings) openingHoursRead = null;
    });
  }
  return openingHoursRead.settings;
}

/**
 * The shops' opening hours in the shopper's language, made from the pick-up settings
 * (self_pickup_min_time, coverage.md §3; issue 9: the header, footer, /outlets, the outlet cards and
 * /contacts all show this one text, and the pick-up slots come from the same row):
 * 'Monday to Friday, 8.00 a.m. to 5.30 p.m.'. The settings are kept 60 s in memory (one read per
 * minute, not one per page). Null when they cannot be read: the page leaves the hours out.
 */
export async function getOpeningHours(ctx: ContentContext): Promise<string | null> {
  try {
    return formatOpeningHours(await readPickupSettings(ctx), ctx.locals.locale);
  } catch {
    return null;
  }
}

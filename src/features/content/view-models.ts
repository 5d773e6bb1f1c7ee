/**
 * The content pages' view models (coverage.md §3 Company contact, Social info, Store, Voucher; §1 Content
 * pages): contract answers reshaped once into what the pages show. Pure, unit-tested. Money in sen.
 */
import type { Store, VoucherDetail } from '../../lib/xs-api/contract';
import type { Locale } from '../../domain/constants';
import { outletName } from '../../i18n/outlet-name';
import { groupByState, mapsHref, outletServices, telHref } from '../../domain/outlets';
import { parseLatLong } from '../../domain/delivery';
import type { OutletFacts } from '../catalogue/json-ld';
import { parseVoucherAmount, type Voucher } from '../../domain/totals';

/** The company's contact (coverage.md §3 Company contact); empty parts are left out. */
export type CompanyContactView = {
  /** Address lines that are set (0–2). */
  addressLines: string[];
  /** '' when not set. */
  email: string;
  /** The telephone number as printed, '' when not set; `telHref` its tel: URL. */
  phone: string;
  telHref: string;
};

/** The social networks the company may be on, in display order (contract field names of Social info). */
export const SOCIAL_NETWORKS = ['facebook_url', 'instagram_url', 'tiktok_url', 'website_URL'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** A social link the company has: an http(s) address. */
export type SocialLinkView = { network: SocialNetwork; url: string };

/** An outlet as the outlets page shows it (coverage.md §3 Store). */
export type OutletView = {
  code: string;
  name: string;
  address: string;
  phone: string;
  telHref: string;
  /** A maps search link, or null when the outlet has no usable location. */
  mapHref: string | null;
  pickup: boolean;
  delivery: boolean;
  /** Km from the place searched (2 decimals), or null in the list by state. */
  distanceKm: number | null;
};

/** Outlets of one state, states by name. */
export type OutletStateView = { state: string; outlets: OutletView[] };

/** A voucher kind's public details (coverage.md §3 Voucher): value a fixed amount in sen or a percent. */
export type VoucherView = {
  code: string;
  name: string;
  image: string;
  value: Voucher;
  /** Minimum spend in sen; 0 when there is none. */
  minSpendSen: number;
  /** Points needed to redeem it, or null when it cannot be redeemed with points. */
  pointsNeeded: number | null;
  /** Terms and conditions, plain text with line breaks. */
  terms: string;
};

/** company_contact's answer: '03-6257 8800' → { phone: '03-6257 8800', telHref: 'tel:+60362578800', … }. */
export function toCompanyContact(c: { company_address1: string; company_address2: string; company_email: string; company_tel: string }): CompanyContactView {
  return {
    addressLines: [c.company_address1, c.company_address2].filter((line) => line !== ''),
    email: c.company_email,
    phone: c.company_tel,
    telHref: c.company_tel ? telHref(c.company_tel) : '',
  };
}

/** get_reach_us's answer: the networks with an http(s) address, in SOCIAL_NETWORKS order (others and '' left out). */
export function toSocialLinks(info: Record<SocialNetwork, string>): SocialLinkView[] {
  return SOCIAL_NETWORKS.filter((n) => /^https?:\/\//.test(info[n])).map((network) => ({ network, url: info[network] }));
}

/** One outlet as the outlets page shows it (its name in `locale`), with its distance when the list was looked up from a place. */
export function toOutletView(o: Store, locale: Locale = 'en'): OutletView {
  return {
    code: o.store_code,
    name: outletName(o.store_name, locale),
    address: o.store_address,
    phone: o.store_phone,
    telHref: telHref(o.store_phone),
    mapHref: mapsHref(o.store_lat_long),
    ...outletServices(o.store_pickdel),
    distanceKm: o.distance_km,
  };
}

/** One outlet as its structured data needs it (src/features/catalogue/json-ld.ts): name in `locale`, address, state, phone, its point (null when its location does not read). */
export function toOutletFacts(o: Store, locale: Locale = 'en'): OutletFacts {
  let point: OutletFacts['point'] = null;
  try {
    point = parseLatLong(o.store_lat_long);
  } catch {
    point = null;
  }
  return { code: o.store_code, name: outletName(o.store_name, locale), address: o.store_address, state: o.store_state, phone: o.store_phone, point };
}

/** pickup_store_listing's outlets grouped by state (src/domain/outlets.ts `groupByState`), each reshaped. */
export function toOutletStates(stores: readonly Store[], locale: Locale = 'en'): OutletStateView[] {
  return groupByState(stores).map(({ state, outlets }) => ({ state, outlets: outlets.map((o) => toOutletView(o, locale)) }));
}

/**
 * voucher_detail's answer: vc_amount '5.00' → value { kind: 'amount', sen: 500 }, '10%' →
 * { kind: 'percent', percent: 10 }; min_spend '30.00' → 3000.
 * @throws RangeError when vc_amount or min_spend is not a valid amount.
 */
export function toVoucher(v: VoucherDetail): VoucherView {
  return {
    code: v.vc_code,
    name: v.vc_name,
    image: v.vc_image,
    value: parseVoucherAmount(v.vc_amount),
    minSpendSen: v.min_spend,
    pointsNeeded: v.vc_redeem_formula,
    terms: v.vc_tnc,
  };
}

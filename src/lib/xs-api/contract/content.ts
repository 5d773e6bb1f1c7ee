/**
 * Content operations (coverage.md §7 Vouchers, history, content; §3 Header banner, Promotion banner,
 * Company contact, Social info, Brand). Dates are 'YYYY-MM-DD' in Malaysian time (UTC+8).
 */
import { z } from 'zod';
import { calendarDate, defineOperation, statusOk } from './operation';
import { lang, product, productListingQuery } from './catalogue';

/** The fixed code of get_reach_us/{code} (coverage.md §7: "a fixed code"); any other code answers 404. */
export const REACH_US_CODE = 'XS';

export const headerBanner = z.object({ banner_url: z.string(), link: z.string(), alt: z.string() });

export const headerBannerListing = defineOperation({
  name: 'mobile_ecommerce_header_banner',
  method: 'GET',
  path: 'mobile_ecommerce_header_banner',
  member: 'none',
  summary: 'Header slideshow banners, in display order.',
  query: z.object({ lang }),
  response: z.object({ Status: statusOk, data: z.array(headerBanner) }),
});

const isoDate = calendarDate('date YYYY-MM-DD');

/** A promotion banner (coverage.md §3 Promotion banner): images and links are lists; dates inclusive. */
export const promotionBanner = z.object({
  banner_id: z.number().int().positive(),
  banner_name: z.string(),
  banner_image: z.array(z.string()),
  banner_desc: z.string(),
  banner_URL: z.array(z.string()),
  banner_start_date: isoDate,
  banner_end_date: isoDate,
});
export type PromotionBanner = z.infer<typeof promotionBanner>;

export const getPromotionBanner = defineOperation({
  name: 'get_promotion_banner',
  method: 'GET',
  path: 'get_promotion_banner',
  member: 'none',
  summary: 'Promotion banners running today (Malaysian date, start and end inclusive), in banner_info.',
  query: z.object({ lang }),
  response: z.object({ Status: statusOk, banner_info: z.array(promotionBanner) }),
});

export const getPromotionDetail = defineOperation({
  name: 'get_promotion_detail',
  method: 'GET',
  path: 'get_promotion_detail/:banner_id',
  member: 'none',
  summary: 'One promotion running today with a page of its products (limit "offset,count"); 404 when unknown or not running, 400 for a malformed id.',
  query: z.object({ limit: productListingQuery.shape.limit, lang }),
  response: z.object({ Status: statusOk, banner_info: promotionBanner, product: z.array(product), total: z.number().int() }),
});

/** A brand (coverage.md §3 Brand). */
export const brand = z.object({ brand_code: z.string(), brand_name: z.string(), brand_logo: z.string().nullable() });
export type Brand = z.infer<typeof brand>;

export const brandListing = defineOperation({
  name: 'brand_listing',
  method: 'GET',
  path: 'brand_listing',
  member: 'none',
  summary: 'Brands with at least one active product, by name (brand names are the same in every language).',
  query: z.object({ lang }),
  response: z.object({ Status: statusOk, data: z.array(brand) }),
});

/** Company contact (coverage.md §3): empty strings when not set. */
export const companyContactShape = z.object({
  company_address1: z.string(),
  company_address2: z.string(),
  company_email: z.string(),
  company_tel: z.string(),
});

export const companyContact = defineOperation({
  name: 'company_contact',
  method: 'GET',
  path: 'company_contact',
  member: 'none',
  summary: 'The company address, email and telephone.',
  response: z.object({ Status: statusOk, data: companyContactShape }),
});

/** Social info (coverage.md §3): empty strings for networks the company is not on. */
export const socialInfo = z.object({ facebook_url: z.string(), website_URL: z.string(), tiktok_url: z.string(), instagram_url: z.string() });

export const getReachUs = defineOperation({
  name: 'get_reach_us',
  method: 'GET',
  path: 'get_reach_us/:code',
  member: 'none',
  summary: `Social links of the company; the code is the fixed "${REACH_US_CODE}" (404 for any other, 400 when malformed).`,
  response: z.object({ Status: statusOk, data: socialInfo }),
});

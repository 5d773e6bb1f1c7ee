/** Catalogue operations (coverage.md §7 Catalogue, §3 Product, Product line, Category group). */
import { z } from 'zod';
import { amount, defineOperation, flag, statusOk } from './operation';

/** Languages the catalogue answers in; names fall back to EN. */
export const lang = z.enum(['en', 'zh', 'ar']).default('en');

export const productLine = z.object({ line_code: z.string(), line_name: z.string(), line_icon: z.string(), group_code: z.string() });
export const productGroup = z.object({ group_code: z.string(), group_name: z.string(), line: z.array(productLine) });

/** A product as listed (coverage.md §3 Product). Prices are ringgit with 2 decimals on the wire, sen once parsed (`amount`, ADR 37). */
export const product = z.object({
  product_code: z.string(),
  product_no: z.string(),
  product_name: z.string(),
  product_picture: z.array(z.object({ picture: z.string() })),
  product_price: amount,
  final_price: amount,
  product_has_balance: flag,
  /** Units on hand at the chosen store; null when no store was given. */
  product_quantity: z.number().int().nullable(),
  in_favorite: flag,
  line_code: z.string(),
  line_name: z.string(),
  brand_code: z.string().nullable(),
  unit: z.string(),
});
export type Product = z.infer<typeof product>;

export const productDetailShape = product.extend({
  product_description: z.string().nullable(),
  product_detail: z.string().nullable(),
  group_code: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailShape>;

export const PRODUCT_SORTS = ['product_topsales', 'latest', 'price_low', 'price_high'] as const;
export const PRODUCT_TYPES = ['homepage', 'bestseller', 'promotion'] as const;

/** A price filter in RM (0 to 1,000,000); '' (a filter left empty) counts as absent, not as 0. */
const priceFilter = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0).max(1_000_000).optional());

/** Query of product_listing (coverage.md §7): limit is "offset,count". */
export const productListingQuery = z.object({
  client: z.string().max(50).optional(),
  store: z.string().max(20).optional(),
  customer_code: z.string().max(30).optional(),
  /** Words that must each occur in a product's EN, ZH or AR name, folded on both sides by src/domain/search-text.ts. */
  search: z.string().max(100).optional(),
  limit: z
    .string()
    .regex(/^\d{1,6},\d{1,3}$/, 'limit must be "offset,count" with a non-negative offset')
    .refine((v) => Number(v.split(',')[1]) >= 1 && Number(v.split(',')[1]) <= 100, 'count must be between 1 and 100')
    .default('0,25'),
  sort: z.enum(PRODUCT_SORTS).default('product_topsales'),
  line: z.string().max(30).optional(),
  group_code: z.string().max(30).optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  brand: z.string().max(30).optional(),
  /** Price filters in RM on the final price; an empty value means no filter. */
  filter_price_min: priceFilter,
  filter_price_max: priceFilter,
  lang,
});
export type ProductListingQuery = z.input<typeof productListingQuery>;

export const productlineListing = defineOperation({
  name: 'productline_listing',
  method: 'GET',
  path: 'productline_listing',
  member: 'none',
  summary: 'Product lines (categories).',
  query: z.object({ group_code: z.string().max(30).optional(), lang }),
  response: z.object({ Status: statusOk, data: z.array(productLine) }),
});

export const prdtgrouplineListing = defineOperation({
  name: 'get_prdtgroupline_listing',
  method: 'GET',
  path: 'get_prdtgroupline_listing',
  member: 'none',
  summary: 'Category groups with their product lines.',
  query: z.object({ lang }),
  response: z.object({ Status: statusOk, data: z.array(productGroup) }),
});

export const productListing = defineOperation({
  name: 'product_listing',
  method: 'GET',
  path: 'product_listing',
  member: 'none',
  summary: 'Products filtered by search, line, group or type, sorted and paged with limit "offset,count".',
  query: productListingQuery,
  response: z.object({ Status: statusOk, data: z.array(product), total: z.number().int() }),
});

export const productDetail = defineOperation({
  name: 'product_detail',
  method: 'GET',
  path: 'product_detail/:code/:member?',
  member: 'optional',
  summary: 'One product; with the member segment, in_favorite is filled; pickupstore gives the stock there.',
  query: z.object({ client: z.string().max(50).optional(), pickupstore: z.string().max(20).optional(), lang }),
  response: z.object({ Status: statusOk, data: productDetailShape }),
});

/** A page of the catalogue and when it last changed (ISO 8601 with the time zone). */
const changed = z.string();

export const sitemapListing = defineOperation({
  name: 'sitemap_listing',
  method: 'GET',
  path: 'sitemap_listing',
  member: 'none',
  summary:
    "What a sitemap lists and when each changed: every visible product (its last change by HQ or an import, else when it was added), every product line and every brand with visible products (its products' latest change), and the catalogue's latest change. Times are ISO 8601.",
  response: z.object({
    Status: statusOk,
    data: z.object({
      catalogue_lastmod: changed.nullable(),
      lines: z.array(z.object({ line_code: z.string(), lastmod: changed.nullable() })),
      brands: z.array(z.object({ brand_code: z.string(), lastmod: changed })),
      products: z.array(z.object({ product_code: z.string(), lastmod: changed })),
    }),
  }),
});

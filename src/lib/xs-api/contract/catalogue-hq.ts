/**
 * What HQ's catalogue screens read (issue 20 item 1; ADR 26): the product list (paged, searched in
 * EN, ZH and AR at once, hidden products too), a product's stock per outlet, the catalogue's
 * structure (groups and their lines) and the banners (header and promotion, with their dates).
 * Not part of coverage.md §7. `auth: 'hq'` (under ops/, hidden from the public proxy): an HQ member's staff
 * session or the bootstrap token; outlet staff get 403. Money in sen (whole numbers).
 */
import { z } from 'zod';
import { lineCodeSchema, productCodeSchema } from '../../../domain/catalogue-edit';
import { defineOperation, statusOk } from './operation';

const localized = z.object({ en: z.string(), zh: z.string().optional(), ar: z.string().optional() });

/** The most products one page of ops_product_list holds. */
export const HQ_PRODUCT_PAGE_MAX = 100;
/** Products per page when `per_page` is left out. */
export const HQ_PRODUCT_PAGE_DEFAULT = 25;

/** A query number: blank is "not given"; otherwise a whole number in range (400 when not). */
const queryInt = (min: number, max: number) => z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

/** One row of HQ's product list; prices in sen, stock the units on hand over every outlet. */
export const hqProductRow = z.object({
  product_code: z.string(),
  product_name: localized,
  line_code: z.string(),
  unit: z.string(),
  price_sen: z.number().int(),
  final_price_sen: z.number().int(),
  visible: z.boolean(),
  stock_total: z.number().int(),
  updated_at: z.string().nullable(),
});

export const opsProductList = defineOperation({
  name: 'ops_product_list',
  method: 'GET',
  path: 'ops/catalogue/products',
  member: 'none',
  auth: 'hq',
  summary: `HQ's product list, hidden products included, by product code: \`search\` matches words of the names in EN, ZH and AR (as the shop's search) or the start of the code; \`line_code\` keeps one line; \`visible\` 1 or 0 keeps shown or hidden ones. \`page\` from 1, \`per_page\` 1 to ${HQ_PRODUCT_PAGE_MAX} (default ${HQ_PRODUCT_PAGE_DEFAULT}). Each row: code, names, line, unit, list and promotional price in sen, visible, total stock over every outlet. \`total\` counts every match. 400 for a bad number or code.`,
  query: z.object({
    search: z.string().max(100).optional(),
    line_code: z.preprocess((v) => (v === '' ? undefined : v), lineCodeSchema.optional()),
    visible: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['0', '1']).optional()),
    page: queryInt(1, 100_000),
    per_page: queryInt(1, HQ_PRODUCT_PAGE_MAX),
  }),
  response: z.object({ Status: statusOk, data: z.array(hqProductRow), total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});

export const opsProductStock = defineOperation({
  name: 'ops_product_stock',
  method: 'GET',
  path: 'ops/catalogue/product_stock',
  member: 'none',
  auth: 'hq',
  summary: "A product's units on hand at every outlet (active or not), by store code; `quantity` null where the outlet has never had a count. 404 for an unknown product.",
  query: z.object({ product_code: productCodeSchema }),
  response: z.object({
    Status: statusOk,
    product_code: z.string(),
    data: z.array(z.object({ store_code: z.string(), store_name: z.string(), active: z.boolean(), quantity: z.number().int().nullable() })),
  }),
});

export const opsCatalogueStructure = defineOperation({
  name: 'ops_catalogue_structure',
  method: 'GET',
  path: 'ops/catalogue/structure',
  member: 'none',
  auth: 'hq',
  summary: 'Every product group with its lines, in their order (then by code): names in EN, ZH and AR, icon, order, and how many products each line holds (hidden ones too).',
  response: z.object({
    Status: statusOk,
    data: z.array(
      z.object({
        group_code: z.string(),
        group_name: localized,
        sort_order: z.number().int(),
        lines: z.array(z.object({ line_code: z.string(), line_name: localized, line_icon: z.string(), sort_order: z.number().int(), products: z.number().int() })),
      }),
    ),
  }),
});

export const opsBannerList = defineOperation({
  name: 'ops_banner_list',
  method: 'GET',
  path: 'ops/catalogue/banners',
  member: 'none',
  auth: 'hq',
  summary: "Every header banner (the home page's slideshow, in its order) and every promotion banner (latest start first), past and future ones too, with their dates (Malaysian dates, inclusive; null: no limit).",
  response: z.object({
    Status: statusOk,
    header: z.array(z.object({ id: z.number().int(), banner_url: z.string(), link: z.string(), alt: localized, sort_order: z.number().int(), start_date: z.string().nullable(), end_date: z.string().nullable() })),
    promotion: z.array(
      z.object({
        banner_id: z.number().int(),
        banner_name: localized,
        banner_desc: localized,
        banner_image: z.array(z.string()),
        banner_url: z.array(z.string()),
        product_codes: z.array(z.string()),
        start_date: z.string(),
        end_date: z.string(),
      }),
    ),
  }),
});

export const opsExportProducts = defineOperation({
  name: 'ops_export_products',
  method: 'GET',
  path: 'ops/catalogue/export_products',
  member: 'none',
  auth: 'hq',
  summary:
    "The whole catalogue, hidden products too, as a products CSV in the import's own columns (ops_import_products), by product code: prices in ringgit with 2 decimals, a blank final_price when there is no promotion, visible 1/0, texts in EN, ZH and AR. `csv` is the file's text: a UTF-8 byte-order mark, a header, CRLF line ends; a cell that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) starts with an apostrophe. Imported again unchanged, it changes nothing. `products` counts the rows.",
  response: z.object({ Status: statusOk, csv: z.string(), products: z.number().int() }),
});

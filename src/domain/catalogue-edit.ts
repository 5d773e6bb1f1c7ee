/**
 * The rules of HQ's catalogue writes and the point-of-sale stock feed (issue "The chain's own
 * catalogue" §1, §4; ADR 26), one place per rule: the API contract (contract/catalogue.ts) and,
 * later, the console's forms and the CSV import take these schemas. Messages are message-catalogue
 * keys, so the API answers them in the caller's language (src/server/xs-api/http.ts).
 *
 * - Codes: a product code 1–40 of A–Z, 0–9, '-', '_' ('P0001'); a line or group code the same.
 * - Texts per language: EN required, ZH and AR optional (the shop falls back to EN); a name at most
 *   `NAME_MAX` characters, a description or details at most `DESCRIPTION_MAX`. A text may not start
 *   with '=', '+', '-', '@', a tab or a carriage return (what a spreadsheet runs as a formula).
 * - Money in sen (ADR 5): whole numbers from 0 to `MAX_PRICE_SEN` (RM 100,000); the promotional
 *   (final) price is at most the list price.
 * - Stock: whole units from 0 to `MAX_STOCK`; a negative quantity is refused, never clamped.
 * - Banner dates: calendar dates 'YYYY-MM-DD' (Malaysian dates, as promotions run), the end on or
 *   after the start.
 * - A stock batch: 1 to `MAX_STOCK_BATCH` rows of { outlet, product_code, quantity }, each pair once.
 */
import { z } from 'zod';
import { isDateString } from './shop-time';
import { PRODUCT_PICTURES_MAX } from './product-picture';
import { toSen } from './money';

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5_000;
/** The largest price, in sen (RM 100,000.00). */
export const MAX_PRICE_SEN = 10_000_000;
/** The most units of one product an outlet can hold. */
export const MAX_STOCK = 1_000_000;
/** The most rows of one point-of-sale stock batch. */
export const MAX_STOCK_BATCH = 5_000;
/** What an integration token may do: 'stock' is the point-of-sale stock feed (pos_stock). */
export const INTEGRATION_SCOPES = ['stock'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** Characters a spreadsheet reads as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** True when `text` would run as a formula if a spreadsheet opened it in a cell. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * A cell as a CSV file for spreadsheets holds it (the products export): text that would start a
 * formula gets a leading apostrophe, which spreadsheets show as text: '=SUM(A1)' → "'=SUM(A1)".
 */
export function spreadsheetSafe(cell: string): string {
  return startsLikeFormula(cell) ? `'${cell}` : cell;
}

/**
 * The text a `spreadsheetSafe` cell stands for, as the import reads a cell: "'=SUM(A1)" →
 * '=SUM(A1)' (then refused by the catalogue's rules, as typed); any other cell as it is.
 */
export function fromSpreadsheetSafe(cell: string): string {
  return cell.startsWith("'") && startsLikeFormula(cell.slice(1)) ? cell.slice(1) : cell;
}

const CODE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;

/** A product code: 'P0001'. */
export const productCodeSchema = z.string().trim().regex(CODE, 'catalogue_code_invalid');
/** A product line or group code: 'L01', 'G01'. */
export const lineCodeSchema = z.string().trim().regex(CODE, 'catalogue_code_invalid');

/** One text in one language, trimmed; never a formula. */
const text = (max: number, maxKey: 'catalogue_name_max' | 'catalogue_text_max') =>
  z
    .string()
    .trim()
    .max(max, maxKey)
    .refine((v) => !startsLikeFormula(v), 'catalogue_text_formula');

/** A name in EN (required), ZH and AR (optional; blank means "show the EN one"). */
export const localizedNameSchema = z.object({
  en: text(NAME_MAX, 'catalogue_name_max').pipe(z.string().min(1, 'catalogue_name_required')),
  zh: text(NAME_MAX, 'catalogue_name_max').optional(),
  ar: text(NAME_MAX, 'catalogue_name_max').optional(),
});
/** A description or details in EN, ZH and AR, each optional. */
export const localizedTextSchema = z.object({
  en: text(DESCRIPTION_MAX, 'catalogue_text_max').default(''),
  zh: text(DESCRIPTION_MAX, 'catalogue_text_max').optional(),
  ar: text(DESCRIPTION_MAX, 'catalogue_text_max').optional(),
});

/** Texts per language as stored: EN, ZH, AR; blank languages left out ('' for EN when only others are set). */
export type Texts = { en: string; zh?: string; ar?: string };

/**
 * Texts without their blank languages, as the catalogue stores them: { en: 'Pork', zh: '' } →
 * { en: 'Pork' }; { zh: '猪肉' } → { en: '', zh: '猪肉' }; nothing left → null.
 */
export function compactTexts(t: { en?: string; zh?: string; ar?: string } | null | undefined): Texts | null {
  if (!t) return null;
  const kept = Object.fromEntries(Object.entries(t).filter(([, v]) => v)) as Partial<Texts>;
  return Object.keys(kept).length > 0 ? { en: '', ...kept } : null;
}

/** An amount in sen. */
export const priceSenSchema = z.number().int('catalogue_price_invalid').min(0, 'catalogue_price_invalid').max(MAX_PRICE_SEN, 'catalogue_price_invalid');

/** A ringgit amount as a form writes it: digits, optionally a point and 1 or 2 decimals ('12.90', '12.9', '12'). */
const RINGGIT_INPUT = /^\d{1,6}(\.\d{1,2})?$/;

/**
 * A price typed in ringgit on HQ's forms (the console's product editor; issue 20 item 1), turned
 * into sen for the API: '12.90' → 1290, ' 7 ' → 700. At most 2 decimals, no sign, symbol or
 * grouping; then the API's own rule (`priceSenSchema`: 0 to MAX_PRICE_SEN). Messages are keys:
 * 'field_required' (blank), 'catalogue_price_rm_invalid' (not such an amount), 'catalogue_price_invalid'.
 */
export const ringgitPriceInputSchema = z
  .string()
  .trim()
  .min(1, 'field_required')
  .regex(RINGGIT_INPUT, 'catalogue_price_rm_invalid')
  .transform((v) => toSen(v, { strict: true, allowNegative: false }))
  .refine((sen) => sen <= MAX_PRICE_SEN, 'catalogue_price_rm_invalid')
  .pipe(priceSenSchema);

/** A selling unit as the catalogue writes it ('500 g', '1 pc'; src/domain/units.ts reads it). */
export const unitSchema = z.string().trim().min(1, 'field_required').max(30, 'catalogue_name_max').refine((v) => !startsLikeFormula(v), 'catalogue_text_formula');

/** Units on hand: a whole number from 0. */
export const stockQuantitySchema = z.number().int('catalogue_stock_invalid').min(0, 'catalogue_stock_negative').max(MAX_STOCK, 'catalogue_stock_invalid');

/** A picture of the catalogue: a path the shop serves ('/images/products/p0001-1.webp') or an https URL. */
export const picturePathSchema = z
  .string()
  .trim()
  .max(500, 'catalogue_picture_invalid')
  .regex(/^(\/[A-Za-z0-9._\-/]+|https:\/\/[^\s"'<>]+)$/, 'catalogue_picture_invalid');

/** A link a banner leads to: a path of the shop ('/promotion/1') or an https URL. */
export const bannerLinkSchema = z
  .string()
  .trim()
  .max(500, 'catalogue_link_invalid')
  .regex(/^(\/[^\s"'<>]*|https:\/\/[^\s"'<>]+)$/, 'catalogue_link_invalid');

const day = z.string().refine((v) => isDateString(v), 'catalogue_date_invalid');

/** A product as HQ creates or replaces it. Prices in sen; `final_price_sen` ≤ `price_sen`. */
export const productInputSchema = z
  .object({
    product_code: productCodeSchema,
    product_name: localizedNameSchema,
    product_description: localizedTextSchema.optional(),
    product_detail: localizedTextSchema.optional(),
    line_code: lineCodeSchema,
    brand_code: z.string().trim().max(40).nullable().optional(),
    unit: unitSchema,
    price_sen: priceSenSchema,
    final_price_sen: priceSenSchema,
    visible: z.boolean(),
    featured: z.boolean().optional(),
    pictures: z.array(picturePathSchema).max(PRODUCT_PICTURES_MAX, 'catalogue_pictures_max').optional(),
  })
  .refine((p) => p.final_price_sen <= p.price_sen, { message: 'catalogue_final_price_above', path: ['final_price_sen'] });
export type ProductInput = z.output<typeof productInputSchema>;

/** The place of a group, line or header banner in its list: a whole number from 0 to 10,000 (lowest first). */
export const sortOrderSchema = z.number('catalogue_order_invalid').int('catalogue_order_invalid').min(0, 'catalogue_order_invalid').max(10_000, 'catalogue_order_invalid');

/** A product group (the parent of lines). */
export const groupInputSchema = z.object({ group_code: lineCodeSchema, group_name: localizedNameSchema, sort_order: sortOrderSchema.default(0) });
export type GroupInput = z.output<typeof groupInputSchema>;

/** A product line (a category of the shop) in its group. */
export const lineInputSchema = z.object({
  line_code: lineCodeSchema,
  group_code: lineCodeSchema,
  line_name: localizedNameSchema,
  line_icon: picturePathSchema,
  sort_order: sortOrderSchema.default(0),
});
export type LineInput = z.output<typeof lineInputSchema>;

/** Start and end dates, the end on or after the start (each optional for a header banner). */
const datesInOrder = (v: { start_date?: string | null; end_date?: string | null }) => !v.start_date || !v.end_date || v.start_date <= v.end_date;

/** A header banner (the home page's slideshow): new without `id`, replaced with it. */
export const headerBannerInputSchema = z
  .object({
    id: z.number().int().min(1).optional(),
    banner_url: picturePathSchema,
    link: bannerLinkSchema,
    alt: localizedNameSchema,
    sort_order: sortOrderSchema.default(0),
    start_date: day.nullable().default(null),
    end_date: day.nullable().default(null),
  })
  .refine(datesInOrder, { message: 'catalogue_dates_order', path: ['end_date'] });
export type HeaderBannerInput = z.output<typeof headerBannerInputSchema>;

/** A promotion banner with its products, shown from its start to its end date. */
export const promotionBannerInputSchema = z
  .object({
    banner_id: z.number().int().min(1).optional(),
    banner_name: localizedNameSchema,
    banner_desc: localizedTextSchema,
    banner_image: z.array(picturePathSchema).min(1, 'field_required').max(6, 'catalogue_pictures_max'),
    banner_url: z.array(bannerLinkSchema).max(6, 'catalogue_pictures_max').default([]),
    product_codes: z.array(productCodeSchema).max(500, 'catalogue_batch_max').default([]),
    start_date: day,
    end_date: day,
  })
  .refine(datesInOrder, { message: 'catalogue_dates_order', path: ['end_date'] });
export type PromotionBannerInput = z.output<typeof promotionBannerInputSchema>;

/** One outlet's stock of one product. `outlet` is a store code ('S001'). */
export const stockRowSchema = z.object({
  outlet: z.string().trim().min(1, 'field_required').max(20, 'staff_outlet_invalid'),
  product_code: productCodeSchema,
  quantity: stockQuantitySchema,
});
export type StockRow = z.output<typeof stockRowSchema>;

/** A batch of stock rows (HQ's form, the point-of-sale feed): 1 to MAX_STOCK_BATCH rows. */
export const stockBatchSchema = z.array(stockRowSchema).min(1, 'field_required').max(MAX_STOCK_BATCH, 'catalogue_batch_max');

/** What HQ names an integration token and lets it do. */
export const integrationTokenInputSchema = z.object({
  name: z.string().trim().min(1, 'field_required').max(80, 'catalogue_name_max'),
  scope: z.enum(INTEGRATION_SCOPES),
});

/**
 * HQ's catalogue writes and the point-of-sale stock feed (issue "The chain's own catalogue" §1, §4;
 * ADR 26). Not part of coverage.md §7. The input rules are src/domain/catalogue-edit.ts's, answered in the
 * caller's language. Money in sen (whole numbers), not the ringgit strings of the shop's operations.
 * - `auth: 'hq'` (under ops/, hidden from the public proxy): an HQ member's staff session; outlet
 *   staff get 403, and the bootstrap token too (403: a catalogue change names a person).
 * - `pos_stock` (`auth: 'integration'`, scope 'stock'): an integration token HQ issued with
 *   ops_integration_token_issue, as Bearer; an unknown or revoked token gets 401.
 */
import { z } from 'zod';
import {
  groupInputSchema,
  headerBannerInputSchema,
  INTEGRATION_SCOPES,
  integrationTokenInputSchema,
  lineInputSchema,
  MAX_STOCK_BATCH,
  productCodeSchema,
  productInputSchema,
  promotionBannerInputSchema,
} from '../../../domain/catalogue-edit';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_REPORT_ROWS, type ImportKind } from '../../../domain/catalogue-import';
import { defineOperation, statusOk } from './operation';

const localized = z.object({ en: z.string(), zh: z.string().optional(), ar: z.string().optional() });

/** A product as HQ edits it; prices in sen. */
export const productAdmin = z.object({
  product_code: z.string(),
  product_name: localized,
  product_description: localized.nullable(),
  product_detail: localized.nullable(),
  line_code: z.string(),
  brand_code: z.string().nullable(),
  unit: z.string(),
  price_sen: z.number().int(),
  final_price_sen: z.number().int(),
  visible: z.boolean(),
  featured: z.boolean(),
  pictures: z.array(z.string()),
  search_text: z.string(),
  updated_at: z.string().nullable(),
});

export const opsProductCreate = defineOperation({
  name: 'ops_product_create',
  method: 'POST',
  path: 'ops/catalogue/product_create',
  member: 'none',
  auth: 'hq',
  summary:
    'Creates a product: names, descriptions and details in EN (required), ZH and AR; line, brand, unit; list and promotional price in sen (promotional ≤ list); visible or hidden. It is found by search in all three languages at once. 409 when the code exists; 404 for an unknown line or brand.',
  body: productInputSchema,
  response: z.object({ Status: statusOk, data: productAdmin }),
});

export const opsProductUpdate = defineOperation({
  name: 'ops_product_update',
  method: 'POST',
  path: 'ops/catalogue/product_update',
  member: 'none',
  auth: 'hq',
  summary:
    "Replaces what HQ edits of a product (the same fields as ops_product_create; pictures and featured kept when left out). A price change is kept in the product's price history (old → new, who, when); orders already placed keep their price. `changed` lists the fields that changed (none: nothing was written).",
  body: productInputSchema,
  response: z.object({ Status: statusOk, data: productAdmin, changed: z.array(z.string()) }),
});

export const opsProductGet = defineOperation({
  name: 'ops_product',
  method: 'GET',
  path: 'ops/catalogue/product',
  member: 'none',
  auth: 'hq',
  summary: 'One product as HQ edits it (hidden ones too), prices in sen. 404 for an unknown product.',
  query: z.object({ product_code: productCodeSchema }),
  response: z.object({ Status: statusOk, data: productAdmin }),
});

export const opsProductHistory = defineOperation({
  name: 'ops_product_history',
  method: 'GET',
  path: 'ops/catalogue/product_history',
  member: 'none',
  auth: 'hq',
  summary: "A product's price history (old → new in sen, oldest first) and its changes (newest first, at most 200: fields old → new, stock per outlet), each with the staff login, or the integration token's id.",
  query: z.object({ product_code: productCodeSchema }),
  response: z.object({
    Status: statusOk,
    prices: z.array(
      z.object({ at: z.string(), old_price_sen: z.number().int().nullable(), new_price_sen: z.number().int(), old_final_price_sen: z.number().int().nullable(), new_final_price_sen: z.number().int(), staff: z.string().nullable() }),
    ),
    events: z.array(z.object({ at: z.string(), action: z.string(), subject: z.string(), detail: z.record(z.string(), z.unknown()), staff: z.string().nullable(), token_id: z.number().int().nullable() })),
  }),
});

/** A stock batch as sent: each row is checked by the service, so a refusal names its row. */
const stockRows = z
  .array(z.object({ outlet: z.string().max(20), product_code: z.string().max(40), quantity: z.number() }))
  .min(1)
  .max(MAX_STOCK_BATCH, 'catalogue_batch_max');
const stockResult = z.object({ Status: statusOk, rows: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), products: z.array(z.string()) });

export const opsStockSet = defineOperation({
  name: 'ops_stock_set',
  method: 'POST',
  path: 'ops/catalogue/stock_set',
  member: 'none',
  auth: 'hq',
  summary: `Sets the units on hand per outlet (store code) and product, as pos_stock does (1 to ${MAX_STOCK_BATCH} rows, all or nothing; the same batch twice changes nothing).`,
  body: z.object({ rows: stockRows }),
  response: stockResult,
});

export const posStock = defineOperation({
  name: 'pos_stock',
  method: 'POST',
  path: 'pos/stock',
  member: 'none',
  auth: 'integration',
  scope: 'stock',
  summary: `The point-of-sale system's stock feed, with an integration token of scope stock as Bearer: rows { outlet (store code, 'S001'), product_code, quantity (units on hand now, a whole number from 0) }, 1 to ${MAX_STOCK_BATCH}. Checked whole before anything is written: one bad row (negative or fractional quantity, unknown outlet or product, a pair twice) refuses the batch with 400 naming the row; otherwise applied in one transaction. Quantities are set, not added, so sending the same batch twice changes nothing the second time (changed 0). 401 for a missing, unknown or revoked token.`,
  body: z.object({ rows: stockRows }),
  response: stockResult,
});

export const opsGroupSave = defineOperation({
  name: 'ops_group_save',
  method: 'POST',
  path: 'ops/catalogue/group_save',
  member: 'none',
  auth: 'hq',
  summary: 'Creates or replaces a product group (names in EN, ZH, AR; order). Shown in every page\'s menu at once.',
  body: groupInputSchema,
  response: z.object({ Status: statusOk, data: z.object({ group_code: z.string(), group_name: localized, sort_order: z.number().int(), changed: z.boolean() }) }),
});

export const opsLineSave = defineOperation({
  name: 'ops_line_save',
  method: 'POST',
  path: 'ops/catalogue/line_save',
  member: 'none',
  auth: 'hq',
  summary: 'Creates or replaces a product line (a category of the shop) in its group: names in EN, ZH, AR, icon, order. 404 for an unknown group.',
  body: lineInputSchema,
  response: z.object({ Status: statusOk, data: z.object({ line_code: z.string(), group_code: z.string(), line_name: localized, line_icon: z.string(), sort_order: z.number().int(), changed: z.boolean() }) }),
});

export const opsHeaderBannerSave = defineOperation({
  name: 'ops_header_banner_save',
  method: 'POST',
  path: 'ops/catalogue/header_banner_save',
  member: 'none',
  auth: 'hq',
  summary: "Creates (no id) or replaces a header banner of the home page's slideshow: picture, link, text in EN, ZH, AR, order, and optional start and end dates (Malaysian dates, inclusive).",
  body: headerBannerInputSchema,
  response: z.object({
    Status: statusOk,
    data: z.object({ id: z.number().int(), banner_url: z.string(), link: z.string(), alt: localized, sort_order: z.number().int(), start_date: z.string().nullable(), end_date: z.string().nullable() }),
  }),
});

export const opsHeaderBannerRemove = defineOperation({
  name: 'ops_header_banner_remove',
  method: 'POST',
  path: 'ops/catalogue/header_banner_remove',
  member: 'none',
  auth: 'hq',
  summary: 'Removes a header banner. 404 for an unknown one.',
  body: z.object({ id: z.number().int().min(1) }),
  response: z.object({ Status: statusOk }),
});

export const opsPromotionBannerSave = defineOperation({
  name: 'ops_promotion_banner_save',
  method: 'POST',
  path: 'ops/catalogue/promotion_banner_save',
  member: 'none',
  auth: 'hq',
  summary: 'Creates (no banner_id) or replaces a promotion banner: name and description in EN, ZH, AR, pictures, links, the products on promotion, start and end dates (Malaysian dates, inclusive; the end on or after the start).',
  body: promotionBannerInputSchema,
  response: z.object({
    Status: statusOk,
    data: z.object({
      banner_id: z.number().int(),
      banner_name: localized,
      banner_desc: localized,
      banner_image: z.array(z.string()),
      banner_url: z.array(z.string()),
      product_codes: z.array(z.string()),
      start_date: z.string(),
      end_date: z.string(),
    }),
  }),
});

export const opsPromotionBannerRemove = defineOperation({
  name: 'ops_promotion_banner_remove',
  method: 'POST',
  path: 'ops/catalogue/promotion_banner_remove',
  member: 'none',
  auth: 'hq',
  summary: 'Removes a promotion banner. 404 for an unknown one.',
  body: z.object({ banner_id: z.number().int().min(1) }),
  response: z.object({ Status: statusOk }),
});

const integrationToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(INTEGRATION_SCOPES),
  prefix: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

export const opsIntegrationTokenIssue = defineOperation({
  name: 'ops_integration_token_issue',
  method: 'POST',
  path: 'ops/integration_tokens/issue',
  member: 'none',
  auth: 'hq',
  summary: 'Issues an integration token for another system (scope stock: pos_stock). The token is in this answer only; the shop keeps its hash.',
  body: integrationTokenInputSchema,
  response: z.object({ Status: statusOk, token: z.string(), data: integrationToken }),
});

export const opsIntegrationTokenList = defineOperation({
  name: 'ops_integration_token_list',
  method: 'GET',
  path: 'ops/integration_tokens/list',
  member: 'none',
  auth: 'hq',
  summary: 'Every integration token, newest first: name, scope, first characters, who issued it, last use, revocation (never the token).',
  response: z.object({ Status: statusOk, data: z.array(integrationToken) }),
});

export const opsIntegrationTokenRevoke = defineOperation({
  name: 'ops_integration_token_revoke',
  method: 'POST',
  path: 'ops/integration_tokens/revoke',
  member: 'none',
  auth: 'hq',
  summary: 'Revokes an integration token at once: its next call is refused (401). 404 for an unknown one.',
  body: z.object({ id: z.number().int().min(1) }),
  response: z.object({ Status: statusOk, data: integrationToken }),
});

/**
 * The point-of-sale CSV import (issue "The chain's own catalogue" §3; ADR 27): multipart/form-data
 * with the file as part `file` and `dry_run` ('1' or 'true': report only; default '0': apply).
 * The columns and rules: src/domain/catalogue-import.ts; the answer is the report a screen shows:
 * counts per kind of change, the bad cells (line, column, value as given, message in the caller's
 * language and its key) and the rows that change, each list cut at IMPORT_REPORT_ROWS with its total.
 */
const importBody = z.object({
  file: z.file({ error: 'field_required' }),
  dry_run: z.enum(['1', '0', 'true', 'false']).default('0').transform((v) => v === '1' || v === 'true'),
});

export const importReport = z.object({
  Status: statusOk,
  kind: z.enum(['products', 'stock']),
  dry_run: z.boolean(),
  /** Written (a run that was not dry and had no bad row). */
  applied: z.boolean(),
  /** Data rows read (the header and blank lines not counted). */
  rows: z.number().int(),
  /** No bad row. */
  valid: z.boolean(),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    hidden: z.number().int(),
    unchanged: z.number().int(),
    bad: z.number().int(),
    not_in_file: z.number().int().nullable(),
  }),
  errors: z.array(z.object({ line: z.number().int(), column: z.string(), value: z.string(), message: z.string(), code: z.string() })),
  errors_total: z.number().int(),
  changes: z.array(
    z.object({
      line: z.number().int(),
      key: z.string(),
      change: z.enum(['new', 'changed', 'hidden']),
      columns: z.array(z.string()),
      before: z.number().int().nullable().optional(),
      after: z.number().int().optional(),
    }),
  ),
  changes_total: z.number().int(),
});

/** Applying a file with a bad row: the report, with Status 0 and the Error text. */
const importRefusals = {
  422: { description: 'A row of the file is bad: nothing was written; the report lists the bad cells', answer: importReport.extend({ Status: z.literal(0), Error: z.string() }) },
};

const MB = IMPORT_MAX_BYTES / 1024 / 1024;
const importMultipart = { maxBodyBytes: IMPORT_MAX_BYTES + 64 * 1024, tooLarge: 'catalogue_import_too_large', tooLargeParams: { mb: MB } };
const columnsText = (kind: ImportKind) => `${IMPORT_COLUMNS[kind].required.join(', ')}${IMPORT_COLUMNS[kind].optional.length ? ` (optional: ${IMPORT_COLUMNS[kind].optional.join(', ')})` : ''}`;
const importRules = (kind: ImportKind) =>
  `UTF-8 (with or without BOM), a header row, columns matched by name: ${columnsText(kind)}; unknown, missing or repeated columns are refused by name. At most ${MB} MB (413 before it is read) and ${IMPORT_MAX_ROWS[kind].toLocaleString('en')} rows. dry_run=1 reports without writing: every bad cell (line, column, value, message in the Accept-Language, key; the first ${IMPORT_REPORT_ROWS}) and what would change. Otherwise the file is applied in one transaction when every row is good (422 catalogue_import_refused with the same report, nothing written, when one is not); each change is recorded with the HQ member; the same file twice changes nothing the second time.`;

export const opsImportProducts = defineOperation({
  name: 'ops_import_products',
  method: 'POST',
  path: 'ops/catalogue/import_products',
  member: 'none',
  auth: 'hq',
  summary: `Imports products and prices from the point-of-sale export (multipart: file, dry_run). Prices are ringgit with exactly 2 decimals (12.90; a blank final_price: the list price), visible 1/0 (or yes/no), the line (and group_code, when given) must exist; names and texts may not start like a spreadsheet formula. Counts new, changed, hidden (shown now, visible 0 in the file) and unchanged rows, and not_in_file: products the file does not name, left as they are (never deleted). ${importRules('products')}`,
  body: importBody,
  multipart: importMultipart,
  response: importReport,
  refusals: importRefusals,
});

export const opsImportStock = defineOperation({
  name: 'ops_import_stock',
  method: 'POST',
  path: 'ops/catalogue/import_stock',
  member: 'none',
  auth: 'hq',
  summary: `Imports stock per outlet from the point-of-sale export (multipart: file, dry_run): store_code, product_code, quantity (whole units on hand now, from 0: set, not added). The outlet and the product must exist; each outlet and product once. Counts new (no count before), changed and unchanged rows; changes carry the quantity before and after. ${importRules('stock')}`,
  body: importBody,
  multipart: importMultipart,
  response: importReport,
  refusals: importRefusals,
});

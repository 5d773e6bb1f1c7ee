/**
 * HQ's import of the point-of-sale export (issue "The chain's own catalogue" §3; ADR 27): a CSV file
 * of products and prices, or of stock per outlet, checked whole and reported (dry run), or applied
 * in one transaction. The rules (columns, rows, what changes) are src/domain/catalogue-import.ts and
 * catalogue-import-diff.ts; the file is read by ./import-csv.ts.
 *
 * - A dry run reads the catalogue and writes nothing, whatever the rows say.
 * - Applying compares the file inside one transaction: the catalogue rows that would change are
 *   locked (products by code, stock by outlet and product, in key order as every writer takes them)
 *   and compared again, so an order that took stock meanwhile is seen. One bad row refuses the
 *   whole file (422 `catalogue_import_refused`, with the report) and nothing is written. Otherwise
 *   the new and changed rows are written in batches (thousands of rows per statement as one jsonb
 *   parameter, not one statement per row) and recorded as HQ's writes record them, naming the staff
 *   member: `catalogue_events` (`product_created` with the product, `product_updated` with the
 *   fields old → new, and per product `stock_imported` with its outlets' counts old → new) and
 *   `price_history` for a new product's prices or a price change. Search text is refolded from the
 *   names (ADR 19).
 * - Unchanged rows are not written: the same file twice changes nothing and records nothing the
 *   second time. Products the file does not name are left as they are.
 * - After the commit, `pagesChanged` once with the changed products and their lines (every page
 *   when there are many: src/server/cache.ts).
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { priceHistory, productGroups, productLines, products, stores, storeStock } from '../../db/schema';
import { fulfilBackInStock } from '../push/back-in-stock';
import { ApiError } from '../../errors';
import { translate, type Locale } from '../../../../i18n/messages';
import { checkHeader, checkProductRows, checkStockRows, IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_REPORT_ROWS, type ColumnIndex, type CsvRow, type ImportKind, type RowProblem } from '../../../../domain/catalogue-import';
import { diffProducts, diffStock, stockKey, type ChangeCounts, type ProductState } from '../../../../domain/catalogue-import-diff';
import { productChangeTags } from '../../../cache';
import { pagesChanged } from '../../../page-changes';
import { clock } from '../../../clock';
import { decodeUtf8, parseCsv } from './import-csv';
import { productColumns, toView } from './products';
import { changedFields, recordEvents, type Actor, type Tx } from './record';

/** One bad cell of the file, as a report lists it; `message` in the caller's language, `code` its key. */
export type ImportProblem = { line: number; column: string; value: string; message: string; code: string };
/** One row that changes (or would): `key` the product code, or 'S001/P0001'; stock rows with the quantity before (null: none) and after. */
export type ImportChange = { line: number; key: string; change: 'new' | 'changed' | 'hidden'; columns: string[]; before?: number | null; after?: number };

/**
 * What an import found and did. `counts` are of the good rows (`bad`: rows refused); for products
 * also `not_in_file`, the catalogue's products the file does not name (left as they are). `errors`
 * and `changes` list the first IMPORT_REPORT_ROWS in file order; `_total` says how many there are.
 */
export type ImportReport = {
  kind: ImportKind;
  dry_run: boolean;
  applied: boolean;
  rows: number;
  valid: boolean;
  counts: ChangeCounts & { bad: number; not_in_file: number | null };
  errors: ImportProblem[];
  errors_total: number;
  changes: ImportChange[];
  changes_total: number;
};

const CHUNK = 1_000;
const chunks = <T>(items: readonly T[], size = CHUNK) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
/** A list as one jsonb parameter, for `in (select jsonb_array_elements_text(…))` (no limit on its length). */
const jsonList = (items: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))`;

/** The problems in the caller's language, the first IMPORT_REPORT_ROWS of them. */
function problemsFor(problems: readonly RowProblem[], locale: Locale): ImportProblem[] {
  return problems.slice(0, IMPORT_REPORT_ROWS).map((p) => ({ line: p.line, column: p.column, value: p.value, message: translate(locale, p.key, p.params ?? {}), code: p.key }));
}

/**
 * The header's columns. @throws ApiError 400 'catalogue_import_columns_missing' |
 * '…_unknown' | '…_duplicate' (the first that applies), with `missing`, `unknown`, `duplicate`.
 */
function columnsOf(kind: ImportKind, header: readonly string[]): ColumnIndex {
  const check = checkHeader(kind, header);
  if (check.ok) return check.index;
  const { missing, unknown, duplicate } = check;
  const allowed = [...IMPORT_COLUMNS[kind].required, ...IMPORT_COLUMNS[kind].optional].join(', ');
  const extra = { missing, unknown, duplicate };
  if (missing.length) throw new ApiError(400, 'catalogue_import_columns_missing', { columns: missing.join(', ') }, extra);
  if (unknown.length) throw new ApiError(400, 'catalogue_import_columns_unknown', { columns: unknown.map((c) => `"${c}"`).join(', '), allowed }, extra);
  throw new ApiError(400, 'catalogue_import_columns_duplicate', { columns: duplicate.join(', ') }, extra);
}

/** What one kind of import found (and wrote, when applied): the report's parts before translation. */
type Outcome = { problems: RowProblem[]; badRows: number; counts: ImportReport['counts']; listed: ImportChange[]; changesTotal: number; tags: string[] };

type ProductRecord = typeof products.$inferSelect;
const stateOf = (r: ProductRecord): ProductState => ({
  product_name: r.productName,
  product_description: r.productDescription,
  product_detail: r.productDetail,
  line_code: r.lineCode,
  unit: r.unit,
  price_sen: r.priceSen,
  final_price_sen: r.finalPriceSen,
  visible: r.isActive,
});

/** Checks and compares a products file; with `apply`, writes it (in `tx`, a transaction). */
async function importProducts(tx: Tx, actor: Actor, rows: readonly CsvRow[], index: ColumnIndex, apply: boolean): Promise<Outcome> {
  const lineGroups = new Map((await tx.select({ line: productLines.lineCode, group: productLines.groupCode }).from(productLines)).map((r) => [r.line, r.group]));
  const groups = new Set((await tx.select({ code: productGroups.groupCode }).from(productGroups)).map((r) => r.code));
  const checked = checkProductRows(rows, index, { lineGroups, groups });
  const named = new Set(rows.map((r) => (r.fields[index.product_code!] ?? '').trim()));
  const codes = checked.rows.map((r) => r.product.product_code).sort();
  const before = new Map<string, ProductRecord>();
  const read = async (part: string[], lock: boolean) => {
    const query = tx.select().from(products).where(sql`${products.productCode} in ${jsonList(part)}`).orderBy(asc(products.productCode));
    for (const r of lock ? await query.for('update') : await query) before.set(r.productCode, r);
  };
  for (const part of chunks(codes, 10_000)) await read(part, false);
  const all = await tx.select({ code: products.productCode }).from(products);
  const notInFile = all.filter((r) => !named.has(r.code)).length;
  const states = () => new Map([...before].map(([code, r]) => [code, stateOf(r)]));
  let diff = diffProducts(checked.rows, states());
  if (apply && checked.problems.length === 0) {
    // Only the products that change are locked (in code order), read again and compared again.
    const candidates = diff.changes.filter((c) => c.change !== 'unchanged' && c.before).map((c) => c.code);
    for (const part of chunks(candidates, 10_000)) await read(part, true);
    if (candidates.length) diff = diffProducts(checked.rows, states());
  }
  const changes = diff.changes.filter((c) => c.change !== 'unchanged');
  const result: Outcome = {
    ...checked,
    counts: { ...diff.counts, bad: checked.badRows, not_in_file: notInFile },
    listed: changes.slice(0, IMPORT_REPORT_ROWS).map((c) => ({ line: c.line, key: c.code, change: c.change as ImportChange['change'], columns: c.columns })),
    changesTotal: changes.length,
    tags: [],
  };
  if (!apply || checked.problems.length > 0 || changes.length === 0) return result;

  const now = clock.now();
  const written = new Map<string, ProductRecord>();
  for (const part of chunks(changes, 2_000)) {
    const values = part.map((c) => ({ productCode: c.code, pictures: [] as string[], brandCode: null, isFeatured: false, topSales: 0, createdAt: now, ...productColumns(c.next), updatedAt: now }));
    for (const v of values) if (!before.has(v.productCode)) written.set(v.productCode, v);
    const json = JSON.stringify(values.map((v) => ({ c: v.productCode, l: v.lineCode, n: v.productName, s: v.searchText, d: v.productDescription, t: v.productDetail, u: v.unit, p: v.priceSen, f: v.finalPriceSen, a: v.isActive })));
    // One statement per 2,000 products, the rows in one jsonb parameter; a product made here keeps
    // its pictures, brand and "featured" empty until HQ sets them.
    await tx.execute(sql`
      insert into ${products} (product_code, line_code, product_name, search_text, product_description, product_detail, unit, price_sen, final_price_sen, is_active, pictures, created_at, updated_at)
      select x.c, x.l, x.n, x.s, x.d, x.t, x.u, x.p, x.f, x.a, '[]'::jsonb, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${json}::jsonb) as x(c text, l text, n jsonb, s text, d jsonb, t jsonb, u text, p integer, f integer, a boolean)
      on conflict (product_code) do update set
        product_name = excluded.product_name, search_text = excluded.search_text, product_description = excluded.product_description,
        product_detail = excluded.product_detail, line_code = excluded.line_code, unit = excluded.unit, price_sen = excluded.price_sen,
        final_price_sen = excluded.final_price_sen, is_active = excluded.is_active, updated_at = excluded.updated_at`);
  }
  const prices = changes
    .filter((c) => !c.before || c.before.price_sen !== c.next.price_sen || c.before.final_price_sen !== c.next.final_price_sen)
    .map((c) => ({ productCode: c.code, oldPriceSen: c.before?.price_sen ?? null, newPriceSen: c.next.price_sen, oldFinalPriceSen: c.before?.final_price_sen ?? null, newFinalPriceSen: c.next.final_price_sen, staffId: actor.staffId, createdAt: now }));
  for (const part of chunks(prices)) await tx.insert(priceHistory).values(part);
  await recordEvents(
    tx,
    actor,
    changes.map((c) => {
      const old = before.get(c.code);
      if (!old) return { action: 'product_created', subject: c.code, detail: toView(written.get(c.code)!) };
      const { searchText: _folded, ...shown } = changedFields(old as unknown as Record<string, unknown>, productColumns(c.next));
      void _folded;
      return { action: 'product_updated', subject: c.code, detail: shown };
    }),
  );
  result.tags = productChangeTags(
    changes.map((c) => c.code),
    changes.flatMap((c) => (c.before ? [c.before.line_code, c.next.line_code] : [c.next.line_code])),
  );
  return result;
}

/** Checks and compares a stock file; with `apply`, writes it (in `tx`, a transaction). */
async function importStock(tx: Tx, actor: Actor, rows: readonly CsvRow[], index: ColumnIndex, apply: boolean): Promise<Outcome> {
  const outlets = new Set((await tx.select({ code: stores.storeCode }).from(stores)).map((r) => r.code));
  const lines = new Map((await tx.select({ code: products.productCode, line: products.lineCode }).from(products)).map((r) => [r.code, r.line]));
  const checked = checkStockRows(rows, index, { outlets, products: new Set(lines.keys()) });
  const current = new Map<string, number>();
  const named = [...new Set(checked.rows.map((r) => r.stock.product_code))].sort();
  const inFile = [...new Set(checked.rows.map((r) => r.stock.outlet))].sort();
  for (const part of chunks(named, 10_000)) {
    // The counts as one jsonb object per 10,000 products ({ "S001/P0001": 24, … }): hundreds of
    // thousands of rows read as one value, not row by row.
    const [found] = await tx
      .select({ counts: sql<Record<string, number> | null>`jsonb_object_agg(${storeStock.storeCode} || '/' || ${storeStock.productCode}, ${storeStock.quantity})` })
      .from(storeStock)
      .where(sql`${storeStock.storeCode} in ${jsonList(inFile)} and ${storeStock.productCode} in ${jsonList(part)}`);
    for (const [key, quantity] of Object.entries(found?.counts ?? {})) {
      // A product code never holds '/' (src/domain/catalogue-edit.ts).
      const cut = key.lastIndexOf('/');
      current.set(stockKey(key.slice(0, cut), key.slice(cut + 1)), quantity);
    }
  }
  let diff = diffStock(checked.rows, current);
  if (apply && checked.problems.length === 0) {
    // Only the counts that change are locked, in key order as every writer of stock rows takes
    // them (so two writers never deadlock), read again and compared again: an order that took
    // stock meanwhile is seen.
    const candidates = diff.changes.filter((c) => c.change === 'changed').map((c) => ({ s: c.outlet, p: c.product_code }));
    for (const part of chunks(candidates, 20_000)) {
      const locked = await tx
        .select({ outlet: storeStock.storeCode, product: storeStock.productCode, quantity: storeStock.quantity })
        .from(storeStock)
        .where(sql`(${storeStock.storeCode}, ${storeStock.productCode}) in (select x.s, x.p from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as x(s text, p text))`)
        .orderBy(asc(storeStock.storeCode), asc(storeStock.productCode))
        .for('update');
      for (const e of locked) current.set(stockKey(e.outlet, e.product), e.quantity);
    }
    if (candidates.length) diff = diffStock(checked.rows, current);
  }
  const changes = diff.changes.filter((c) => c.change !== 'unchanged');
  const result: Outcome = {
    ...checked,
    counts: { ...diff.counts, bad: checked.badRows, not_in_file: null },
    listed: changes.slice(0, IMPORT_REPORT_ROWS).map((c) => ({ line: c.line, key: `${c.outlet}/${c.product_code}`, change: c.change as ImportChange['change'], columns: ['quantity'], before: c.before, after: c.after })),
    changesTotal: changes.length,
    tags: [],
  };
  if (!apply || checked.problems.length > 0 || changes.length === 0) return result;

  const ordered = [...changes].sort((x, y) => (x.outlet === y.outlet ? (x.product_code < y.product_code ? -1 : 1) : x.outlet < y.outlet ? -1 : 1));
  for (const part of chunks(ordered, 20_000)) {
    const json = JSON.stringify(part.map((c) => ({ s: c.outlet, p: c.product_code, q: c.after })));
    await tx.execute(sql`
      insert into ${storeStock} (store_code, product_code, quantity)
      select x.s, x.p, x.q from jsonb_to_recordset(${json}::jsonb) as x(s text, p text, q integer)
      on conflict (store_code, product_code) do update set quantity = excluded.quantity`);
  }
  // Members waiting for these products at these outlets are told, once (services/push/back-in-stock.ts).
  await fulfilBackInStock(tx, ordered.filter((c) => c.after > 0).map((c) => ({ storeCode: c.outlet, productCode: c.product_code })));
  // One event per product: its outlets' counts old → new ({ S001: [null, 24], S002: [3, 0] }).
  const perProduct = new Map<string, Record<string, [number | null, number]>>();
  for (const c of ordered) perProduct.set(c.product_code, { ...perProduct.get(c.product_code), [c.outlet]: [c.before, c.after] });
  await recordEvents(
    tx,
    actor,
    [...perProduct].map(([product, quantity]) => ({ action: 'stock_imported', subject: product, detail: { quantity } })),
  );
  const touched = [...new Set(ordered.map((c) => c.product_code))];
  result.tags = productChangeTags(touched, touched.map((c) => lines.get(c)!));
  return result;
}

/**
 * Imports a CSV file of `kind` as `actor`: a dry run reports; otherwise the file is applied when
 * every row is good. Messages of the report are in `locale`.
 * @throws ApiError 413 'catalogue_import_too_large' (over IMPORT_MAX_BYTES) or
 *   'catalogue_import_too_many_rows'; 400 for a file that is not UTF-8 or not CSV, has no rows, or a
 *   header with missing, unknown or repeated columns; 422 'catalogue_import_refused' with the report
 *   when applying a file with bad rows (nothing written).
 */
export async function importCatalogueCsv(db: Db, actor: Actor, kind: ImportKind, file: Blob, { dryRun, locale }: { dryRun: boolean; locale: Locale }): Promise<ImportReport> {
  if (file.size > IMPORT_MAX_BYTES) throw new ApiError(413, 'catalogue_import_too_large', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
  const { header, rows } = parseCsv(decodeUtf8(new Uint8Array(await file.arrayBuffer())), IMPORT_MAX_ROWS[kind]);
  const index = columnsOf(kind, header);
  const run = (tx: Tx, apply: boolean) => (kind === 'products' ? importProducts(tx, actor, rows, index, apply) : importStock(tx, actor, rows, index, apply));
  const result = dryRun ? await run(db, false) : await db.transaction((tx) => run(tx, true));
  const report: ImportReport = {
    kind,
    dry_run: dryRun,
    applied: !dryRun && result.problems.length === 0,
    rows: rows.length,
    valid: result.problems.length === 0,
    counts: result.counts,
    errors: problemsFor(result.problems, locale),
    errors_total: result.problems.length,
    changes: result.listed,
    changes_total: result.changesTotal,
  };
  if (!dryRun && result.problems.length > 0) throw new ApiError(422, 'catalogue_import_refused', { count: result.counts.bad }, report);
  if (result.tags.length > 0) await pagesChanged(db, result.tags);
  return report;
}

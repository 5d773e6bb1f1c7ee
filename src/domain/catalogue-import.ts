/**
 * The rules of the point-of-sale CSV import (issue "The chain's own catalogue" §3; ADR 27), one
 * place per rule: which columns each file has, how a row's cells become a product or a stock row
 * (through HQ's own zod schemas, src/domain/catalogue-edit.ts), and what makes a row bad. Pure: the
 * service decodes and parses the CSV (csv-parse) and hands in the rows and what the database knows
 * (product lines and groups, outlets, products). What an import would change: ./catalogue-import-diff.ts.
 *
 * Files (UTF-8, a header row; columns matched by name, in any order, case and surrounding spaces
 * ignored; every required column present, no unknown or repeated one):
 * - products: `product_code, product_name_en, product_name_zh, product_name_ar, line_code, price,
 *   final_price, unit, visible`, optional `group_code` (checked against the line's group) and
 *   `product_description_{en,zh,ar}`, `product_detail_{en,zh,ar}` (a text column left out of the
 *   file leaves that text as it is). `price` and `final_price` are ringgit with exactly 2 decimals
 *   ('12.90'); a blank `final_price` means no promotion (the list price). `visible` is 1 or 0 (yes
 *   or no also read).
 * - stock: `store_code, product_code, quantity` (the whole units on hand now, set, not added).
 *
 * A bad row is named by its line in the file (the header is line 1), the column ('' for the whole
 * line), the value as given (shortened to IMPORT_VALUE_SHOWN characters) and a message-catalogue
 * key with its parameters, so the operator reads it in their language. Each bad cell is one
 * problem (the first rule it breaks); a row with any problem is left out of the import.
 */
import type { z } from 'zod';
import { toSen } from './money';
import { isCleanText } from './input-text';
import { fromSpreadsheetSafe, productInputSchema, stockRowSchema, type ProductInput, type StockRow } from './catalogue-edit';

export type ImportKind = 'products' | 'stock';

/** The largest file, in bytes (20 MB: about 60,000 products with texts, or 1 million stock rows). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most data rows of a file (the header not counted). */
export const IMPORT_MAX_ROWS: Record<ImportKind, number> = { products: 50_000, stock: 500_000 };
/** Bad cells and changes a report lists (each with its total). */
export const IMPORT_REPORT_ROWS = 1_000;
/** Characters of a bad value shown in a report. */
export const IMPORT_VALUE_SHOWN = 60;

const LANGS = ['en', 'zh', 'ar'] as const;
type Lang = (typeof LANGS)[number];
const TEXT_GROUPS = ['product_description', 'product_detail'] as const;
type TextGroup = (typeof TEXT_GROUPS)[number];

/** The columns of each file: required ones first, in the order of the documented header. */
export const IMPORT_COLUMNS = {
  products: {
    required: ['product_code', 'product_name_en', 'product_name_zh', 'product_name_ar', 'line_code', 'price', 'final_price', 'unit', 'visible'],
    optional: ['group_code', ...TEXT_GROUPS.flatMap((g) => LANGS.map((l) => `${g}_${l}`))],
  },
  stock: { required: ['store_code', 'product_code', 'quantity'], optional: [] as string[] },
} as const satisfies Record<ImportKind, { required: readonly string[]; optional: readonly string[] }>;

/** A message-catalogue key and its parameters. */
export type ImportMessage = { key: string; params?: Record<string, string | number> };
/** One bad cell (or line, `column` ''): its line in the file and the value as given, shortened. */
export type RowProblem = ImportMessage & { line: number; column: string; value: string };
/** A data row as parsed: its line in the file (where it starts) and its cells. */
export type CsvRow = { line: number; fields: readonly string[] };

/** Where each column is in the file's rows, by name. */
export type ColumnIndex = Readonly<Record<string, number>>;
/** The header's verdict: the columns' places, or what is missing, unknown or repeated. */
export type HeaderCheck = { ok: true; index: ColumnIndex } | { ok: false; missing: string[]; unknown: string[]; duplicate: string[] };

const columnName = (cell: string) => cell.trim().toLowerCase();

/** Checks a header row against the columns of `kind`. */
export function checkHeader(kind: ImportKind, header: readonly string[]): HeaderCheck {
  const { required, optional } = IMPORT_COLUMNS[kind];
  const known = new Set<string>([...required, ...optional]);
  const index: Record<string, number> = {};
  const unknown: string[] = [];
  const duplicate: string[] = [];
  header.forEach((cell, i) => {
    const name = columnName(cell);
    if (!known.has(name)) unknown.push(cell.trim());
    else if (name in index) duplicate.push(name);
    else index[name] = i;
  });
  const missing = required.filter((c) => !(c in index));
  if (missing.length || unknown.length || duplicate.length) return { ok: false, missing, unknown, duplicate: [...new Set(duplicate)] };
  return { ok: true, index };
}

/** A value as a report shows it: at most IMPORT_VALUE_SHOWN characters (never a split character). */
export function shownValue(value: string): string {
  const chars = Array.from(value);
  return chars.length <= IMPORT_VALUE_SHOWN ? value : `${chars.slice(0, IMPORT_VALUE_SHOWN - 1).join('')}…`;
}

/** A price as the file writes it: ringgit with exactly 2 decimals ('12.90'), no sign, symbol or grouping. */
const PRICE_RM = /^\d{1,9}\.\d{2}$/;
/** What `visible` may say, lower-cased. */
const VISIBLE: Record<string, boolean> = { '1': true, '0': false, yes: true, no: false };
/** A quantity that is a number at all (the stock rule then says whether it is a whole one from 0). */
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** The product's fields of a row: ProductInput without what the import leaves alone (brand, featured, pictures). */
export type ImportedProduct = Omit<ProductInput, 'brand_code' | 'featured' | 'pictures' | 'product_description' | 'product_detail'> & {
  /** Only the languages whose column the file has (a blank cell: no text in that language). */
  product_description?: Partial<Record<Lang, string>>;
  product_detail?: Partial<Record<Lang, string>>;
};
export type ProductRow = { line: number; product: ImportedProduct };
export type StockImportRow = { line: number; stock: StockRow };

/** What the database knows that a products file refers to: each line's group, and the groups. */
export type ProductRefs = { lineGroups: ReadonlyMap<string, string>; groups: ReadonlySet<string> };
/** What a stock file refers to: the outlets' store codes and the products' codes. */
export type StockRefs = { outlets: ReadonlySet<string>; products: ReadonlySet<string> };

/** The rows that passed, and every problem of the others. */
export type Checked<R> = { rows: R[]; problems: RowProblem[]; badRows: number };

/** The CSV column a zod issue of ProductInput is about: ['product_name','zh'] → 'product_name_zh', ['price_sen'] → 'price'. */
function productColumn(path: readonly PropertyKey[]): string {
  const [head, lang] = path.map(String);
  if (head === 'price_sen') return 'price';
  if (head === 'final_price_sen') return 'final_price';
  return lang && LANGS.includes(lang as Lang) ? `${head}_${lang}` : (head ?? '');
}

/** Reads rows one at a time, collecting problems per row; `check` returns the good row or null. */
function checkRows<R>(rows: readonly CsvRow[], index: ColumnIndex, keyColumns: readonly string[], check: (cell: (c: string) => string, report: (column: string, message: ImportMessage) => void, line: number) => R | null, keyOf: (r: R) => string) {
  const out: R[] = [];
  const problems: RowProblem[] = [];
  const firstLine = new Map<string, number>();
  const columns = Object.entries(index);
  const width = columns.length;
  let badRows = 0;
  for (const { line, fields } of rows) {
    const before = problems.length;
    // A cell the products export wrote with an apostrophe before a formula is read as the text it stands for.
    const cell = (c: string) => (c in index ? fromSpreadsheetSafe(fields[index[c]!] ?? '') : '');
    const report = (column: string, message: ImportMessage) => {
      if (!problems.slice(before).some((p) => p.column === column)) problems.push({ line, column, value: shownValue(column ? cell(column) : fields.join(',')), ...message });
    };
    if (fields.length !== width) {
      report('', { key: 'catalogue_import_field_count', params: { count: fields.length, expected: width } });
    } else {
      for (const [column, i] of columns) if (!isCleanText(fields[i]!)) report(column, { key: 'input_invalid_characters' });
      const row = problems.length === before ? check(cell, report, line) : null;
      if (row && problems.length === before) {
        const key = keyOf(row);
        const first = firstLine.get(key);
        if (first !== undefined) report(keyColumns[keyColumns.length - 1]!, { key: 'catalogue_import_duplicate', params: { key: keyColumns.map(cell).map((v) => v.trim()).join(' / '), first } });
        else {
          firstLine.set(key, line);
          out.push(row);
        }
      }
    }
    if (problems.length > before) badRows++;
  }
  return { rows: out, problems, badRows };
}

/** The first issue per column of a zod failure, as problems (`rename` may give a column's message another key). */
function reportIssues(issues: readonly z.core.$ZodIssue[], columnOf: (path: readonly PropertyKey[]) => string, report: (column: string, m: ImportMessage) => void, rename: (column: string, key: string) => string = (_, k) => k) {
  for (const issue of issues) {
    const column = columnOf(issue.path);
    report(column, { key: rename(column, issue.message) });
  }
}

/**
 * Checks the rows of a products file. A row passes when every cell keeps HQ's product rules, its
 * line exists (and is in `group_code`'s group when that column is given) and its product code was
 * not on an earlier line.
 */
export function checkProductRows(rows: readonly CsvRow[], index: ColumnIndex, refs: ProductRefs): Checked<ProductRow> {
  const texts = (cell: (c: string) => string, group: TextGroup) => {
    const present = LANGS.filter((l) => `${group}_${l}` in index);
    return present.length ? Object.fromEntries(present.map((l) => [l, cell(`${group}_${l}`)])) : undefined;
  };
  return checkRows<ProductRow>(
    rows,
    index,
    ['product_code'],
    (cell, report, line) => {
      const price = cell('price').trim();
      const finalPrice = cell('final_price').trim() || price;
      const sen = (column: string, value: string) => {
        if (PRICE_RM.test(value)) return toSen(value, { strict: true, allowNegative: false });
        report(column, { key: 'catalogue_import_price_format' });
        return undefined;
      };
      const priceSen = sen('price', price);
      const finalSen = sen('final_price', finalPrice);
      const visible = VISIBLE[cell('visible').trim().toLowerCase()];
      if (visible === undefined) report('visible', { key: 'catalogue_import_visible' });
      const input = {
        product_code: cell('product_code'),
        product_name: { en: cell('product_name_en'), zh: cell('product_name_zh'), ar: cell('product_name_ar') },
        product_description: texts(cell, 'product_description'),
        product_detail: texts(cell, 'product_detail'),
        line_code: cell('line_code'),
        unit: cell('unit'),
        // A price already refused stands in for the other, so it is not also called above the list price.
        price_sen: priceSen ?? finalSen ?? 0,
        final_price_sen: finalSen ?? priceSen ?? 0,
        visible: visible ?? false,
      };
      const parsed = productInputSchema.safeParse(input);
      if (!parsed.success) {
        // A price out of range is said in ringgit, as the file writes it.
        reportIssues(parsed.error.issues, productColumn, report, (column, key) => (key === 'catalogue_price_invalid' ? 'catalogue_import_price_range' : key));
        return null;
      }
      const p = parsed.data;
      const group = refs.lineGroups.get(p.line_code);
      if (group === undefined) report('line_code', { key: 'catalogue_line_not_found', params: { line: p.line_code } });
      const wanted = cell('group_code').trim();
      if (wanted && !refs.groups.has(wanted)) report('group_code', { key: 'catalogue_group_not_found', params: { group: wanted } });
      else if (wanted && group !== undefined && group !== wanted) report('group_code', { key: 'catalogue_import_group_mismatch', params: { line: p.line_code, group: wanted, actual: group } });
      const product: ImportedProduct = {
        product_code: p.product_code,
        product_name: p.product_name,
        line_code: p.line_code,
        unit: p.unit,
        price_sen: p.price_sen,
        final_price_sen: p.final_price_sen,
        visible: p.visible,
        ...(p.product_description && { product_description: pick(p.product_description, input.product_description) }),
        ...(p.product_detail && { product_detail: pick(p.product_detail, input.product_detail) }),
      };
      return { line, product };
    },
    (r) => r.product.product_code,
  );
}

/** The languages of `parsed` (trimmed texts) whose column the file has (`given`). */
function pick(parsed: Partial<Record<Lang, string>>, given: Partial<Record<Lang, string>> | undefined): Partial<Record<Lang, string>> {
  return Object.fromEntries(LANGS.filter((l) => given && l in given).map((l) => [l, parsed[l] ?? ''])) as Partial<Record<Lang, string>>;
}

/** Checks the rows of a stock file: HQ's stock rule per row, a known outlet and product, each pair once. */
export function checkStockRows(rows: readonly CsvRow[], index: ColumnIndex, refs: StockRefs): Checked<StockImportRow> {
  const columnOf = (path: readonly PropertyKey[]) => ({ outlet: 'store_code', product_code: 'product_code', quantity: 'quantity' })[String(path[0])] ?? '';
  return checkRows<StockImportRow>(
    rows,
    index,
    ['store_code', 'product_code'],
    (cell, report, line) => {
      const quantity = cell('quantity').trim();
      if (!NUMBER.test(quantity)) {
        report('quantity', { key: 'catalogue_stock_invalid' });
        return null;
      }
      const parsed = stockRowSchema.safeParse({ outlet: cell('store_code'), product_code: cell('product_code'), quantity: Number(quantity) });
      if (!parsed.success) {
        reportIssues(parsed.error.issues, columnOf, report);
        return null;
      }
      const s = parsed.data;
      if (!refs.outlets.has(s.outlet)) report('store_code', { key: 'catalogue_import_unknown_outlet', params: { code: s.outlet } });
      if (!refs.products.has(s.product_code)) report('product_code', { key: 'catalogue_import_unknown_product', params: { code: s.product_code } });
      return { line, stock: s };
    },
    (r) => `${r.stock.outlet}\u0000${r.stock.product_code}`,
  );
}

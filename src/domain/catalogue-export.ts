/**
 * The products export (issue "The chain's own catalogue" acceptance: "an export of a product's text
 * never runs as a formula when opened in a spreadsheet"; ADR 27): the catalogue as a products CSV in
 * the import's own columns (src/domain/catalogue-import.ts IMPORT_COLUMNS), so HQ can download it,
 * change prices or texts in a spreadsheet and import it again. Pure: rows in, text out.
 *
 * - Columns: the import's required ones, then `group_code` and the six text columns, in the
 *   documented order; prices in ringgit with 2 decimals ('12.90'), `visible` 1 or 0.
 * - Written by csv-stringify (RFC 4180: a cell with a comma, quote or line break is quoted), CRLF
 *   between records and a UTF-8 byte-order mark, which spreadsheet programs need to read Chinese and
 *   Arabic as UTF-8 (the import skips it).
 * - A cell that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 *   return) is written with a leading apostrophe, which spreadsheets show as text (OWASP's advice for
 *   CSV injection; `spreadsheetSafe` in ./catalogue-edit.ts). HQ's rules refuse such texts on every
 *   write, so only rows written by other means can have one; the import reads the cell back without
 *   the apostrophe (`fromSpreadsheetSafe`) and refuses that row, naming the cell.
 * - An unchanged export imported again changes nothing (tested in tests/api/catalogue-export.test.ts).
 */
import { stringify } from 'csv-stringify/sync';
import { formatAmount } from './money';
import { spreadsheetSafe } from './catalogue-edit';
import { IMPORT_COLUMNS } from './catalogue-import';

type Texts = { en?: string; zh?: string; ar?: string } | null | undefined;

/** A product as exported: what HQ edits of it, prices in sen. */
export type ExportedProduct = {
  product_code: string;
  product_name: Texts;
  line_code: string;
  group_code: string;
  unit: string;
  price_sen: number;
  final_price_sen: number;
  visible: boolean;
  product_description: Texts;
  product_detail: Texts;
};

/** The export's header: the import's columns in their documented order. */
export const PRODUCTS_EXPORT_COLUMNS: readonly string[] = [...IMPORT_COLUMNS.products.required, ...IMPORT_COLUMNS.products.optional];

/** One product's cells, by column name. */
function cellsOf(p: ExportedProduct): Record<string, string> {
  const cells: Record<string, string> = {
    product_code: p.product_code,
    line_code: p.line_code,
    group_code: p.group_code,
    unit: p.unit,
    price: formatAmount(p.price_sen),
    // A promotion only when the promotional price is below the list price (blank: the list price).
    final_price: p.final_price_sen < p.price_sen ? formatAmount(p.final_price_sen) : '',
    visible: p.visible ? '1' : '0',
  };
  for (const lang of ['en', 'zh', 'ar'] as const) {
    cells[`product_name_${lang}`] = p.product_name?.[lang] ?? '';
    cells[`product_description_${lang}`] = p.product_description?.[lang] ?? '';
    cells[`product_detail_${lang}`] = p.product_detail?.[lang] ?? '';
  }
  return cells;
}

/**
 * The products CSV of `products` (in the order given): a byte-order mark, the header, one record
 * per product, CRLF line ends, formula-like cells neutralised (`spreadsheetSafe`). Never throws.
 */
export function productsCsv(products: readonly ExportedProduct[]): string {
  const records = products.map((p) => {
    const cells = cellsOf(p);
    return PRODUCTS_EXPORT_COLUMNS.map((c) => spreadsheetSafe(cells[c] ?? ''));
  });
  // csv-stringify quotes a cell holding the record delimiter (CRLF), not one holding a lone LF or CR:
  // `quoted_match` quotes those too, or a description's line break would end the record.
  return stringify(records, { header: true, columns: [...PRODUCTS_EXPORT_COLUMNS], record_delimiter: '\r\n', bom: true, quoted_match: /[\r\n]/ });
}

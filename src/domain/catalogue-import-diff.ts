/**
 * What a point-of-sale import would change (issue "The chain's own catalogue" §3; ADR 27): each good
 * row of a file (./catalogue-import.ts) against the catalogue as it is. Pure.
 *
 * - A product row is `new` (no such product yet), `hidden` (shown in the shop now, `visible` 0 in
 *   the file: the import takes it off the shop, whatever else changes with it), `changed` (any
 *   other difference) or `unchanged`; `columns` names the file's columns whose value differs.
 *   Products of the catalogue that the file does not name are not touched: not deleted, not hidden.
 * - A text column the file leaves out leaves that language's text as it is; a blank cell clears it
 *   (a blank ZH or AR text shows the EN one).
 * - A stock row is `new` (the outlet had no count of the product yet), `changed` or `unchanged`.
 * Applying the same file twice: the second time every row is `unchanged` and nothing is written.
 */
import { compactTexts, type Texts } from './catalogue-edit';
import type { ImportedProduct, ProductRow, StockImportRow } from './catalogue-import';

const LANGS = ['en', 'zh', 'ar'] as const;

/** A product as the import compares and writes it; prices in sen. */
export type ProductState = {
  product_name: Texts;
  product_description: Texts | null;
  product_detail: Texts | null;
  line_code: string;
  unit: string;
  price_sen: number;
  final_price_sen: number;
  visible: boolean;
};

export type ChangeKind = 'new' | 'changed' | 'hidden' | 'unchanged';
/** How many rows would be (or were) of each kind. */
export type ChangeCounts = Record<ChangeKind, number>;

export type ProductChange = { line: number; code: string; change: ChangeKind; columns: string[]; before: ProductState | null; next: ProductState };
export type StockChange = { line: number; outlet: string; product_code: string; change: Exclude<ChangeKind, 'hidden'>; before: number | null; after: number };

/** `texts` with the languages the file gives (`given`) set, blank ones cleared. */
function mergeTexts(texts: Texts | null, given: Partial<Record<(typeof LANGS)[number], string>> | undefined): Texts | null {
  if (!given) return texts;
  return compactTexts({ ...texts, ...given });
}

/** The product after the import: the file's fields over what it is now (`before`, null for a new one). */
export function nextProductState(p: ImportedProduct, before: ProductState | null): ProductState {
  return {
    product_name: compactTexts(p.product_name)!,
    product_description: mergeTexts(before?.product_description ?? null, p.product_description),
    product_detail: mergeTexts(before?.product_detail ?? null, p.product_detail),
    line_code: p.line_code,
    unit: p.unit,
    price_sen: p.price_sen,
    final_price_sen: p.final_price_sen,
    visible: p.visible,
  };
}

/** The file's columns whose values differ between two states of a product. */
export function changedColumns(before: ProductState, next: ProductState): string[] {
  const columns: string[] = [];
  for (const group of ['product_name', 'product_description', 'product_detail'] as const) {
    for (const l of LANGS) if ((before[group]?.[l] ?? '') !== (next[group]?.[l] ?? '')) columns.push(`${group}_${l}`);
  }
  if (before.line_code !== next.line_code) columns.push('line_code');
  if (before.price_sen !== next.price_sen) columns.push('price');
  if (before.final_price_sen !== next.final_price_sen) columns.push('final_price');
  if (before.unit !== next.unit) columns.push('unit');
  if (before.visible !== next.visible) columns.push('visible');
  return columns;
}

const noChanges = (): ChangeCounts => ({ new: 0, changed: 0, hidden: 0, unchanged: 0 });

/** Each product row against the catalogue (`existing` by product code), and the counts. */
export function diffProducts(rows: readonly ProductRow[], existing: ReadonlyMap<string, ProductState>): { changes: ProductChange[]; counts: ChangeCounts } {
  const counts = noChanges();
  const changes = rows.map(({ line, product }): ProductChange => {
    const before = existing.get(product.product_code) ?? null;
    const next = nextProductState(product, before);
    const columns = before ? changedColumns(before, next) : [];
    const change: ChangeKind = !before ? 'new' : columns.length === 0 ? 'unchanged' : before.visible && !next.visible ? 'hidden' : 'changed';
    counts[change]++;
    return { line, code: product.product_code, change, columns, before, next };
  });
  return { changes, counts };
}

/** The key of one outlet's count of one product in `current`. */
export const stockKey = (outlet: string, productCode: string) => `${outlet}\u0000${productCode}`;

/** Each stock row against the counts now (`current` by stockKey; no entry: no count yet), and the counts. */
export function diffStock(rows: readonly StockImportRow[], current: ReadonlyMap<string, number>): { changes: StockChange[]; counts: ChangeCounts } {
  const counts = noChanges();
  const changes = rows.map(({ line, stock }): StockChange => {
    const before = current.get(stockKey(stock.outlet, stock.product_code)) ?? null;
    const change = before === null ? 'new' : before === stock.quantity ? 'unchanged' : 'changed';
    counts[change]++;
    return { line, outlet: stock.outlet, product_code: stock.product_code, change, before, after: stock.quantity };
  });
  return { changes, counts };
}

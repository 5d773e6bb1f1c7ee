/**
 * Keeps the catalogue's stored language data current on an existing database (docs/architecture.md i18n, ADR 19):
 * every product's `search_text` is the folded form of its EN, ZH and AR names
 * (src/domain/search-text.ts `productSearchText`), and a demo database made by an older version
 * takes the demo catalogue's newer names, descriptions and details (the Arabic ones among them).
 * Runs at start inside the start-up lock (src/server/runtime.ts); a second run changes no row.
 */
import { eq } from 'drizzle-orm';
import { productSearchText } from '../../../domain/search-text';
import type { Db } from '../db/client';
import { products, type LocalizedText } from '../db/schema';

/** A demo product's texts in every language, as the seed writes them. */
export type CatalogueText = { productName: LocalizedText; productDescription: LocalizedText | null; productDetail: LocalizedText | null };

/** Per-language texts as comparable JSON: keys sorted (jsonb gives them back in its own order), blanks dropped. */
const canonical = (t: LocalizedText | null | undefined) =>
  JSON.stringify(t ? Object.entries(t).filter(([, v]) => v).sort(([a], [b]) => (a < b ? -1 : 1)) : null);
const same = (a: LocalizedText | null | undefined, b: LocalizedText | null | undefined) => canonical(a) === canonical(b);

/**
 * Rewrites what is out of date, one UPDATE per changed product; answers how many changed.
 * `demo` (product code → texts) is given when SEED_DEMO_DATA is on: a product whose EN name is
 * still the demo's takes the demo texts (an operator's renamed product is left alone). Without it
 * only `search_text` is recomputed. Idempotent; throws only what the database throws.
 */
export async function refreshCatalogueText(db: Db, demo?: ReadonlyMap<string, CatalogueText>): Promise<number> {
  const rows = await db
    .select({ code: products.productCode, productName: products.productName, productDescription: products.productDescription, productDetail: products.productDetail, searchText: products.searchText })
    .from(products);
  let changed = 0;
  for (const row of rows) {
    const seed = demo?.get(row.code);
    const text: CatalogueText = seed && seed.productName.en === row.productName.en ? seed : row;
    const searchText = productSearchText(text.productName);
    if (searchText === row.searchText && same(text.productName, row.productName) && same(text.productDescription, row.productDescription) && same(text.productDetail, row.productDetail)) continue;
    await db
      .update(products)
      .set({ productName: text.productName, productDescription: text.productDescription, productDetail: text.productDetail, searchText })
      .where(eq(products.productCode, row.code));
    changed++;
  }
  return changed;
}

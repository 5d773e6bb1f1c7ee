/**
 * Catalogue structure (coverage.md §3 Product line, Category group; §7 productline_listing,
 * get_prdtgroupline_listing). Products themselves are in `products.ts`, re-exported here so the
 * catalogue has one entry point.
 */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { productGroup, productLine } from '../../../lib/xs-api/contract';
import type { Locale } from '../../../i18n/messages';
import type { Db } from '../db/client';
import { productGroups, productLines } from '../db/schema';
import { localized } from './localized';

export { getProductDetail, listProducts, toProduct, escapeLike, type ProductRow, type ProductListingQueryOutput } from './products';

export type ProductLine = z.infer<typeof productLine>;
export type ProductGroup = z.infer<typeof productGroup>;

/**
 * productline_listing: every product line (category) in display order (group order, then line
 * order), names in `lang` with EN fallback; only the lines of `groupCode` when given (an unknown
 * group gives an empty list).
 */
export async function listProductLines(db: Db, opts: { groupCode?: string; lang: Locale }): Promise<ProductLine[]> {
  const rows = await db
    .select({ line: productLines })
    .from(productLines)
    .innerJoin(productGroups, eq(productGroups.groupCode, productLines.groupCode))
    .where(opts.groupCode ? eq(productLines.groupCode, opts.groupCode) : undefined)
    .orderBy(asc(productGroups.sortOrder), asc(productLines.sortOrder), asc(productLines.lineCode));
  return rows.map(({ line }) => ({
    line_code: line.lineCode,
    line_name: localized(line.lineName, opts.lang),
    line_icon: line.lineIcon,
    group_code: line.groupCode,
  }));
}

/**
 * get_prdtgroupline_listing: category groups in display order, each with its product lines
 * (`line[]`, possibly empty), names in `lang` with EN fallback. One query (groups left-joined to
 * lines).
 */
export async function listProductGroups(db: Db, lang: Locale): Promise<ProductGroup[]> {
  const rows = await db
    .select({ group: productGroups, line: productLines })
    .from(productGroups)
    .leftJoin(productLines, eq(productLines.groupCode, productGroups.groupCode))
    .orderBy(asc(productGroups.sortOrder), asc(productGroups.groupCode), asc(productLines.sortOrder), asc(productLines.lineCode));
  const groups = new Map<string, ProductGroup>();
  for (const { group, line } of rows) {
    let g = groups.get(group.groupCode);
    if (!g) {
      g = { group_code: group.groupCode, group_name: localized(group.groupName, lang), line: [] };
      groups.set(group.groupCode, g);
    }
    if (line) {
      g.line.push({ line_code: line.lineCode, line_name: localized(line.lineName, lang), line_icon: line.lineIcon, group_code: line.groupCode });
    }
  }
  return [...groups.values()];
}

/**
 * HQ's product lines and groups, header banners and promotion banners (issue "The chain's own
 * catalogue" §1; ADR 26). Each save is one transaction with its `catalogue_events` row (the changed
 * fields old → new); once committed the pages that show it are dropped on every instance: lines and
 * groups are in every page's menu ('catalogue'), banners on the home and promotion pages
 * ('banners'; a promotion's products also on the listings).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { headerBanners, productGroups, productLines, products, promotionBanners, type LocalizedText } from '../../db/schema';
import { ApiError } from '../../errors';
import type { GroupInput, HeaderBannerInput, LineInput, PromotionBannerInput } from '../../../../domain/catalogue-edit';
import { pageTags } from '../../../cache';
import { pagesChanged } from '../../../page-changes';
import { changedFields, recordEvents, type Actor } from './record';

/** Texts without blank languages. */
function texts(t: { en?: string; zh?: string; ar?: string }): LocalizedText {
  return { en: '', ...Object.fromEntries(Object.entries(t).filter(([, v]) => v)) } as LocalizedText;
}

/** Creates or replaces a product group. */
export async function saveGroup(db: Db, actor: Actor, input: GroupInput) {
  const values = { groupCode: input.group_code, groupName: texts(input.group_name), sortOrder: input.sort_order };
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(productGroups).where(eq(productGroups.groupCode, input.group_code)).for('update');
    const changes = changedFields(before ?? {}, values);
    if (before && Object.keys(changes).length === 0) return false;
    await tx.insert(productGroups).values(values).onConflictDoUpdate({ target: productGroups.groupCode, set: { groupName: values.groupName, sortOrder: values.sortOrder } });
    await recordEvents(tx, actor, [{ action: 'group_saved', subject: `group:${input.group_code}`, detail: changes }]);
    return true;
  });
  if (changed) await pagesChanged(db, [pageTags.all]);
  return { group_code: values.groupCode, group_name: values.groupName, sort_order: values.sortOrder, changed };
}

/** Creates or replaces a product line in its group. @throws ApiError 404 'catalogue_group_not_found'. */
export async function saveLine(db: Db, actor: Actor, input: LineInput) {
  const values = { lineCode: input.line_code, groupCode: input.group_code, lineName: texts(input.line_name), lineIcon: input.line_icon, sortOrder: input.sort_order };
  const changed = await db.transaction(async (tx) => {
    const [group] = await tx.select({ code: productGroups.groupCode }).from(productGroups).where(eq(productGroups.groupCode, input.group_code));
    if (!group) throw new ApiError(404, 'catalogue_group_not_found', { group: input.group_code }, { field: 'group_code' });
    const [before] = await tx.select().from(productLines).where(eq(productLines.lineCode, input.line_code)).for('update');
    const changes = changedFields(before ?? {}, values);
    if (before && Object.keys(changes).length === 0) return false;
    const { lineCode: _code, ...set } = values;
    void _code;
    await tx.insert(productLines).values(values).onConflictDoUpdate({ target: productLines.lineCode, set });
    await recordEvents(tx, actor, [{ action: 'line_saved', subject: `line:${input.line_code}`, detail: changes }]);
    return true;
  });
  if (changed) await pagesChanged(db, [pageTags.all]);
  return { line_code: values.lineCode, group_code: values.groupCode, line_name: values.lineName, line_icon: values.lineIcon, sort_order: values.sortOrder, changed };
}

/** Creates (no `id`) or replaces a header banner. @throws ApiError 404 'catalogue_banner_not_found'. */
export async function saveHeaderBanner(db: Db, actor: Actor, input: HeaderBannerInput) {
  const values = { bannerUrl: input.banner_url, link: input.link, alt: texts(input.alt), sortOrder: input.sort_order, startDate: input.start_date, endDate: input.end_date };
  const id = await db.transaction(async (tx) => {
    if (input.id === undefined) {
      const [row] = await tx.insert(headerBanners).values(values).returning({ id: headerBanners.id });
      await recordEvents(tx, actor, [{ action: 'header_banner_saved', subject: `header_banner:${row!.id}`, detail: values }]);
      return row!.id;
    }
    const [before] = await tx.select().from(headerBanners).where(eq(headerBanners.id, input.id)).for('update');
    if (!before) throw new ApiError(404, 'catalogue_banner_not_found', { id: input.id });
    const changes = changedFields(before, values);
    if (Object.keys(changes).length === 0) return input.id;
    await tx.update(headerBanners).set(values).where(eq(headerBanners.id, input.id));
    await recordEvents(tx, actor, [{ action: 'header_banner_saved', subject: `header_banner:${input.id}`, detail: changes }]);
    return input.id;
  });
  await pagesChanged(db, [pageTags.banners]);
  return { id, banner_url: values.bannerUrl, link: values.link, alt: values.alt, sort_order: values.sortOrder, start_date: values.startDate, end_date: values.endDate };
}

/** Removes a header banner. @throws ApiError 404 'catalogue_banner_not_found'. */
export async function removeHeaderBanner(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(headerBanners).where(eq(headerBanners.id, id)).returning();
    if (!gone) throw new ApiError(404, 'catalogue_banner_not_found', { id });
    await recordEvents(tx, actor, [{ action: 'banner_removed', subject: `header_banner:${id}`, detail: gone }]);
  });
  await pagesChanged(db, [pageTags.banners]);
}

/**
 * Creates (no `banner_id`) or replaces a promotion banner and its products.
 * @throws ApiError 404 'catalogue_banner_not_found'; 404 'product_not_found' for a product it names.
 */
export async function savePromotionBanner(db: Db, actor: Actor, input: PromotionBannerInput) {
  const values = {
    bannerName: texts(input.banner_name),
    bannerDesc: texts(input.banner_desc),
    bannerImage: input.banner_image,
    bannerUrl: input.banner_url,
    productCodes: [...new Set(input.product_codes)],
    startDate: input.start_date,
    endDate: input.end_date,
  };
  const id = await db.transaction(async (tx) => {
    if (values.productCodes.length > 0) {
      const found = new Set((await tx.select({ code: products.productCode }).from(products).where(inArray(products.productCode, values.productCodes))).map((r) => r.code));
      const missing = values.productCodes.find((c) => !found.has(c));
      if (missing) throw new ApiError(404, 'product_not_found', { code: missing }, { field: 'product_codes' });
    }
    if (input.banner_id === undefined) {
      const [row] = await tx.insert(promotionBanners).values(values).returning({ id: promotionBanners.bannerId });
      await recordEvents(tx, actor, [{ action: 'promotion_banner_saved', subject: `promotion_banner:${row!.id}`, detail: values }]);
      return row!.id;
    }
    const [before] = await tx.select().from(promotionBanners).where(eq(promotionBanners.bannerId, input.banner_id)).for('update');
    if (!before) throw new ApiError(404, 'catalogue_banner_not_found', { id: input.banner_id });
    const changes = changedFields(before, values);
    if (Object.keys(changes).length === 0) return input.banner_id;
    await tx.update(promotionBanners).set(values).where(eq(promotionBanners.bannerId, input.banner_id));
    await recordEvents(tx, actor, [{ action: 'promotion_banner_saved', subject: `promotion_banner:${input.banner_id}`, detail: changes }]);
    return input.banner_id;
  });
  await pagesChanged(db, [pageTags.banners, pageTags.listing]);
  return { ...input, banner_id: id, product_codes: values.productCodes };
}

/** Removes a promotion banner. @throws ApiError 404 'catalogue_banner_not_found'. */
export async function removePromotionBanner(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(promotionBanners).where(eq(promotionBanners.bannerId, id)).returning();
    if (!gone) throw new ApiError(404, 'catalogue_banner_not_found', { id });
    await recordEvents(tx, actor, [{ action: 'banner_removed', subject: `promotion_banner:${id}`, detail: gone }]);
  });
  await pagesChanged(db, [pageTags.banners, pageTags.listing]);
}

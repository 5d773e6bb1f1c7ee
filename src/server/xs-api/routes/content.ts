/**
 * Routes of coverage.md §7 content: header banners, promotion banners and a promotion's products, the
 * brand listing of the home page, company contact and social links. Thin: services do the work.
 */
import type { Hono } from 'hono';
import { and, asc, gte, isNull, lte, or } from 'drizzle-orm';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { headerBanners } from '../db/schema';
import { localized } from '../services/localized';
import { getActivePromotion, listActivePromotions } from '../services/promotions';
import { getCompanyContact, getReachUs, listBrands } from '../services/company';
import { shopDate } from '../../../domain/shop-time';
import { clock } from '../../clock';

/** Registers mobile_ecommerce_header_banner, get_promotion_banner, get_promotion_detail, brand_listing, company_contact and get_reach_us. */
export function contentRoutes(app: Hono<ApiEnv>) {
  serve(app, op.mobile_ecommerce_header_banner, async ({ db, query }) => {
    // Shown between HQ's start and end dates (Malaysian dates, inclusive), when set.
    const today = shopDate(clock.ms());
    const rows = await db
      .select()
      .from(headerBanners)
      .where(and(or(isNull(headerBanners.startDate), lte(headerBanners.startDate, today)), or(isNull(headerBanners.endDate), gte(headerBanners.endDate, today))))
      .orderBy(asc(headerBanners.sortOrder), asc(headerBanners.id));
    return { data: rows.map((r) => ({ banner_url: r.bannerUrl, link: r.link, alt: localized(r.alt, query.lang) })) };
  });
  serve(app, op.get_promotion_banner, async ({ db, query }) => ({ banner_info: await listActivePromotions(db, { lang: query.lang }) }));
  serve(app, op.get_promotion_detail, async ({ db, params, query }) => getActivePromotion(db, params.banner_id ?? '', { lang: query.lang, limit: query.limit }));
  serve(app, op.brand_listing, async ({ db }) => ({ data: await listBrands(db) }));
  serve(app, op.company_contact, async ({ db }) => ({ data: await getCompanyContact(db) }));
  serve(app, op.get_reach_us, async ({ db, params }) => ({ data: await getReachUs(db, params.code ?? '') }));
}

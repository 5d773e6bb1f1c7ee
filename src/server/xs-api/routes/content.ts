/** Routes of spec §7 content (banners). */
import type { Hono } from 'hono';
import { asc } from 'drizzle-orm';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { headerBanners } from '../db/schema';
import { localized } from '../services/localized';

export function contentRoutes(app: Hono<ApiEnv>) {
  serve(app, op.mobile_ecommerce_header_banner, async ({ db, query }) => {
    const rows = await db.select().from(headerBanners).orderBy(asc(headerBanners.sortOrder), asc(headerBanners.id));
    return { data: rows.map((r) => ({ banner_url: r.bannerUrl, link: r.link, alt: localized(r.alt, query.lang) })) };
  });
}

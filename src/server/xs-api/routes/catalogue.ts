/** Routes of coverage.md §7 Catalogue: product lines, groups, product listing and detail. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { ApiError } from '../errors';
import { getProductDetail, listProductGroups, listProductLines, listProducts } from '../services/catalogue';
import { resolveSession } from '../services/sessions';
import { sitemapListing } from '../services/sitemap';

/** Registers productline_listing, get_prdtgroupline_listing, product_listing and product_detail (coverage.md §7 Catalogue), and sitemap_listing. */
export function catalogueRoutes(app: Hono<ApiEnv>) {
  serve(app, op.productline_listing, async ({ db, query }) => ({
    data: await listProductLines(db, { groupCode: query.group_code, lang: query.lang }),
  }));
  serve(app, op.get_prdtgroupline_listing, async ({ db, query }) => ({ data: await listProductGroups(db, query.lang) }));
  serve(app, op.sitemap_listing, async ({ db }) => ({ data: await sitemapListing(db) }));

  // product_listing is public, but `customer_code` reveals a member's favourites: it needs that
  // member's session (Bearer token), as member-scoped paths do (401 without, 403 for another member).
  // A page read (`cachedReads`, the storefront's publicApi) may be answered from the catalogue snapshot (ADR 44).
  serve(app, op.product_listing, async ({ db, query, bearer, services, cachedReads }) => {
    if (query.customer_code) {
      const session = bearer ? await resolveSession(db, bearer) : null;
      if (!session) throw new ApiError(401, 'session_expired');
      if (session.memberCode !== query.customer_code) throw new ApiError(403, 'api_forbidden');
    }
    return listProducts(db, query, cachedReads ? services.catalogue : undefined);
  });

  serve(app, op.product_detail, async ({ db, params, query, member, services, cachedReads }) => ({
    data: await getProductDetail(db, params.code!, { pickupStoreNo: query.pickupstore, memberCode: member, lang: query.lang }, cachedReads ? services.catalogue : undefined),
  }));
}

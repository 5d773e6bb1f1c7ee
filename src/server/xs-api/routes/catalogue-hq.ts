/** What HQ's catalogue screens read (contract/catalogue-hq.ts; issue 20 item 1). Thin: they call services/catalogue-hq. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { bannersForHq, catalogueStructure, exportProducts, listProductsForHq, productStockForHq } from '../services/catalogue-hq';

/** Registers ops_product_list, ops_product_stock, ops_catalogue_structure, ops_banner_list and ops_export_products (auth 'hq'). */
export function catalogueHqRoutes(app: Hono<ApiEnv>) {
  serve(app, op.ops_product_list, async ({ db, query }) => listProductsForHq(db, query));
  serve(app, op.ops_product_stock, async ({ db, query }) => productStockForHq(db, query.product_code));
  serve(app, op.ops_catalogue_structure, async ({ db }) => ({ data: await catalogueStructure(db) }));
  serve(app, op.ops_banner_list, async ({ db }) => bannersForHq(db));
  serve(app, op.ops_export_products, async ({ db }) => exportProducts(db));
}

/** HQ's catalogue writes and the point-of-sale stock feed (contract/catalogue-writes.ts; ADR 26). Thin: they call services/catalogue-writes. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { hqActor } from '../services/catalogue-writes/record';
import { createProduct, productForHq, productHistory, updateProduct } from '../services/catalogue-writes/products';
import { setStockBatch } from '../services/catalogue-writes/stock';
import { importCatalogueCsv } from '../services/catalogue-writes/import';
import { addProductPicture, orderProductPictures, removeProductPicture } from '../services/catalogue-writes/pictures';
import { removeHeaderBanner, removePromotionBanner, saveGroup, saveHeaderBanner, saveLine, savePromotionBanner } from '../services/catalogue-writes/structure';
import { issueIntegrationToken, listIntegrationTokens, revokeIntegrationToken } from '../services/catalogue-writes/tokens';

/** Registers the ops_* catalogue operations (a named HQ member; the CSV imports and product pictures among them) and pos_stock (an integration token of scope stock). */
export function catalogueWriteRoutes(app: Hono<ApiEnv>) {
  serve(app, op.ops_product_create, async ({ db, staff, body }) => ({ data: await createProduct(db, hqActor(staff), body) }));
  serve(app, op.ops_product_update, async ({ db, staff, body }) => updateProduct(db, hqActor(staff), body));
  serve(app, op.ops_product, async ({ db, query }) => ({ data: await productForHq(db, query.product_code) }));
  serve(app, op.ops_product_history, async ({ db, query }) => productHistory(db, query.product_code));
  serve(app, op.ops_stock_set, async ({ db, staff, body }) => setStockBatch(db, hqActor(staff), body.rows));
  serve(app, op.ops_import_products, async ({ db, staff, body, locale }) => importCatalogueCsv(db, hqActor(staff), 'products', body.file, { dryRun: body.dry_run, locale }));
  serve(app, op.ops_import_stock, async ({ db, staff, body, locale }) => importCatalogueCsv(db, hqActor(staff), 'stock', body.file, { dryRun: body.dry_run, locale }));
  serve(app, op.ops_product_picture_add, async ({ db, staff, body, services }) => addProductPicture(db, services.uploadsDir, hqActor(staff), body.product_code, body.picture));
  serve(app, op.ops_product_picture_order, async ({ db, staff, body }) => orderProductPictures(db, hqActor(staff), body.product_code, body.pictures));
  serve(app, op.ops_product_picture_remove, async ({ db, staff, body, services }) => removeProductPicture(db, services.uploadsDir, hqActor(staff), body.product_code, body.picture));
  serve(app, op.pos_stock, async ({ db, integration, body }) => setStockBatch(db, { staffId: null, tokenId: integration!.id }, body.rows));
  serve(app, op.ops_group_save, async ({ db, staff, body }) => ({ data: await saveGroup(db, hqActor(staff), body) }));
  serve(app, op.ops_line_save, async ({ db, staff, body }) => ({ data: await saveLine(db, hqActor(staff), body) }));
  serve(app, op.ops_header_banner_save, async ({ db, staff, body }) => ({ data: await saveHeaderBanner(db, hqActor(staff), body) }));
  serve(app, op.ops_header_banner_remove, async ({ db, staff, body }) => {
    await removeHeaderBanner(db, hqActor(staff), body.id);
    return {};
  });
  serve(app, op.ops_promotion_banner_save, async ({ db, staff, body }) => ({ data: await savePromotionBanner(db, hqActor(staff), body) }));
  serve(app, op.ops_promotion_banner_remove, async ({ db, staff, body }) => {
    await removePromotionBanner(db, hqActor(staff), body.banner_id);
    return {};
  });
  serve(app, op.ops_integration_token_issue, async ({ db, staff, body }) => issueIntegrationToken(db, hqActor(staff), body));
  serve(app, op.ops_integration_token_list, async ({ db }) => ({ data: await listIntegrationTokens(db) }));
  serve(app, op.ops_integration_token_revoke, async ({ db, staff, body }) => ({ data: await revokeIntegrationToken(db, hqActor(staff), body.id) }));
}

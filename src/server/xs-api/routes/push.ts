/** Routes of order news on devices and "tell me when it's back" (ADR 32; contract ./push.ts). Thin. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { devices, subscribe, unsubscribe } from '../services/push/subscriptions';
import { cancelBackInStock, hasOpenRequest, requestBackInStock } from '../services/push/back-in-stock';

/** Registers push_public_key, push_subscribe/{member}, push_unsubscribe/{member}, back_in_stock_request/{member}, back_in_stock_status/{member} and back_in_stock_cancel/{member}. */
export function pushRoutes(app: Hono<ApiEnv>) {
  serve(app, op.push_public_key, async ({ db, services }) => ({ public_key: await services.push.publicKey(db) }));
  serve(app, op.push_subscribe, async ({ db, member, body, services }) => ({
    subscribed: true as const,
    devices: await subscribe(db, member!, body, { allowAnyEndpoint: services.allowAnyPushEndpoint }),
  }));
  serve(app, op.push_unsubscribe, async ({ db, member, body }) => {
    await unsubscribe(db, member!, body.endpoint);
    return { subscribed: false as const, devices: await devices(db, member!) };
  });
  serve(app, op.back_in_stock_request, async ({ db, member, body }) => requestBackInStock(db, member!, body.product_code, body.store));
  serve(app, op.back_in_stock_status, async ({ db, member, query }) => ({ requested: await hasOpenRequest(db, member!, query.product_code, query.store) }));
  serve(app, op.back_in_stock_cancel, async ({ db, member, body }) => ({ cancelled: await cancelBackInStock(db, member!, body.product_code, body.store) }));
}

/**
 * Order news on the member's devices (Web Push) and "tell me when it's back" (ADR 32). Not in spec
 * §7: the shop's own operations, in the same envelope.
 */
import { z } from 'zod';
import { defineOperation, statusOk } from './operation';

/** The browser's PushSubscription as `toJSON()` gives it, with a label of the device and the page's language. */
const subscription = z.object({
  endpoint: z.string().min(1).max(1000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  /** e.g. 'Chrome on Android' (at most 120 characters are kept). */
  user_agent: z.string().max(400).optional(),
  language: z.enum(['en', 'zh', 'ar']).optional(),
});

export const pushPublicKey = defineOperation({
  name: 'push_public_key',
  method: 'GET',
  path: 'push_public_key',
  member: 'none',
  summary: "The shop's VAPID public key (base64url), the applicationServerKey a browser subscribes with.",
  response: z.object({ Status: statusOk, public_key: z.string() }),
});

export const pushSubscribe = defineOperation({
  name: 'push_subscribe',
  method: 'POST',
  path: 'push_subscribe/:member',
  member: 'required',
  summary:
    "Switches order news on for this device: keeps the browser's push subscription (the same endpoint again updates it). The endpoint must be an https address of a push service (not an IP address or a local name).",
  body: subscription,
  response: z.object({ Status: statusOk, subscribed: z.literal(true), devices: z.number().int() }),
  refusals: { 400: { description: 'An endpoint that is not an https address of a push service, or keys that are not a P-256 key and a 16-byte secret.' } },
});

export const pushUnsubscribe = defineOperation({
  name: 'push_unsubscribe',
  method: 'POST',
  path: 'push_unsubscribe/:member',
  member: 'required',
  summary: "Switches order news off for this device (idempotent: an endpoint the member does not have changes nothing).",
  body: z.object({ endpoint: z.string().min(1).max(1000) }),
  response: z.object({ Status: statusOk, subscribed: z.literal(false), devices: z.number().int() }),
});

/** A product at an outlet (store_no), as the back-in-stock operations take it. */
const productAtOutlet = z.object({ product_code: z.string().min(1).max(30), store: z.string().min(1).max(20) });

export const backInStockRequest = defineOperation({
  name: 'back_in_stock_request',
  method: 'POST',
  path: 'back_in_stock_request/:member',
  member: 'required',
  summary:
    "Asks to be told (one text message, and a push to the member's devices with order news on) when the product is in stock again at the outlet (store_no). Asking twice is one request (`created` false).",
  body: productAtOutlet,
  response: z.object({ Status: statusOk, created: z.boolean(), store_name: z.string() }),
  refusals: { 404: { description: 'Unknown product or outlet.' }, 409: { description: 'The outlet has the product in stock now.' } },
});

export const backInStockStatus = defineOperation({
  name: 'back_in_stock_status',
  method: 'GET',
  path: 'back_in_stock_status/:member',
  member: 'required',
  summary: 'Whether the member is waiting for the product at the outlet (store_no): an open request.',
  query: productAtOutlet,
  response: z.object({ Status: statusOk, requested: z.boolean() }),
});

export const backInStockCancel = defineOperation({
  name: 'back_in_stock_cancel',
  method: 'POST',
  path: 'back_in_stock_cancel/:member',
  member: 'required',
  summary: "Ends the member's open request for the product at the outlet (store_no): no message is sent for it. Idempotent (`cancelled` false when there was none).",
  body: productAtOutlet,
  response: z.object({ Status: statusOk, cancelled: z.boolean() }),
});

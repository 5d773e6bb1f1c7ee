/**
 * Server reads of the delivery feature (coverage.md §3 "Delivery method (saved per user)").
 */
import type { APIContext } from 'astro';
import { memberApi } from '../shared/api';
import { toShipping, type Shipping } from './choice';

/**
 * The member's delivery choice saved on the server (customer_delivery_method), checked against the
 * browser's schema; null when there is none, it no longer fits, or the API fails (the member then
 * chooses again in the modal, as on a first visit).
 */
export async function savedDeliveryMethod(ctx: APIContext): Promise<Shipping | null> {
  try {
    return toShipping((await memberApi(ctx).call('customer_delivery_method')).delivery_method);
  } catch {
    return null;
  }
}

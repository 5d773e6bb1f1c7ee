/**
 * Idempotent order submits (docs/architecture.md "an order submit carries an idempotency key so a retry never
 * makes a second order"). The order row keeps its key and a hash of the request body: the same key
 * with the same body answers with the first order; with another body (or from another member) it is
 * refused with a 409 and changes nothing, as Stripe does.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { ApiError } from '../../errors';

/**
 * JSON with object keys sorted at every level (pure), so two bodies that mean the same give the
 * same text whatever their key order: { b: 1, a: [2, { d: 3, c: 4 }] } → '{"a":[2,{"c":4,"d":3}],"b":1}'.
 * Like JSON.stringify, keys whose value is undefined are left out, and array order is kept.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The request hash stored with an order: SHA-256, hex (64 characters), of `canonicalJson` of the
 * add_order body as parsed by the contract (defaults filled in, every field kept, the key included).
 */
export function orderRequestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/**
 * The order already placed with an idempotency key, if any.
 * @returns its order_refno when the key was used by this member with the same request hash (or by
 *   an order stored before hashes were kept); null when the key is unused.
 * @throws ApiError 409 'idempotency_key_reused' when the key belongs to another member's order or
 *   to a different request.
 */
export async function findPlacedOrder(db: Db, memberCode: string, idempotencyKey: string, requestHash: string): Promise<string | null> {
  const [previous] = await db
    .select({ refno: orders.orderRefno, member: orders.memberCode, hash: orders.requestHash })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey))
    .limit(1);
  if (!previous) return null;
  if (previous.member !== memberCode || (previous.hash !== null && previous.hash !== requestHash)) {
    throw new ApiError(409, 'idempotency_key_reused');
  }
  return previous.refno;
}

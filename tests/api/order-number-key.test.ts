/**
 * Order numbers keyed by the deployment (issue "Safe to run in production" §4;
 * services/orders/number-key.ts): a new shop makes its own secret before its demo orders, so its
 * numbers cannot be read back into a count with the code alone; a shop that already had orders
 * keeps the legacy keys, so no number ever repeats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { placePickupOrder } from './place-order';
import { shopKeys } from '../../src/server/xs-api/db/schema';
import { ensureOrderNumberKey, roundKeysOf } from '../../src/server/xs-api/services/orders/number-key';
import { LEGACY_ORDER_NUMBER_KEYS, parseOrderRefno } from '../../src/domain/orders';
import { resultRows } from '../../src/server/xs-api/db/client';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('order-number keys', () => {
  it('a new shop numbers its orders with a secret of its own, made before its demo orders', async () => {
    const [row] = await h.db.select().from(shopKeys).where(eq(shopKeys.name, 'order_number'));
    expect(row!.value).toMatch(/^[0-9a-f]{64}$/);
    const { token } = await h.login();
    const refno = await placePickupOrder(h, token, DEMO_MEMBER.memberCode, ['P0030']);
    const [seq] = resultRows<{ last_value: string | number }>(await h.db.execute(sql`select last_value from order_number_seq`));
    const serial = Number(seq!.last_value);
    expect(parseOrderRefno(refno, roundKeysOf(row!.value))?.serial).toBe(serial);
    // Read with the keys in the source, the same number says nothing true.
    expect(parseOrderRefno(refno, LEGACY_ORDER_NUMBER_KEYS)?.serial).not.toBe(serial);
  });

  it('a shop that already had orders keeps the legacy keys; the key, once made, never changes', async () => {
    await h.db.delete(shopKeys).where(eq(shopKeys.name, 'order_number'));
    expect(await ensureOrderNumberKey(h.db)).toBe('legacy');
    expect(await ensureOrderNumberKey(h.db)).toBe('legacy');
  });

  it('two secrets give unrelated numbers', () => {
    const a = roundKeysOf('a'.repeat(64));
    const b = roundKeysOf('b'.repeat(64));
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(LEGACY_ORDER_NUMBER_KEYS);
  });
});

/**
 * The deployment's own order-number keys (issue "Safe to run in production" §4; src/domain/orders.ts
 * `scrambleOrderNumber`): without them, anyone with the source could turn order numbers back into
 * the shop's order count. The secret is made once per database (32 random bytes, `shop_keys`), so
 * every instance on one PostgreSQL shares it and it moves with the data; the four round keys are
 * the first 16 bytes of its SHA-256. A database that already had orders when this came keeps the
 * legacy keys (its numbers must never repeat). Read once per database handle.
 */
import { createHash, randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { LEGACY_ORDER_NUMBER_KEYS, type OrderNumberKeys } from '../../../../domain/orders';
import type { Db } from '../../db/client';
import { orders, shopKeys } from '../../db/schema';

const KEY_NAME = 'order_number';
const LEGACY = 'legacy';
const known = new WeakMap<Db, Promise<OrderNumberKeys>>();

/** The round keys a secret gives: four big-endian 32-bit words of its SHA-256. */
export function roundKeysOf(secret: string): OrderNumberKeys {
  const d = createHash('sha256').update(secret).digest();
  return [d.readUInt32BE(0), d.readUInt32BE(4), d.readUInt32BE(8), d.readUInt32BE(12)];
}

/**
 * Makes the key when the database has none: a new secret, or 'legacy' when orders are already there
 * (numbered with the legacy keys). Runs at every start, before the demo data is loaded
 * (db/start-data.ts), so a new shop's demo orders never make it legacy. Idempotent; two instances
 * racing: the first insert wins.
 * @returns the stored value
 */
export async function ensureOrderNumberKey(db: Db): Promise<string> {
  const read = async () => (await db.select({ value: shopKeys.value }).from(shopKeys).where(eq(shopKeys.name, KEY_NAME)).limit(1))[0]?.value;
  const value = await read();
  if (value) return value;
  const [had] = await db.select({ n: count() }).from(orders);
  const made = Number(had?.n ?? 0) > 0 ? LEGACY : randomBytes(32).toString('hex');
  await db.insert(shopKeys).values({ name: KEY_NAME, value: made }).onConflictDoNothing({ target: shopKeys.name });
  const stored = await read();
  if (!stored) throw new Error('shop_keys: the order-number key could not be made');
  return stored;
}

async function load(db: Db): Promise<OrderNumberKeys> {
  const value = await ensureOrderNumberKey(db);
  return value === LEGACY ? LEGACY_ORDER_NUMBER_KEYS : roundKeysOf(value);
}

/** This database's order-number round keys (made on first use). @throws what the database throws. */
export function orderNumberKeys(db: Db): Promise<OrderNumberKeys> {
  let keys = known.get(db);
  if (!keys) {
    keys = load(db);
    known.set(db, keys);
    keys.catch(() => known.delete(db));
  }
  return keys;
}

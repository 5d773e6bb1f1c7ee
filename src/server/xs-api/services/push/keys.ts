/**
 * The shop's VAPID keys (Web Push; ADR 32): the pair push services use to know the messages come
 * from this shop. Set by configuration (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or neither),
 * else made once per database (web-push's `generateVAPIDKeys`, P-256) and kept in `shop_keys` under
 * 'vapid', so every instance on one PostgreSQL signs with the same pair, a PGlite shop keeps it in
 * its data folder with the rest of its data, and a backup carries it. A browser subscribed with
 * one public key cannot receive messages signed with another: the pair must never change by itself.
 * Read once per database handle.
 */
import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shopKeys } from '../../db/schema';

/** A VAPID key pair, both base64url: the public key is a 65-byte P-256 point, the private key 32 bytes. */
export type VapidKeys = { publicKey: string; privateKey: string };

const KEY_NAME = 'vapid';
const known = new WeakMap<Db, Promise<VapidKeys>>();

/** Whether `keys` look like a VAPID pair (base64url; 65 and 32 bytes). */
export function isVapidPair(keys: VapidKeys): boolean {
  const bytes = (s: string) => (/^[A-Za-z0-9_-]+$/.test(s) ? Buffer.from(s, 'base64url').length : -1);
  return bytes(keys.publicKey) === 65 && bytes(keys.privateKey) === 32;
}

/**
 * Reads the stored pair, or makes and stores one when the database has none (two instances racing:
 * the first insert wins and both read it back). @throws Error when no pair can be read after that.
 */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await db.select({ value: shopKeys.value }).from(shopKeys).where(eq(shopKeys.name, KEY_NAME)).limit(1);
    return row ? (JSON.parse(row.value) as VapidKeys) : undefined;
  };
  const stored = await read();
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await db.insert(shopKeys).values({ name: KEY_NAME, value: JSON.stringify(made) }).onConflictDoNothing({ target: shopKeys.name });
  const kept = await read();
  if (!kept) throw new Error('shop_keys: the VAPID keys could not be made');
  return kept;
}

/**
 * The keys to sign with: `configured` when given (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), else this
 * database's own (made on first use).
 */
export function vapidKeys(db: Db, configured?: VapidKeys | null): Promise<VapidKeys> {
  if (configured) return Promise.resolve(configured);
  let keys = known.get(db);
  if (!keys) {
    keys = ensureVapidKeys(db);
    known.set(db, keys);
    keys.catch(() => known.delete(db));
  }
  return keys;
}

/**
 * One idempotency key per checkout of a given selection (DESIGN: a retry never makes a second
 * order): kept in sessionStorage, so a double click, a retry or a reload of the same checkout sends
 * the same key, and a new selection gets a new one.
 */
import type { CartItem } from '../../lib/xs-api/contract';

export function idempotencyKeyFor(items: CartItem[]): string {
  const selection = items.map((i) => `${i.product_code}x${i.product_quantity}`).sort().join(',');
  try {
    const saved = JSON.parse(sessionStorage.getItem('checkout-key') ?? 'null') as { selection: string; key: string } | null;
    if (saved?.selection === selection) return saved.key;
    const key = crypto.randomUUID();
    sessionStorage.setItem('checkout-key', JSON.stringify({ selection, key }));
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

/**
 * One idempotency key per checkout of a given selection (docs/architecture.md: a retry never makes a second
 * order): kept in sessionStorage, so a double click, a retry or a reload of the same checkout sends
 * the same key, and a new selection gets a new one.
 */
const STORAGE_KEY = 'checkout-key';

/** The key for the lines being checked out (product code and quantity); a fresh UUID for a new selection. */
export function idempotencyKeyFor(lines: readonly { code: string; quantity: number }[]): string {
  const selection = lines.map((l) => `${l.code}x${l.quantity}`).sort().join(',');
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { selection: string; key: string } | null;
    if (saved?.selection === selection) return saved.key;
    const key = crypto.randomUUID();
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ selection, key }));
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

/** Forgets the key once the order is placed, so the next checkout of the same selection is a new order. */
export function forgetIdempotencyKey(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

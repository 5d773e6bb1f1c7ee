/**
 * The check after a restore (issue "Safe to run in production" §5; scripts/lib/backup.mjs
 * `compareFacts`): a restored database agrees with its backup's manifest only when every table's row
 * count and every ledger checksum is the same. The round trip itself: tests/api/backup.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { compareFacts } from '../../scripts/lib/backup.mjs';

const manifest = {
  tables: { orders: 3, payments: 2, point_transactions: 2, products: 133 },
  checksums: { orders: { rows: 3, md5: 'a'.repeat(32) }, payments: { rows: 2, md5: 'b'.repeat(32) }, point_transactions: { rows: 2, md5: 'c'.repeat(32) } },
};

describe('compareFacts', () => {
  it('finds nothing when the restored database holds what the backup says', () => {
    expect(compareFacts(manifest, structuredClone(manifest))).toEqual([]);
  });

  it('names each table whose rows differ or that is missing, and each ledger whose checksum differs', () => {
    const restored = structuredClone(manifest) as { tables: Record<string, number>; checksums: Record<string, { rows: number; md5: string }> };
    restored.tables.orders = 2;
    delete restored.tables.products;
    restored.checksums.payments!.md5 = 'd'.repeat(32);
    delete restored.checksums.point_transactions;
    expect(compareFacts(manifest, restored)).toEqual([
      'orders: 3 rows in the backup, 2 restored',
      'products: 133 rows in the backup, no table restored',
      `payments: checksum ${'b'.repeat(32)} in the backup, ${'d'.repeat(32)} restored`,
      `point_transactions: checksum ${'c'.repeat(32)} in the backup, none restored`,
    ]);
  });
});

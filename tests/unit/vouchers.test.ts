/** The voucher rule of src/domain/vouchers.ts (coverage.md §3 Voucher, §4 Checkout, Voucher tabs). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minSpendShortfall, voucherRefusal, voucherState } from '../../src/domain/vouchers';

const v = { expireDate: '2026-11-30', usedAt: null, minSpendSen: 3000 };

describe('voucherState', () => {
  it('is active through its last day, expired the day after, used once used (even when also expired)', () => {
    expect(voucherState(v, '2026-11-30')).toBe('active');
    expect(voucherState(v, '2026-12-01')).toBe('expired');
    expect(voucherState({ ...v, usedAt: new Date('2026-11-01') }, '2026-11-02')).toBe('used');
    expect(voucherState({ ...v, usedAt: '2026-11-01T00:00:00Z' }, '2027-01-01')).toBe('used');
  });
});

describe('voucherRefusal', () => {
  it('names the reason, unknown first, then used, expired, minimum spend', () => {
    expect(voucherRefusal(undefined, 99999, '2026-11-22')).toBe('unknown');
    expect(voucherRefusal({ ...v, usedAt: new Date() }, 1, '2027-01-01')).toBe('used');
    expect(voucherRefusal(v, 1, '2026-12-01')).toBe('expired');
    expect(voucherRefusal(v, 2999, '2026-11-22')).toBe('min_spend');
    expect(voucherRefusal(v, 3000, '2026-11-22')).toBeNull();
  });
  it('accepts exactly the subtotals from the minimum spend on', () => {
    fc.assert(fc.property(fc.nat(100_000), fc.nat(100_000), (min, subtotal) => {
      const ok = voucherRefusal({ ...v, minSpendSen: min }, subtotal, '2026-11-22') === null;
      expect(ok).toBe(subtotal >= min);
      expect(minSpendShortfall(min, subtotal)).toBe(ok ? 0 : min - subtotal);
    }));
  });
});

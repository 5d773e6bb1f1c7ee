import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  formatOrderRefno,
  groupOrdersByTab,
  isOrderStatus,
  ORDER_STATUSES,
  ORDER_TABS,
  orderTab,
  parseOrderRefno,
  scrambleOrderNumber,
  unscrambleOrderNumber,
} from '../../src/domain/orders';
import { shopInstant } from '../../src/domain/shop-time';

describe('orderTab (spec §4 order tab grouping)', () => {
  it.each([
    ['Pending', 'to_pay'],
    ['Processing Payment', 'to_pay'],
    ['Paid', 'to_receive'],
    ['Delivering', 'to_receive'],
    ['Ready To Pickup', 'to_receive'],
    ['Waiting Comment', 'to_evaluate'],
    ['Completed', null],
    ['Cancelled', null],
    ['pending', null],
    ['', null],
    ['Refunded', null],
  ])('puts %j in %s', (status, tab) => {
    expect(orderTab(status)).toBe(tab);
  });

  it('covers every known status', () => {
    const mapped = Object.fromEntries(ORDER_STATUSES.map((s) => [s, orderTab(s)]));
    expect(mapped).toEqual({
      Pending: 'to_pay',
      'Processing Payment': 'to_pay',
      Paid: 'to_receive',
      Delivering: 'to_receive',
      'Ready To Pickup': 'to_receive',
      'Waiting Comment': 'to_evaluate',
      Completed: null,
      Cancelled: null,
    });
  });

  it('lists the tabs in display order with the spec labels, each status in at most one tab', () => {
    expect(ORDER_TABS.map((t) => t.label)).toEqual(['To Pay', 'To Receive', 'To Evaluate']);
    const all = ORDER_TABS.flatMap((t) => [...t.statuses]);
    expect(new Set(all).size).toBe(all.length);
    expect(all.every(isOrderStatus)).toBe(true);
  });

  it('recognises statuses exactly', () => {
    expect(isOrderStatus('Paid')).toBe(true);
    expect(isOrderStatus('paid')).toBe(false);
    expect(isOrderStatus(1)).toBe(false);
  });
});

describe('groupOrdersByTab', () => {
  it('groups one order of every status and keeps input order', () => {
    const orders = [...ORDER_STATUSES, 'Paid', 'Unknown'].map((status, i) => ({ id: i, status }));
    const groups = groupOrdersByTab(orders);
    expect(groups.to_pay.map((o) => o.status)).toEqual(['Pending', 'Processing Payment']);
    expect(groups.to_receive.map((o) => o.status)).toEqual(['Paid', 'Delivering', 'Ready To Pickup', 'Paid']);
    expect(groups.to_receive.map((o) => o.id)).toEqual([2, 3, 4, 8]);
    expect(groups.to_evaluate.map((o) => o.id)).toEqual([5]);
  });

  it('returns three empty tabs for no orders', () => {
    expect(groupOrdersByTab([])).toEqual({ to_pay: [], to_receive: [], to_evaluate: [] });
  });

  it('reads the status with a custom accessor', () => {
    const orders = [{ order_status: 'Waiting Comment' }, { order_status: 'Pending' }];
    const groups = groupOrdersByTab(orders, (o) => o.order_status);
    expect(groups.to_evaluate).toEqual([orders[0]]);
    expect(groups.to_pay).toEqual([orders[1]]);
  });

  it('puts every order with a tab in exactly that tab (property)', () => {
    const status = fc.constantFrom<string>(...ORDER_STATUSES, 'Other');
    fc.assert(
      fc.property(fc.array(fc.record({ status })), (orders) => {
        const groups = groupOrdersByTab(orders);
        const total = groups.to_pay.length + groups.to_receive.length + groups.to_evaluate.length;
        expect(total).toBe(orders.filter((o) => orderTab(o.status) !== null).length);
        for (const [tab, list] of Object.entries(groups)) for (const o of list) expect(orderTab(o.status)).toBe(tab);
      }),
    );
  });
});

describe('formatOrderRefno and parseOrderRefno', () => {
  it('writes WEB + YYMMDD + 8 digits scrambled from the sequence value (fixed forever)', () => {
    expect(formatOrderRefno(1, '2026-11-22')).toBe('WEB26112258322089');
    expect(formatOrderRefno(2, '2026-11-22')).toBe('WEB26112206856920');
    expect(formatOrderRefno(3, '2027-01-05')).toBe('WEB27010530272999');
    expect(formatOrderRefno(100_000_000, '2026-11-22')).toBe('WEB26112260194907');
    // Past 10^8 orders the block number goes in front of the 8 digits.
    expect(formatOrderRefno(100_000_001, '2026-11-22')).toBe('WEB261122158322089');
  });

  it('does not reveal how many orders came before: consecutive values give unrelated suffixes', () => {
    const suffixes = Array.from({ length: 1000 }, (_, i) => Number(formatOrderRefno(i + 1, '2026-11-22').slice(9)));
    const ascending = suffixes.slice(1).filter((s, i) => s > suffixes[i]!).length;
    expect(ascending).toBeGreaterThan(400);
    expect(ascending).toBeLessThan(600);
    // Most suffixes are far from the count (the first 1000 orders are not numbered 1…1000).
    expect(suffixes.filter((s) => s < 100_000).length).toBeLessThan(10);
  });

  it('takes the date of an instant in Kuala Lumpur', () => {
    expect(formatOrderRefno(7, new Date('2026-11-22T15:59:00Z'))).toBe(`WEB261122${formatOrderRefno(7, '2026-11-22').slice(9)}`);
    expect(formatOrderRefno(7, new Date('2026-11-22T16:00:00Z')).slice(3, 9)).toBe('261123');
    expect(formatOrderRefno(7, shopInstant('2026-11-23', '00:00').getTime()).slice(3, 9)).toBe('261123');
  });

  it.each([
    [0, '2026-11-22'],
    [-1, '2026-11-22'],
    [1.5, '2026-11-22'],
    [1, '2026-02-30'],
    [1, '22/11/2026'],
    [1, '1999-12-31'],
    [1, '2100-01-01'],
  ])('rejects serial %d on %s', (serial, date) => {
    expect(() => formatOrderRefno(serial, date)).toThrow(RangeError);
  });

  it('reads a reference back, and refuses other formats', () => {
    expect(parseOrderRefno('WEB26112258322089')).toEqual({ date: '2026-11-22', serial: 1 });
    expect(parseOrderRefno('WEB261122158322089')).toEqual({ date: '2026-11-22', serial: 100_000_001 });
    expect(parseOrderRefno('WEB26023058322089')).toBeNull(); // 30 February
    expect(parseOrderRefno('WEB261122058322089')).toBeNull(); // block with a leading zero
    expect(parseOrderRefno('WEB2611220001')).toBeNull(); // the older daily-count format
    expect(parseOrderRefno('ORD26112258322089')).toBeNull();
    expect(parseOrderRefno('WEB2611225832208')).toBeNull();
  });

  it('round-trips, is unique per serial, and sorts by date first (property)', () => {
    const day = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
    const serial = fc.integer({ min: 1, max: 100_000_000 });
    fc.assert(
      fc.property(day, serial, day, serial, (d1, s1, d2, s2) => {
        const a = formatOrderRefno(s1, d1);
        expect(a).toMatch(/^WEB\d{14}$/);
        expect(parseOrderRefno(a)).toEqual({ date: d1, serial: s1 });
        const b = formatOrderRefno(s2, d2);
        if (s1 !== s2) expect(a.slice(9)).not.toBe(b.slice(9));
        if (d1 !== d2) expect(a < b).toBe(d1 < d2);
      }),
    );
  });
});

describe('scrambleOrderNumber', () => {
  it('is a bijection of 0…10^8 − 1: undone by unscrambleOrderNumber, no two inputs alike', () => {
    const seen = new Set<number>();
    for (let n = 0; n < 200_000; n++) {
      const m = scrambleOrderNumber(n);
      if (!(m >= 0 && m < 100_000_000) || unscrambleOrderNumber(m) !== n) throw new Error(`not a bijection at ${n}`);
      seen.add(m);
    }
    expect(seen.size).toBe(200_000);
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (n) => unscrambleOrderNumber(scrambleOrderNumber(n)) === n));
  });

  it.each([-1, 1.5, 100_000_000, Number.NaN])('refuses %d', (n) => {
    expect(() => scrambleOrderNumber(n)).toThrow(RangeError);
    expect(() => unscrambleOrderNumber(n)).toThrow(RangeError);
  });
});

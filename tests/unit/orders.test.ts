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
  it('writes WEB + YYMMDD + a 4-digit daily sequence', () => {
    expect(formatOrderRefno(1, '2026-11-22')).toBe('WEB2611220001');
    expect(formatOrderRefno(42, '2027-01-05')).toBe('WEB2701050042');
    expect(formatOrderRefno(9999, '2026-11-22')).toBe('WEB2611229999');
    expect(formatOrderRefno(10000, '2026-11-22')).toBe('WEB26112210000');
  });

  it('takes the date of an instant in Kuala Lumpur', () => {
    expect(formatOrderRefno(7, new Date('2026-11-22T15:59:00Z'))).toBe('WEB2611220007');
    expect(formatOrderRefno(7, new Date('2026-11-22T16:00:00Z'))).toBe('WEB2611230007');
    expect(formatOrderRefno(7, shopInstant('2026-11-23', '00:00').getTime())).toBe('WEB2611230007');
  });

  it.each([
    [0, '2026-11-22'],
    [-1, '2026-11-22'],
    [1.5, '2026-11-22'],
    [1, '2026-02-30'],
    [1, '22/11/2026'],
    [1, '1999-12-31'],
    [1, '2100-01-01'],
  ])('rejects sequence %d on %s', (seq, date) => {
    expect(() => formatOrderRefno(seq, date)).toThrow(RangeError);
  });

  it('reads a reference back, and refuses other formats', () => {
    expect(parseOrderRefno('WEB2611220001')).toEqual({ date: '2026-11-22', seq: 1 });
    expect(parseOrderRefno('WEB26112210000')).toEqual({ date: '2026-11-22', seq: 10000 });
    expect(parseOrderRefno('WEB2602300001')).toBeNull(); // 30 February
    expect(parseOrderRefno('WEB2611220000')).toBeNull(); // sequence 0
    expect(parseOrderRefno('WEB26112200001')).toBeNull(); // over-padded
    expect(parseOrderRefno('ORD2611220001')).toBeNull();
    expect(parseOrderRefno('WEB261122001')).toBeNull();
  });

  it('round-trips and sorts by date, then by sequence within a day (property)', () => {
    const day = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
    const seq = fc.integer({ min: 1, max: 9999 });
    fc.assert(
      fc.property(day, seq, day, seq, (d1, s1, d2, s2) => {
        const a = formatOrderRefno(s1, d1);
        expect(parseOrderRefno(a)).toEqual({ date: d1, seq: s1 });
        const b = formatOrderRefno(s2, d2);
        const expected = d1 === d2 ? Math.sign(s1 - s2) : d1 < d2 ? -1 : 1;
        expect(a < b ? -1 : a > b ? 1 : 0).toBe(a === b ? 0 : expected);
      }),
    );
  });
});

/** Staff rules (src/domain/staff.ts, src/domain/slot-capacity.ts): canonical logins, what an outlet sees, codes, board columns, capacities. */
import { describe, expect, it } from 'vitest';
import { boardColumn, canonicalStaffLogin, newStaffSchema, normalizeCollectionCode, visibleOutlets, worksAtOutlet } from '../../src/domain/staff';
import { effectiveCapacity, isFull, parseCapacity } from '../../src/domain/slot-capacity';

describe('staff', () => {
  it('keeps one canonical login: a lower-case username or international mobile digits', () => {
    expect(canonicalStaffLogin(' Aminah.K ')).toBe('aminah.k');
    expect(canonicalStaffLogin('012-345 6789')).toBe('60123456789');
    expect(canonicalStaffLogin('+60 12 345 6789')).toBe('60123456789');
    for (const bad of ['ab', 'a b', 'x'.repeat(41), '12345678', 'é.t', '']) expect(canonicalStaffLogin(bad), bad).toBeNull();
  });

  it('an outlet member works only at their outlets; HQ everywhere', () => {
    const outlet = { role: 'outlet' as const, outlets: ['S001', 'S002'] };
    const hq = { role: 'hq' as const, outlets: [] };
    expect([worksAtOutlet(outlet, 'S001'), worksAtOutlet(outlet, 'S003'), worksAtOutlet(hq, 'S003')]).toEqual([true, false, true]);
    expect(visibleOutlets(outlet)).toEqual(['S001', 'S002']);
    expect(visibleOutlets(outlet, 'S002')).toEqual(['S002']);
    expect(visibleOutlets(outlet, 'S009')).toEqual([]);
    expect([visibleOutlets(hq), visibleOutlets(hq, 'S009')]).toEqual([null, ['S009']]);
  });

  it('a new member: outlets sorted and unique for an outlet member, none for HQ', () => {
    const ok = newStaffSchema.parse({ login: 'Ravi', name: ' Ravi ', password: 'x'.repeat(10), role: 'outlet', outlets: ['S002', 'S001', 'S002'] });
    expect(ok).toMatchObject({ login: 'ravi', name: 'Ravi', outlets: ['S001', 'S002'] });
    expect(newStaffSchema.parse({ login: 'boss', name: 'B', password: 'x'.repeat(10), role: 'hq', outlets: ['S001'] }).outlets).toEqual([]);
    expect(newStaffSchema.safeParse({ login: 'ravi', name: 'R', password: 'x'.repeat(10), role: 'outlet', outlets: [] }).success).toBe(false);
    expect(newStaffSchema.safeParse({ login: 'ravi', name: 'R', password: 'x'.repeat(9), role: 'hq' }).success).toBe(false);
  });

  it('reads a collection code as the shopper says it', () => {
    expect(normalizeCollectionCode(' 048 213 ')).toBe('048213');
    expect(normalizeCollectionCode('048-213')).toBe('048213');
    for (const bad of ['04821', '0482133', 'abcdef', '']) expect(normalizeCollectionCode(bad), bad).toBeNull();
  });

  it('puts each status in its board column', () => {
    expect(['Pending', 'Processing Payment', 'Paid', 'Ready To Pickup', 'Delivering', 'Waiting Comment', 'Completed', 'Cancelled'].map(boardColumn)).toEqual([
      'unpaid', 'unpaid', 'to_pick', 'ready', 'delivering', 'done', 'done', 'cancelled',
    ]);
  });
});

describe('slot capacity', () => {
  it("applies the outlet's own numbers, else the defaults", () => {
    expect(effectiveCapacity({ pickupSlot: 4, deliveryDay: null }, { pickupSlot: 10, deliveryDay: 60 })).toEqual({ pickupSlot: 4, deliveryDay: 60 });
    expect(effectiveCapacity(null, { pickupSlot: 10, deliveryDay: 60 })).toEqual({ pickupSlot: 10, deliveryDay: 60 });
    expect(effectiveCapacity({ pickupSlot: 0, deliveryDay: 0 }, { pickupSlot: 10, deliveryDay: 60 })).toEqual({ pickupSlot: 0, deliveryDay: 0 });
  });

  it('a slot is full when its places are taken', () => {
    expect([isFull(9, 10), isFull(10, 10), isFull(0, 0)]).toEqual([false, true, true]);
  });

  it('reads the settings or refuses them with their name', () => {
    expect(parseCapacity('PICKUP_SLOT_CAPACITY', undefined, 10)).toBe(10);
    expect(parseCapacity('PICKUP_SLOT_CAPACITY', ' ', 10)).toBe(10);
    expect(parseCapacity('PICKUP_SLOT_CAPACITY', '0', 10)).toBe(0);
    for (const bad of ['-1', '2.5', 'ten', '10001']) expect(() => parseCapacity('PICKUP_SLOT_CAPACITY', bad, 10)).toThrow(/PICKUP_SLOT_CAPACITY/);
  });
});

/**
 * The delivery choice's cookie (src/features/delivery/choice-cookie.ts; coverage.md §4 Delivery method
 * modal, §3 Delivery method): what the browser writes, the server reads back; anything else —
 * missing, truncated, tampered with, the wrong shape — reads as "no choice", never as a throw.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHOICE_COOKIE_MAX_CHARS, parseChoice, serialiseChoice } from '../../src/features/delivery/choice-cookie';
import type { Shipping } from '../../src/features/delivery/choice';

const pickup: Shipping = {
  type: 'PICKUP',
  store: { store_code: 'S001', store_no: '001', store_name: 'Kepong Baru', store_address: '12, Jalan Ambang Botanic 1, 52100 Kuala Lumpur', store_phone: '03-6251 8821', store_pickdel: 'BOTHPD', distance_km: 2.4 },
  address: { add_id: 7, add_person: 'Ali', add_address1: '1, Jalan Satu', add_address2: '', add_city: 'Kuala Lumpur', add_postcode: '52100', add_state: 'KUL', add_phone: '0123456789' },
  state: 'KUL',
  date: '2026-03-05',
  time: '10:30',
};
const delivery: Shipping = { type: 'DELIVERY', store: { ...pickup.store, distance_km: null }, address: null, state: 'SGR' };

describe('serialiseChoice / parseChoice', () => {
  it('round-trips a pick-up and a delivery choice', () => {
    expect(parseChoice(serialiseChoice(pickup))).toEqual(pickup);
    expect(parseChoice(serialiseChoice(delivery))).toEqual(delivery);
  });

  it('writes a value a cookie can hold: no separators, spaces or quotes', () => {
    expect(serialiseChoice(pickup)).toMatch(/^[A-Za-z0-9%\-_.!~*'()]+$/);
  });

  it('reads the value decoded as well (as a cookie library hands it over)', () => {
    expect(parseChoice(decodeURIComponent(serialiseChoice(pickup)))).toEqual(pickup);
  });

  it('leaves the address out when it would make the cookie too long, keeping what the server needs', () => {
    const long = { ...pickup, address: { ...pickup.address!, add_address1: '很长的地址'.repeat(50), add_address2: '很长的地址'.repeat(50), add_city: '城'.repeat(100) } };
    const value = serialiseChoice(long);
    expect(value.length).toBeLessThanOrEqual(CHOICE_COOKIE_MAX_CHARS);
    expect(parseChoice(value)).toEqual({ ...pickup, address: null });
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
    ['not JSON', 'xyz'],
    ['broken percent-encoding', '%7B%E0%A4%A'],
    ['truncated', serialiseChoice(pickup).slice(0, 40)],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an array', '[1,2]'],
    ['the old store-only cookie value', '001'],
    ['an unknown type', JSON.stringify({ ...delivery, type: 'DRONE' })],
    ['a store_no that is not one', JSON.stringify({ ...delivery, store: { ...delivery.store, store_no: '../../x' } })],
    ['a missing store', JSON.stringify({ ...delivery, store: undefined })],
    ['a bad pick-up date', JSON.stringify({ ...pickup, date: '05/03/2026' })],
    ['a bad pick-up time', JSON.stringify({ ...pickup, time: '10h30' })],
    ['a prototype key', '{"__proto__":{"polluted":1}}'],
  ])('reads %s as no choice', (_what, value) => {
    expect(parseChoice(value)).toBeNull();
  });

  it('never throws, whatever the cookie holds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string().map(encodeURIComponent), fc.string().map((s) => `%7B${s}`)), (value) => {
        const parsed = parseChoice(value);
        expect(parsed === null || typeof parsed === 'object').toBe(true);
      }),
    );
  });
});

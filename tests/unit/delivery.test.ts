import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  deliveryCharge,
  haversineKm,
  parseLatLong,
  roundDistanceKm,
  storesWithinRadius,
} from '../../src/domain/delivery';
import { PICKUP_STORE_RADIUS_KM } from '../../src/domain/constants';

const rate = { baseSen: 500, perKmSen: 100, freeAboveSen: 10_000 };

describe('deliveryCharge', () => {
  it.each([
    [0, 1000, 500],
    [0.001, 1000, 600],
    [1, 1000, 600],
    [3.2, 1000, 900],
    [3.0000000001, 1000, 800], // float noise does not add a km
    [3.0004, 1000, 800],
    [3.001, 1000, 900],
    [12.5, 9_999, 1800],
  ])('charges base + per km rounded up: %d km, subtotal %i → %i sen', (km, sub, expected) => {
    expect(deliveryCharge(rate, km, sub)).toBe(expected);
  });

  it('is free when the subtotal reaches freeAboveSen', () => {
    expect(deliveryCharge(rate, 12, 10_000)).toBe(0);
    expect(deliveryCharge(rate, 12, 25_000)).toBe(0);
    expect(deliveryCharge(rate, 12, 9_999)).toBe(1700);
  });

  it('is never free when freeAboveSen is null', () => {
    expect(deliveryCharge({ ...rate, freeAboveSen: null }, 2, 1_000_000)).toBe(700);
  });

  it('rejects bad distances and amounts', () => {
    expect(() => deliveryCharge(rate, -1, 100)).toThrow(RangeError);
    expect(() => deliveryCharge(rate, NaN, 100)).toThrow(RangeError);
    expect(() => deliveryCharge(rate, Infinity, 100)).toThrow(RangeError);
    expect(() => deliveryCharge({ ...rate, baseSen: -1 }, 1, 100)).toThrow(RangeError);
    expect(() => deliveryCharge({ ...rate, perKmSen: 1.5 }, 1, 100)).toThrow(RangeError);
    expect(() => deliveryCharge(rate, 1, -100)).toThrow(RangeError);
    expect(() => deliveryCharge({ ...rate, freeAboveSen: 0.5 }, 1, 100)).toThrow(RangeError);
  });

  it('grows with the distance and stays ≥ base (property)', () => {
    const noFree = { ...rate, freeAboveSen: null };
    fc.assert(
      fc.property(fc.double({ min: 0, max: 500, noNaN: true }), fc.double({ min: 0, max: 500, noNaN: true }), (a, b) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        const cNear = deliveryCharge(noFree, near, 0);
        return cNear >= noFree.baseSen && cNear <= deliveryCharge(noFree, far, 0) && Number.isInteger(cNear);
      }),
    );
  });
});

describe('haversineKm', () => {
  const klcc = { latitude: 3.1579, longitude: 101.7123 };
  const penang = { latitude: 5.4141, longitude: 100.3288 };

  it('is 0 for the same point', () => {
    expect(haversineKm(klcc, klcc)).toBe(0);
  });

  it('measures Kuala Lumpur to George Town at about 293 km', () => {
    expect(haversineKm(klcc, penang)).toBeGreaterThan(290);
    expect(haversineKm(klcc, penang)).toBeLessThan(296);
  });

  it('measures one degree of latitude at about 111.19 km', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.19, 2);
  });

  it('handles antipodes and the date line', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6371, 6);
    expect(haversineKm({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(111.19, 2);
  });

  it('rejects coordinates out of range', () => {
    expect(() => haversineKm({ latitude: 91, longitude: 0 }, klcc)).toThrow(RangeError);
    expect(() => haversineKm(klcc, { latitude: 0, longitude: -181 })).toThrow(RangeError);
    expect(() => haversineKm(klcc, { latitude: NaN, longitude: 0 })).toThrow(RangeError);
  });

  it('is symmetric and non-negative (property)', () => {
    const point = fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = haversineKm(a, b);
        return d >= 0 && d <= Math.PI * 6371 + 1e-6 && Math.abs(d - haversineKm(b, a)) < 1e-9;
      }),
    );
  });
});

describe('parseLatLong', () => {
  it('reads store_lat_long text', () => {
    expect(parseLatLong('3.1390,101.6869')).toEqual({ latitude: 3.139, longitude: 101.6869 });
    expect(parseLatLong(' -3.5 , -101 ')).toEqual({ latitude: -3.5, longitude: -101 });
  });

  it.each(['', '3.1', '3.1,101.6,7', 'a,b', '95,100', '3,200', '3;101', '1e2,3'])('rejects %j', (text) => {
    expect(() => parseLatLong(text)).toThrow(RangeError);
  });
});

describe('roundDistanceKm', () => {
  it('rounds km to 2 decimals', () => {
    expect(roundDistanceKm(12.3456)).toBe(12.35);
    expect(roundDistanceKm(12.344)).toBe(12.34);
    expect(roundDistanceKm(0)).toBe(0);
  });
});

describe('storesWithinRadius', () => {
  const origin = { latitude: 3.139, longitude: 101.6869 }; // Kuala Lumpur
  const kmNorth = (km: number) => origin.latitude + km / ((Math.PI / 180) * 6371); // km due north, in degrees of latitude
  const stores = [
    { store_code: 'FAR', latitude: kmNorth(29.5), longitude: origin.longitude },
    { store_code: 'OUT', latitude: kmNorth(30.5), longitude: origin.longitude },
    { store_code: 'NEAR', latitude: kmNorth(1), longitude: origin.longitude },
    { store_code: 'HERE', latitude: origin.latitude, longitude: origin.longitude },
    { store_code: 'MID', latitude: kmNorth(12.346), longitude: origin.longitude },
  ];

  it('keeps stores within 30 km, nearest first, with distance_km to 2 decimals', () => {
    const found = storesWithinRadius(origin, stores);
    expect(found.map((s) => s.store_code)).toEqual(['HERE', 'NEAR', 'MID', 'FAR']);
    expect(found.map((s) => s.distance_km)).toEqual([0, 1, 12.35, 29.5]);
    expect(found[0]).toMatchObject({ store_code: 'HERE', latitude: origin.latitude });
  });

  it('uses the 30 km default radius of the spec', () => {
    expect(PICKUP_STORE_RADIUS_KM).toBe(30);
    expect(storesWithinRadius(origin, stores, 30)).toEqual(storesWithinRadius(origin, stores));
  });

  it('honours a custom radius and includes its boundary', () => {
    expect(storesWithinRadius(origin, stores, 5).map((s) => s.store_code)).toEqual(['HERE', 'NEAR']);
    const exact = haversineKm(origin, stores[2]!);
    expect(storesWithinRadius(origin, stores, exact).map((s) => s.store_code)).toEqual(['HERE', 'NEAR']);
    expect(storesWithinRadius(origin, stores, 0).map((s) => s.store_code)).toEqual(['HERE']);
  });

  it('keeps input order for equal distances and does not mutate the input', () => {
    const twins = [
      { id: 'b', latitude: 3.2, longitude: 101.7 },
      { id: 'a', latitude: 3.2, longitude: 101.7 },
    ];
    const copy = structuredClone(twins);
    expect(storesWithinRadius(origin, twins).map((s) => s.id)).toEqual(['b', 'a']);
    expect(twins).toEqual(copy);
  });

  it('returns [] for no stores and rejects a bad radius', () => {
    expect(storesWithinRadius(origin, [])).toEqual([]);
    expect(() => storesWithinRadius(origin, stores, -1)).toThrow(RangeError);
    expect(() => storesWithinRadius(origin, stores, NaN)).toThrow(RangeError);
  });
});

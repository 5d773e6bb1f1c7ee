/** The couriers and their tracking codes (src/domain/couriers.ts; issue "A shopper trusts every step"). */
import { describe, expect, it } from 'vitest';
import { COURIER_CODES, COURIERS, courierByCode, courierCodeSchema, isTrackingCode, trackingCodeSchema, trackingUrl } from '../../src/domain/couriers';

describe('couriers', () => {
  it('lists each courier once, with an https tracking page that takes the code', () => {
    expect(COURIERS.map((c) => c.code)).toEqual([...COURIER_CODES]);
    for (const c of COURIERS) {
      expect(new URL(c.trackingUrl.replace('{code}', 'X')).protocol).toBe('https:');
      expect(c.trackingUrl.split('{code}')).toHaveLength(2);
    }
    expect(courierByCode('GDEX')?.name).toBe('GDex');
    expect(courierByCode('gdex')).toBeNull();
    expect(courierByCode(null)).toBeNull();
  });

  it('accepts printable codes up to 60 characters, nothing else', () => {
    expect(isTrackingCode('ER123456789MY')).toBe(true);
    expect(isTrackingCode('NVMY-0042 17')).toBe(true);
    expect(isTrackingCode('A'.repeat(60))).toBe(true);
    expect(isTrackingCode('A'.repeat(61))).toBe(false);
    expect(isTrackingCode('')).toBe(false);
    expect(isTrackingCode(' AB')).toBe(false);
    expect(isTrackingCode('AB\u0000')).toBe(false);
    expect(isTrackingCode('AB\n12')).toBe(false);
    expect(isTrackingCode('单号123')).toBe(false);
  });

  it('builds the tracking page with the code URL-encoded, null for an unknown courier or a bad code', () => {
    expect(trackingUrl('NINJAVAN', 'NV#1 2')).toBe('https://www.ninjavan.co/en-my/tracking?id=NV%231%202');
    expect(trackingUrl('JNT', '630012345678')).toBe('https://www.jtexpress.my/tracking/630012345678');
    expect(trackingUrl('LALAMOVE', 'X1')).toBeNull();
    expect(trackingUrl('JNT', '')).toBeNull();
    expect(trackingUrl('JNT', 'a\u0007b')).toBeNull();
  });

  it('answers its refusals as message keys', () => {
    expect(trackingCodeSchema.safeParse('  ').error?.issues[0]?.message).toBe('tracking_code_required');
    expect(trackingCodeSchema.safeParse('码').error?.issues[0]?.message).toBe('tracking_code_invalid');
    expect(trackingCodeSchema.parse(' ER1 ')).toBe('ER1');
    expect(courierCodeSchema.safeParse('FEDEX').error?.issues[0]?.message).toBe('tracking_courier_unknown');
  });
});

/**
 * The member's delivery method saved on the server (coverage.md §3 "Delivery method (saved per user):
 * type, store, address, date, time"; shop's own customer_delivery_method and update_delivery_method):
 * stored and read back, forgotten with null, refused for an outlet that does not offer the method,
 * member-scoped. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { createMembers, type Member } from './order-fixtures';
import { customers, stores } from '../../src/server/xs-api/db/schema';

let h: Harness;
let token: string;
let other: Member;
const M = DEMO_MEMBER.memberCode;

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await h.login());
  [other] = await createMembers(h, 1, 'D');
});
afterAll(() => h?.close());

/** A choice as the delivery modal saves it, at the first outlet that offers `type`. */
async function choice(type: 'DELIVERY' | 'PICKUP') {
  const listed = (await h.call('pickup_store_listing?latitude=3.139&longitude=101.6869')).json.data as { store_pickdel: string }[];
  const s = listed.find((x) => x.store_pickdel === 'BOTHPD' || x.store_pickdel === type) as Record<string, unknown>;
  const store = { store_code: s.store_code, store_no: s.store_no, store_name: s.store_name, store_address: s.store_address, store_phone: s.store_phone, store_pickdel: s.store_pickdel, distance_km: s.distance_km };
  return type === 'PICKUP'
    ? { type, store, address: null, state: 'Kuala Lumpur', date: '2026-12-03', time: '10:00' }
    : {
        type, store, state: 'Selangor',
        address: { add_id: 1, add_person: 'Ah Meng', add_address1: 'No. 18, Jalan SS2/24', add_address2: 'SS2', add_city: 'Petaling Jaya', add_postcode: '47300', add_state: 'Selangor', add_phone: '0123456789' },
      };
}

describe('customer_delivery_method and update_delivery_method', () => {
  it('is null before the first choice, then stores each choice and reads it back; null forgets it', async () => {
    expect((await h.call(`customer_delivery_method/${M}`, { token })).json).toEqual({ Status: 1, delivery_method: null });
    for (const type of ['PICKUP', 'DELIVERY'] as const) {
      const c = await choice(type);
      const r = await h.call(`update_delivery_method/${M}`, { token, body: { delivery_method: c } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json).toEqual({ Status: 1, delivery_method: c });
      expect((await h.call(`customer_delivery_method/${M}`, { token })).json.delivery_method).toEqual(c);
    }
    const [row] = await h.db.select({ m: customers.deliveryMethod }).from(customers).where(eq(customers.memberCode, M));
    expect(row!.m?.type).toBe('DELIVERY');
    expect((await h.call(`update_delivery_method/${M}`, { token, body: { delivery_method: null } })).json).toEqual({ Status: 1, delivery_method: null });
    expect((await h.call(`customer_delivery_method/${M}`, { token })).json.delivery_method).toBeNull();
  });

  it('refuses an outlet that does not offer the method, an unknown outlet and malformed choices, keeping the saved one', async () => {
    const saved = await choice('PICKUP');
    await h.call(`update_delivery_method/${M}`, { token, body: { delivery_method: saved } });
    const [deliveryOnly] = await h.db.select().from(stores).where(eq(stores.pickDel, 'DELIVERY')).limit(1);
    const [pickupOnly] = await h.db.select().from(stores).where(eq(stores.pickDel, 'PICKUP')).limit(1);
    const wrong = deliveryOnly
      ? { ...saved, store: { ...saved.store, store_code: deliveryOnly.storeCode, store_no: deliveryOnly.storeNo } }
      : { ...(await choice('DELIVERY')), store: { ...saved.store, store_code: pickupOnly!.storeCode, store_no: pickupOnly!.storeNo } };
    const refused = await h.call(`update_delivery_method/${M}`, { token, body: { delivery_method: wrong } });
    expect([refused.status, refused.json.Status]).toEqual([400, 0]);
    expect(refused.json.Error).toBeTruthy();
    const unknown = { ...saved, store: { ...saved.store, store_code: 'S999', store_no: '999' } };
    expect((await h.call(`update_delivery_method/${M}`, { token, body: { delivery_method: unknown } })).status).toBe(400);
    for (const body of [{}, { delivery_method: { ...saved, type: 'DRONE' } }, { delivery_method: { ...saved, date: '3 Dec' } }, { delivery_method: 'PICKUP' }]) {
      expect((await h.call(`update_delivery_method/${M}`, { token, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await h.call(`customer_delivery_method/${M}`, { token })).json.delivery_method).toEqual(saved);
  });

  it('is member-scoped: 401 without a session, 403 on another member’s path, and each member keeps their own', async () => {
    expect((await h.call(`customer_delivery_method/${M}`)).status).toBe(401);
    expect((await h.call(`update_delivery_method/${M}`, { body: { delivery_method: null } })).status).toBe(401);
    expect((await h.call(`customer_delivery_method/${M}`, { token: other.token })).status).toBe(403);
    expect((await h.call(`update_delivery_method/${M}`, { token: other.token, body: { delivery_method: null } })).status).toBe(403);
    expect((await h.call(`customer_delivery_method/${other.member}`, { token: other.token })).json.delivery_method).toBeNull();
  });
});

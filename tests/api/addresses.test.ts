/** Addresses and states (coverage.md §3 Address, §5 Address form, §7 Addresses). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { addresses, customers, geocodeCache } from '../../src/server/xs-api/db/schema';
import { createSession } from '../../src/server/xs-api/services/sessions';

let h: Harness;
let token: string;
let otherToken: string;
let otherAddressId: number;
const M: string = DEMO_MEMBER.memberCode;
const OTHER = 'M900003';

const valid = {
  add_person: 'Lee Wei Ming',
  add_phone: '012-345 6789',
  add_address1: '8, Jalan SS 2/55',
  add_address2: 'SS2',
  add_city: 'Petaling Jaya',
  add_postcode: '47300',
  add_state: 'Selangor',
};

async function liveCount(member: string) {
  const [{ n }] = (await h.db.select({ n: count() }).from(addresses).where(and(eq(addresses.memberCode, member), isNull(addresses.deletedAt)))) as [{ n: number }];
  return n;
}

beforeAll(async () => {
  h = await createHarness();
  token = (await h.login()).token;
  await h.db.insert(customers).values({ memberCode: OTHER, firstName: 'Other', mobile: '0199990003', passwordHash: 'x' });
  otherToken = (await createSession(h.db, OTHER)).token;
  const [row] = await h.db
    .insert(addresses)
    .values({ memberCode: OTHER, person: 'Other', phone: '0199990003', address1: 'a', address2: 'b', city: 'Ipoh', postcode: '31400', state: 'Perak' })
    .returning();
  otherAddressId = row!.addId;
});
afterAll(() => h?.close());

describe('state_listing', () => {
  it('lists 13 states and 3 federal territories in order', async () => {
    const r = await h.call('state_listing');
    expect(r.json.data).toHaveLength(16);
    expect(r.json.data[0]).toEqual({ state_code: 'JHR', state_name: 'Johor' });
    expect(r.json.data.at(-1).state_code).toBe('PJY');
  });
});

describe('address_listing and address_detail', () => {
  it("lists the member's addresses, default first", async () => {
    const r = await h.call(`address_listing/${M}`, { token });
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(2);
    expect(r.json.data[0]).toMatchObject({ add_default: 1, add_city: 'Kuala Lumpur', add_state: 'Wilayah Persekutuan Kuala Lumpur', add_country: 'Malaysia' });
    expect(r.json.data[1].add_default).toBe(0);
    expect((await h.call(`address_listing/${M}?limit=1`, { token })).json.data).toHaveLength(1);
    expect((await h.call(`address_listing/${M}?limit=`, { token })).json.data).toHaveLength(2);
    expect((await h.call(`address_listing/${M}?limit=0`, { token })).status).toBe(400);
  });
  it('needs the session of the member in the path', async () => {
    const none = await h.call(`address_listing/${M}`);
    expect(none.status).toBe(401);
    expect(none.json.Error).toBe('Sorry, your login session has expired. Please login again.');
    const bad = await h.call(`address_listing/${M}`, { token: 'x'.repeat(43) });
    expect(bad.status).toBe(401);
    const other = await h.call(`address_listing/${OTHER}`, { token });
    expect(other.status).toBe(403);
    expect(other.json).toMatchObject({ Status: 0, Error: expect.any(String) });
  });
  it("answers one address of the member, 404 for another member's or a made-up id", async () => {
    const list = (await h.call(`address_listing/${M}`, { token })).json.data;
    const one = await h.call(`address_detail/${M}/${list[1].add_id}`, { token });
    expect(one.json.data).toEqual(list[1]);
    for (const id of [String(otherAddressId), '999999', 'abc', '1.5', '-1', "1' OR '1'='1"]) {
      const r = await h.call(`address_detail/${M}/${encodeURIComponent(id)}`, { token });
      expect(r.status, id).toBe(404);
      expect(r.json.Error).toBe('Address not found.');
    }
    expect((await h.call(`address_detail/${OTHER}/${otherAddressId}`, { token })).status).toBe(403);
    expect((await h.call(`address_detail/${OTHER}/${otherAddressId}`, { token: otherToken })).json.data.add_city).toBe('Ipoh');
  });
});

describe('add_address', () => {
  it('adds an address in Malaysia, placed at its postcode\'s post town (GeoNames), not default', async () => {
    const r = await h.call(`add_address/${M}`, { token, body: { ...valid, add_country: 'Singapore' } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ ...valid, add_state: 'Selangor', add_country: 'Malaysia', add_default: 0 });
    // GeoNames 1735158 Petaling Jaya: 3.10726, 101.60671.
    expect(r.json.data.latitude).toBeCloseTo(3.1073, 3);
    expect(r.json.data.longitude).toBeCloseTo(101.6067, 3);
    const cached = await h.db.select().from(geocodeCache).where(eq(geocodeCache.query, '47300|petaling jaya|SGR'));
    expect(cached).toHaveLength(1);
    expect(await liveCount(M)).toBe(3);
  });
  it('places an unknown town by its postcode: 27000 is Jerantut, not the centre of Pahang', async () => {
    const r = await h.call(`add_address/${M}`, { token, body: { ...valid, add_city: 'Kampung Tiada', add_state: 'PHG', add_postcode: '27000' } });
    // GeoNames Jerantut: 3.936, 102.3626.
    expect(r.json.data).toMatchObject({ add_state: 'Pahang', latitude: expect.closeTo(3.936, 3), longitude: expect.closeTo(102.3626, 3) });
  });
  it('falls back to the state centre for a postcode no data places, and does not cache that guess', async () => {
    const r = await h.call(`add_address/${M}`, { token, body: { ...valid, add_city: 'Genting Highlands', add_state: 'PHG', add_postcode: '69000' } });
    expect(r.json.data).toMatchObject({ add_state: 'Pahang', latitude: expect.closeTo(3.8, 3), longitude: expect.closeTo(102.55, 3) });
    expect(await h.db.select().from(geocodeCache).where(eq(geocodeCache.query, '69000|genting highlands|PHG'))).toHaveLength(0);
  });
  it('makes add_default 1 the only default, in one step', async () => {
    const r = await h.call(`add_address/${M}`, { token, body: { ...valid, add_city: 'Bandar Puteri Puchong', add_postcode: '47100', add_default: 1 } });
    expect(r.json.data.add_default).toBe(1);
    // GeoNames Puchong: 3.0, 101.61667 (the old table said 3.025).
    expect(r.json.data.latitude).toBeCloseTo(3.0, 3);
    const list = (await h.call(`address_listing/${M}`, { token })).json.data;
    expect(list[0].add_id).toBe(r.json.data.add_id);
    expect(list.filter((a: { add_default: number }) => a.add_default === 1)).toHaveLength(1);
  });
  it("makes a member's first address the default", async () => {
    await h.db.insert(customers).values({ memberCode: 'M900004', firstName: 'New', mobile: '0199990004', passwordHash: 'x' });
    const fresh = (await createSession(h.db, 'M900004')).token;
    const r = await h.call('add_address/M900004', { token: fresh, body: { ...valid, add_city: 'Kuala Lumpur', add_postcode: '50200', add_state: 'W.P. Kuala Lumpur', add_default: '0' } });
    expect(r.json.data).toMatchObject({ add_default: 1, add_state: 'Wilayah Persekutuan Kuala Lumpur' });
  });
  it('refuses invalid fields with the spec message of the first failing field; nothing is stored', async () => {
    const before = await liveCount(M);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...valid, add_person: '   ' }, 'add_person', /First Name is required/],
      [{ ...valid, add_person: 'x'.repeat(101) }, 'add_person', /First Name should not exceed 100 characters/],
      [{ ...valid, add_phone: '12345' }, 'add_phone', /Value entered is invalid/],
      [{ ...valid, add_city: '' }, 'add_city', /This field is required/],
      [{ ...valid, add_postcode: 'ABCDE' }, 'add_postcode', /Value entered is invalid/],
      [{ ...valid, add_state: '' }, 'add_state', /State is required/],
      [{ ...valid, add_state: 'Atlantis' }, 'add_state', /Atlantis/],
      [{ ...valid, add_address1: '<script>alert(1)</script>'.repeat(5) }, 'add_address1', /Value should not exceed 100 characters/],
    ];
    for (const [body, field, message] of cases) {
      const r = await h.call(`add_address/${M}`, { token, body });
      expect(r.status, field).toBe(400);
      expect(r.json.Status).toBe(0);
      expect(r.json.field, field).toBe(field);
      expect(r.json.Error, field).toMatch(message);
    }
    for (const body of [{}, { ...valid, add_city: 5 }, [valid], 'not json']) {
      const r = await h.call(`add_address/${M}`, { token, body });
      expect(r.status).toBe(400);
      expect(r.json.Error).toMatch(/^Invalid request: /);
    }
    expect(await liveCount(M)).toBe(before);
  });
  it('needs the session of the member in the path', async () => {
    const before = await liveCount(OTHER);
    expect((await h.call(`add_address/${M}`, { body: valid })).status).toBe(401);
    expect((await h.call(`add_address/${OTHER}`, { token, body: valid })).status).toBe(403);
    expect(await liveCount(OTHER)).toBe(before);
  });
});

/** The member's live addresses, as the API lists them. */
async function listOf(member: string, tk: string) {
  return (await h.call(`address_listing/${member}`, { token: tk })).json.data as { add_id: number; add_default: number; add_city: string }[];
}

describe('postcode, city and state agree (malaysia-postcodes data)', () => {
  it('refuses a postcode outside the state, or a post town other than the postcode’s, with the field; nothing is stored', async () => {
    const before = await liveCount(M);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, add_postcode: '50200' }, 'add_postcode', 'Postcode 50200 is not in Selangor.'],
      [{ ...valid, add_postcode: '99999' }, 'add_postcode', 'Postcode 99999 is not in Selangor.'],
      [{ ...valid, add_state: 'Perak' }, 'add_postcode', 'Postcode 47300 is not in Perak.'],
      [{ ...valid, add_city: 'Shah Alam' }, 'add_city', 'Postcode 47300 is not in Shah Alam. Please check the city and postcode.'],
    ];
    for (const [body, field, message] of cases) {
      const r = await h.call(`add_address/${M}`, { token, body });
      expect(r.status, message).toBe(400);
      expect(r.json).toMatchObject({ Status: 0, field, Error: message });
    }
    const zh = await h.call(`add_address/${M}`, { token, body: { ...valid, add_state: 'Perak' }, headers: { 'Accept-Language': 'zh' } });
    expect(zh.status).toBe(400);
    expect(zh.json.field).toBe('add_postcode');
    expect(await liveCount(M)).toBe(before);
  });
  it('accepts the demo addresses and a neighbourhood the list files under its post town', async () => {
    for (const body of [
      { ...valid, add_city: 'Kuala Lumpur', add_postcode: '50200', add_state: 'KUL' },
      { ...valid, add_city: 'Kepong', add_postcode: '52100', add_state: 'Kuala Lumpur' },
      { ...valid, add_city: 'petaling  jaya', add_postcode: '47300', add_state: 'SGR' },
    ]) {
      const r = await h.call(`add_address/${M}`, { token, body });
      expect(r.status, body.add_city).toBe(200);
      await h.call(`delete_address/${M}`, { token, body: { add_id: r.json.data.add_id } });
    }
  });
});

describe('update_address', () => {
  it('changes every field of one address, country Malaysia, geocoded again', async () => {
    const added = (await h.call(`add_address/${M}`, { token, body: valid })).json.data;
    const r = await h.call(`update_address/${M}`, {
      token,
      body: { ...valid, add_id: added.add_id, add_person: 'Siti', add_city: 'Ipoh', add_postcode: '31400', add_state: 'PRK', add_country: 'Singapore', add_default: 0 },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ add_id: added.add_id, add_person: 'Siti', add_city: 'Ipoh', add_state: 'Perak', add_country: 'Malaysia', add_default: 0 });
    expect((await h.call(`address_detail/${M}/${added.add_id}`, { token })).json.data).toEqual(r.json.data);
  });
  it('switches the default: exactly one default at all times; unticking the default is ignored', async () => {
    const list = await listOf(M, token);
    const oldDefault = list[0]!;
    const other = list.find((a) => a.add_default === 0)!;
    const r = await h.call(`update_address/${M}`, { token, body: { ...valid, add_id: other.add_id, add_default: '1' } });
    expect(r.json.data.add_default).toBe(1);
    let now = await listOf(M, token);
    expect(now.filter((a) => a.add_default === 1).map((a) => a.add_id)).toEqual([other.add_id]);
    expect(now[0]!.add_id).toBe(other.add_id);
    const untick = await h.call(`update_address/${M}`, { token, body: { ...valid, add_id: other.add_id, add_default: 0 } });
    expect(untick.json.data.add_default).toBe(1);
    await h.call(`update_address/${M}`, { token, body: { ...valid, add_id: oldDefault.add_id, add_default: 1 } });
    now = await listOf(M, token);
    expect(now.filter((a) => a.add_default === 1).map((a) => a.add_id)).toEqual([oldDefault.add_id]);
  });
  it("answers 404 for another member's address or a made-up id, and leaves it unchanged", async () => {
    for (const add_id of [otherAddressId, 999999]) {
      const r = await h.call(`update_address/${M}`, { token, body: { ...valid, add_id, add_default: 1 } });
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ Status: 0, Error: 'Address not found.' });
    }
    const theirs = (await h.call(`address_detail/${OTHER}/${otherAddressId}`, { token: otherToken })).json.data;
    expect(theirs).toMatchObject({ add_city: 'Ipoh', add_person: 'Other' });
  });
  it('refuses bad fields and a postcode of another state with the field; 403 for another member path', async () => {
    const [first] = await listOf(M, token);
    const bad = await h.call(`update_address/${M}`, { token, body: { ...valid, add_id: first!.add_id, add_postcode: '10000' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ field: 'add_postcode', Error: 'Postcode 10000 is not in Selangor.' });
    const empty = await h.call(`update_address/${M}`, { token, body: { ...valid, add_id: first!.add_id, add_person: '' } });
    expect(empty.json).toMatchObject({ field: 'add_person', Error: 'First Name is required' });
    expect((await h.call(`update_address/${M}`, { token, body: { ...valid, add_id: 'x' } })).status).toBe(400);
    expect((await h.call(`update_address/${OTHER}`, { token, body: { ...valid, add_id: otherAddressId } })).status).toBe(403);
    expect((await h.call(`update_address/${M}`, { body: { ...valid, add_id: first!.add_id } })).status).toBe(401);
  });
});

describe('delete_address', () => {
  it('deletes one address; deleting the default makes the oldest remaining one the default', async () => {
    const added = (await h.call(`add_address/${M}`, { token, body: { ...valid, add_default: 1 } })).json.data;
    expect(added.add_default).toBe(1);
    const before = await liveCount(M);
    const r = await h.call(`delete_address/${M}`, { token, body: { add_id: added.add_id } });
    expect(r.status).toBe(200);
    const after = await listOf(M, token);
    expect(after).toHaveLength(before - 1);
    expect(after.some((a) => a.add_id === added.add_id)).toBe(false);
    expect(after.filter((a) => a.add_default === 1)).toHaveLength(1);
    const oldest = Math.min(...after.map((a) => a.add_id));
    expect(r.json.data).toEqual({ add_id: added.add_id, default_id: oldest });
    expect(after[0]!.add_id).toBe(oldest);
    expect((await h.call(`address_detail/${M}/${added.add_id}`, { token })).status).toBe(404);
    expect((await h.call(`delete_address/${M}`, { token, body: { add_id: added.add_id } })).status).toBe(404);
  });
  it('deleting a non-default keeps the default', async () => {
    const added = (await h.call(`add_address/${M}`, { token, body: valid })).json.data;
    const def = (await listOf(M, token))[0]!;
    await h.call(`delete_address/${M}`, { token, body: { add_id: String(added.add_id) } });
    expect((await listOf(M, token))[0]).toEqual(def);
  });
  it('deleting the last address leaves none default', async () => {
    const [last] = await listOf('M900004', (await createSession(h.db, 'M900004')).token);
    const tk = (await createSession(h.db, 'M900004')).token;
    const r = await h.call('delete_address/M900004', { token: tk, body: { add_id: last!.add_id } });
    expect(r.json.data).toEqual({ add_id: last!.add_id, default_id: null });
  });
  it("answers 404 for another member's address, which stays; 403 for another member path; 400 for a bad id", async () => {
    const r = await h.call(`delete_address/${M}`, { token, body: { add_id: otherAddressId } });
    expect(r.status).toBe(404);
    expect(r.json.Error).toBe('Address not found.');
    expect(await liveCount(OTHER)).toBe(1);
    expect((await h.call(`delete_address/${OTHER}`, { token, body: { add_id: otherAddressId } })).status).toBe(403);
    expect(await liveCount(OTHER)).toBe(1);
    expect((await h.call(`delete_address/${M}`, { token, body: { add_id: -1 } })).status).toBe(400);
    expect((await h.call(`delete_address/${M}`, { token, body: {} })).status).toBe(400);
  });
});

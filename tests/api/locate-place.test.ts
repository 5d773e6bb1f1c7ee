/**
 * locate_place (ours; issue "A shopper trusts every step": finding outlets before any saved
 * address): a postcode or a town → places with their point, which pickup_store_listing turns into
 * the outlets near it; bad input 400 and no match 404, in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { haversineKm } from '../../src/domain/delivery';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const locate = (q: string, lang = 'en') => h.call(`locate_place?q=${encodeURIComponent(q)}`, { headers: { 'accept-language': lang } });

describe('locate_place', () => {
  it('places a postcode at its post town, and its outlets follow nearest first', async () => {
    const r = await locate(' 47300 ');
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(1);
    const [pj] = r.json.data;
    expect(pj).toMatchObject({ place_name: 'Petaling Jaya', postcode: '47300', state_code: 'SGR', state_name: 'Selangor', approximate: false });
    // Petaling Jaya's centre (GeoNames), where an address there is placed too.
    expect(haversineKm(pj, { latitude: 3.1073, longitude: 101.6067 })).toBeLessThan(3);
    const stores = (await h.call(`pickup_store_listing?latitude=${pj.latitude}&longitude=${pj.longitude}`)).json.data;
    expect(stores.length).toBeGreaterThan(0);
    const km = stores.map((s: { distance_km: number }) => s.distance_km);
    expect(km).toEqual([...km].sort((a, b) => a - b));
  });

  it('finds a town whatever the case, accents, spaces or old spelling', async () => {
    for (const q of ['petaling   jaya', 'PETALING JAYA', 'Pétaling Jaya']) {
      expect((await locate(q)).json.data[0]).toMatchObject({ place_name: 'Petaling Jaya', state_code: 'SGR', postcode: null });
    }
    expect((await locate('tanjung malim')).json.data[0]).toMatchObject({ place_name: 'Tanjong Malim', state_code: 'PRK' });
    // Short forms and places that are not post towns.
    expect((await locate('KL')).json.data[0]).toMatchObject({ state_code: 'KUL' });
    // The start of a name when nothing is called exactly that.
    expect((await locate('kuala lump')).json.data.map((p: { place_name: string }) => p.place_name)).toContain('Kuala Lumpur');
  });

  it('refuses a bad postcode or an empty or overlong search with 400 in the caller’s language, and answers 404 when nothing matches', async () => {
    const bad = await locate('4730');
    expect([bad.status, bad.json.Error]).toEqual([400, 'A postcode is 5 digits, such as 47300.']);
    expect((await locate('4730', 'ar')).json.Error).toBe('الرمز البريدي 5 أرقام، مثل 47300.');
    expect((await locate('   ')).json.Error).toBe('Type a postcode or a town.');
    expect((await locate('x'.repeat(61))).status).toBe(400);
    const unknownPostcode = await locate('00000', 'zh');
    expect([unknownPostcode.status, unknownPostcode.json.Error]).toEqual([404, '在马来西亚找不到邮区编号 00000。请检查，或输入您的城镇。']);
    const unknownTown = await locate('Atlantis');
    expect([unknownTown.status, unknownTown.json.Error]).toEqual([404, 'We found no town called “Atlantis” in Malaysia. Check the spelling, or type its postcode.']);
    // A name in another script matches nothing here: the message says how to search.
    expect((await locate('吉隆坡', 'zh')).status).toBe(404);
  });
});

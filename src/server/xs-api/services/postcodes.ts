/**
 * Postcode, city and state against each other (coverage.md §5 Address form; the issue's "postcodes must
 * match their city and state"), from the Malaysian postcode list of the `malaysia-postcodes`
 * package (post towns with their five-digit postcodes, by state). The one place this is decided:
 * add_address and update_address call it through `checkAddress` (services/addresses.ts).
 *
 * - the postcode must be one of the state's postcodes, else 'state';
 * - the city must be the post town of that postcode, unless the shopper wrote a name the list does
 *   not know as a post town of that state (a neighbourhood such as 'Kepong' or 'Bangsar', which
 *   the list files under 'Kuala Lumpur'): a post town of the same state with other postcodes is 'city'.
 * Names are compared normalised (`normalisePlace`: case, accents and punctuation ignored).
 *
 * The same list answers the outlet search by postcode or post town (services/places.ts):
 * `postcodePlace` and `postTownsNamed`, with the towns' names as the list writes them.
 */
import { allPostcodes } from 'malaysia-postcodes';
import { foldPlace, normalisePlace } from '../../../domain/place-name';

/** The package's state names → state codes of the `states` table (src/server/xs-api/db/seed/states.ts). */
const STATE_CODES: Record<string, string> = {
  johor: 'JHR', kedah: 'KDH', kelantan: 'KTN', melaka: 'MLK', 'negeri sembilan': 'NSN', pahang: 'PHG', 'pulau pinang': 'PNG',
  perak: 'PRK', perlis: 'PLS', sabah: 'SBH', sarawak: 'SWK', selangor: 'SGR', terengganu: 'TRG',
  'wp kuala lumpur': 'KUL', 'wp labuan': 'LBN', 'wp putrajaya': 'PJY',
};

/** A post town as the list writes it ('Petaling Jaya'), its state code ('SGR') and its postcodes, ascending. */
export type PostTown = { town: string; stateCode: string; postcodes: string[] };

type Index = {
  /** `${stateCode} ${postcode}` → the normalised post towns that use it. */
  towns: Map<string, Set<string>>;
  /** State code → its normalised post towns. */
  stateTowns: Map<string, Set<string>>;
  /** Folded post-town name (`foldPlace`) → the post towns of that name, one per state. */
  byName: Map<string, PostTown[]>;
  /** Postcode → the post towns that use it (all of one state). */
  byPostcode: Map<string, PostTown[]>;
};

let index: Index | null = null;

/** Builds the lookup once (about 2,900 postcodes). */
function lookup(): Index {
  if (index) return index;
  const towns = new Map<string, Set<string>>();
  const stateTowns = new Map<string, Set<string>>();
  const byName = new Map<string, PostTown[]>();
  const byPostcode = new Map<string, PostTown[]>();
  for (const state of allPostcodes) {
    const code = STATE_CODES[normalisePlace(state.name)];
    if (!code) continue;
    const all = stateTowns.get(code) ?? new Set<string>();
    stateTowns.set(code, all);
    for (const city of state.city) {
      const town = normalisePlace(city.name);
      all.add(town);
      const named = byName.get(foldPlace(city.name)) ?? [];
      let postTown = named.find((t) => t.stateCode === code);
      if (!postTown) named.push((postTown = { town: city.name, stateCode: code, postcodes: [] }));
      byName.set(foldPlace(city.name), named);
      for (const postcode of city.postcode) {
        const key = `${code} ${postcode}`;
        towns.set(key, (towns.get(key) ?? new Set<string>()).add(town));
        postTown.postcodes.push(postcode);
        byPostcode.set(postcode, [...(byPostcode.get(postcode) ?? []), postTown]);
      }
      postTown.postcodes.sort();
    }
  }
  index = { towns, stateTowns, byName, byPostcode };
  return index;
}

/**
 * Whether a postcode (five digits), a city (free text) and a state (code of `states`, 'SGR')
 * agree. A state the list does not cover is not checked.
 * @returns null when they agree; 'state' when the postcode is not one of the state's; 'city' when
 *   the city is another post town of that state than the postcode's.
 */
export function checkPostcodePlace(postcode: string, city: string, stateCode: string): 'state' | 'city' | null {
  const { towns, stateTowns } = lookup();
  const known = stateTowns.get(stateCode);
  if (!known) return null;
  const postTowns = towns.get(`${stateCode} ${postcode.trim()}`);
  if (!postTowns) return 'state';
  const town = normalisePlace(city);
  if (postTowns.has(town) || !known.has(town)) return null;
  return 'city';
}

/**
 * The post towns (normalised names, `normalisePlace`) that use a postcode within a state: the
 * first step of the offline geocoder (adapters/geocode-offline.ts). Empty when the postcode is not
 * one of the state's (the state check) or the state is not covered.
 * @param postcode five digits ('46050'); surrounding spaces are ignored
 * @param stateCode a code of `states` ('SGR')
 */
export function postTownsOf(postcode: string, stateCode: string): string[] {
  return [...(lookup().towns.get(`${stateCode} ${postcode.trim()}`) ?? [])];
}

/** Every postcode of a state ('SGR') with its post towns (normalised), ascending; empty for a state not covered. */
export function postcodesOf(stateCode: string): { postcode: string; towns: string[] }[] {
  const prefix = `${stateCode} `;
  return [...lookup().towns]
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, towns]) => ({ postcode: key.slice(prefix.length), towns: [...towns] }))
    .sort((a, b) => a.postcode.localeCompare(b.postcode));
}

/**
 * The post towns that use a postcode ('47300' → Petaling Jaya, SGR), as the list writes them;
 * empty for a postcode the list does not have. A postcode belongs to one state.
 * @param postcode five digits
 */
export function postcodePlace(postcode: string): PostTown[] {
  return lookup().byPostcode.get(postcode.trim()) ?? [];
}

/**
 * The post towns of a name in any state, by folded name (`foldPlace`: 'tanjong malim' and 'Tanjung
 * Malim' are one): exact names, else (with `prefix`) the towns whose name starts with it at a word
 * ('petaling' → Petaling Jaya), shortest first. At most `limit`.
 */
export function postTownsNamed(name: string, { prefix = false, limit = 5 }: { prefix?: boolean; limit?: number } = {}): PostTown[] {
  const key = foldPlace(name);
  if (!key) return [];
  const { byName } = lookup();
  const exact = byName.get(key);
  if (exact || !prefix) return (exact ?? []).slice(0, limit);
  return [...byName.entries()]
    .filter(([folded]) => folded.startsWith(`${key} `) || (key.length >= 3 && folded.startsWith(key)))
    .sort(([a], [b]) => a.length - b.length || a.localeCompare(b))
    .flatMap(([, list]) => list)
    .slice(0, limit);
}

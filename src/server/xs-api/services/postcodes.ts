/**
 * Postcode, city and state against each other (spec §5 Address form; the "postcodes must
 * match their city and state"), from the Malaysian postcode list of the `malaysia-postcodes`
 * package (post towns with their five-digit postcodes, by state). The one place this is decided:
 * add_address and update_address call it through `checkAddress` (services/addresses.ts).
 *
 * - the postcode must be one of the state's postcodes, else 'state';
 * - the city must be the post town of that postcode, unless the shopper wrote a name the list does
 *   not know as a post town of that state (a neighbourhood such as 'Kepong' or 'Bangsar', which
 *   the list files under 'Kuala Lumpur'): a post town of the same state with other postcodes is 'city'.
 * Names are compared normalised (`normalisePlace`: case, accents and punctuation ignored).
 */
import { allPostcodes } from 'malaysia-postcodes';
import { normalisePlace } from '../../../domain/place-name';

/** The package's state names → state codes of the `states` table (src/server/xs-api/db/seed/states.ts). */
const STATE_CODES: Record<string, string> = {
  johor: 'JHR', kedah: 'KDH', kelantan: 'KTN', melaka: 'MLK', 'negeri sembilan': 'NSN', pahang: 'PHG', 'pulau pinang': 'PNG',
  perak: 'PRK', perlis: 'PLS', sabah: 'SBH', sarawak: 'SWK', selangor: 'SGR', terengganu: 'TRG',
  'wp kuala lumpur': 'KUL', 'wp labuan': 'LBN', 'wp putrajaya': 'PJY',
};

type Index = {
  /** `${stateCode} ${postcode}` → the normalised post towns that use it. */
  towns: Map<string, Set<string>>;
  /** State code → its normalised post towns. */
  stateTowns: Map<string, Set<string>>;
};

let index: Index | null = null;

/** Builds the lookup once (about 2,900 postcodes). */
function lookup(): Index {
  if (index) return index;
  const towns = new Map<string, Set<string>>();
  const stateTowns = new Map<string, Set<string>>();
  for (const state of allPostcodes) {
    const code = STATE_CODES[normalisePlace(state.name)];
    if (!code) continue;
    const all = stateTowns.get(code) ?? new Set<string>();
    stateTowns.set(code, all);
    for (const city of state.city) {
      const town = normalisePlace(city.name);
      all.add(town);
      for (const postcode of city.postcode) {
        const key = `${code} ${postcode}`;
        towns.set(key, (towns.get(key) ?? new Set<string>()).add(town));
      }
    }
  }
  index = { towns, stateTowns };
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

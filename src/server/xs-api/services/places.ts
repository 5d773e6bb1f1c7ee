/**
 * locate_place: where a Malaysian postcode or town is, so a shopper without a saved address finds
 * the outlets near it (issue "A shopper trusts every step"; coverage.md §4 Delivery method step 0–1: the
 * point then goes to pickup_store_listing, 30 km, nearest first). The places and points come from
 * the geocoder every address uses (adapters/geocode.ts: cache, the maps service when configured,
 * else the offline data of ADR 15), never a second copy of it.
 *
 * - A postcode: its post town in the `malaysia-postcodes` list ('47300' → Petaling Jaya, Selangor),
 *   placed as an address of that postcode and town would be.
 * - A town, matched ignoring case, accents, punctuation and old spellings (`foldPlace`): the post
 *   towns of that name (one per state), then the GeoNames places of that name in other states
 *   ('Bangsar', 'KL'); when none, the post towns whose name starts with it ('petaling' → Petaling
 *   Jaya). At most `PLACE_RESULTS_MAX`, each with its state, so a name several states share can be told apart.
 * Points are decimal degrees (WGS84).
 */
import type { Db } from '../db/client';
import { states } from '../db/schema';
import { ApiError } from '../errors';
import { geocodeAddress } from '../adapters/geocode';
import type { MapsGeocoder } from '../adapters/geocode-maps';
import { placesNamed } from '../adapters/geocode-offline';
import { postcodePlace, postTownsNamed, type PostTown } from './postcodes';
import { PLACE_RESULTS_MAX, type PlaceQuery } from '../../../domain/place-search';

/** A place found: its name ('Petaling Jaya'), the postcode searched (null for a town), its state, its point, and whether the point is only approximate. */
export type LocatedPlace = {
  place_name: string;
  postcode: string | null;
  state_code: string;
  state_name: string;
  latitude: number;
  longitude: number;
  approximate: boolean;
};

/** The point of a post town, as an address of `postcode` in that town would be placed; null when the geocoder cannot. */
async function postTownPoint(db: Db, town: PostTown, postcode: string, stateName: string, maps: MapsGeocoder | null) {
  const at = await geocodeAddress(db, { postcode, city: town.town, stateCode: town.stateCode, stateName }, maps);
  return at && { latitude: at.latitude, longitude: at.longitude, approximate: at.approximate };
}

/**
 * The places of a checked search (src/domain/place-search.ts `parsePlaceQuery`), best first.
 * @throws ApiError 404 'place_postcode_unknown' for a postcode the list does not have,
 *   'place_town_unknown' for a town nothing matches (both in the caller's language).
 */
export async function locatePlace(db: Db, query: PlaceQuery, maps: MapsGeocoder | null = null): Promise<LocatedPlace[]> {
  const names = new Map((await db.select().from(states)).map((s) => [s.stateCode, s.stateName]));
  const stateName = (code: string) => names.get(code) ?? code;
  const found: LocatedPlace[] = [];

  if (query.kind === 'postcode') {
    for (const town of postcodePlace(query.postcode).slice(0, 1)) {
      const at = await postTownPoint(db, town, query.postcode, stateName(town.stateCode), maps);
      if (at) found.push({ place_name: town.town, postcode: query.postcode, state_code: town.stateCode, state_name: stateName(town.stateCode), ...at });
    }
    if (!found.length) throw new ApiError(404, 'place_postcode_unknown', { postcode: query.postcode });
    return found;
  }

  const add = async (towns: PostTown[]) => {
    for (const town of towns) {
      if (found.length >= PLACE_RESULTS_MAX || found.some((p) => p.state_code === town.stateCode && p.place_name === town.town)) continue;
      const at = await postTownPoint(db, town, town.postcodes[0]!, stateName(town.stateCode), maps);
      if (at) found.push({ place_name: town.town, postcode: null, state_code: town.stateCode, state_name: stateName(town.stateCode), ...at });
    }
  };
  await add(postTownsNamed(query.town, { limit: PLACE_RESULTS_MAX }));
  for (const place of placesNamed(query.town)) {
    if (found.length >= PLACE_RESULTS_MAX || found.some((p) => p.state_code === place.stateCode)) continue;
    found.push({ place_name: place.name, postcode: null, state_code: place.stateCode, state_name: stateName(place.stateCode), latitude: place.latitude, longitude: place.longitude, approximate: false });
  }
  if (!found.length) await add(postTownsNamed(query.town, { prefix: true, limit: PLACE_RESULTS_MAX }));
  if (!found.length) throw new ApiError(404, 'place_town_unknown', { town: query.town });
  return found;
}

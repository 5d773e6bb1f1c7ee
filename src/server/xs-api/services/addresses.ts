/**
 * Addresses and states (coverage.md §3 Address, §5 Address form, §7 Addresses). An address belongs to one
 * member; deleted addresses are kept with `deleted_at` and never listed. `add_state` holds the
 * state name of `states` as shoppers read it ('Selangor'); a client may send a code or a name. Latitude and longitude
 * come from the geocoding adapter (adapters/geocode.ts: a maps service when configured, else the
 * postcode and GeoNames data).
 */
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Address, addressInput, addressUpdateInput } from '../../../lib/xs-api/contract';
import { addressSchema, validationText, type ValidationMessageKey, isValidationMessageKey } from '../../../domain/validation';
import { isMessageKey } from '../../../i18n/messages';
import { geocodeAddress } from '../adapters/geocode';
import type { MapsGeocoder } from '../adapters/geocode-maps';
import { normalisePlace } from '../../../domain/place-name';
import type { Db } from '../db/client';
import { checkPostcodePlace } from './postcodes';
import { addresses, customers, states, type Address as AddressRow } from '../db/schema';
import { ApiError } from '../errors';
import { clock } from '../../clock';

export type State = { state_code: string; state_name: string };

/** Other names of states (normalised, prefixes such as 'Wilayah Persekutuan' removed) to state codes. */
const STATE_ALIASES: Record<string, string> = { penang: 'PNG', malacca: 'MLK', 'negri sembilan': 'NSN', kl: 'KUL' };

/** A state name without a federal-territory prefix: 'W.P. Kuala Lumpur' → 'kuala lumpur'. */
const bareState = (text: string) => normalisePlace(text).replace(/^(wilayah persekutuan|w p|wp|federal territory of|federal territory) /, '');

/** state_listing: the 13 states and 3 federal territories in display order (coverage.md §7). */
export async function listStates(db: Db): Promise<State[]> {
  const rows = await db.select().from(states).orderBy(asc(states.sortOrder), asc(states.stateName));
  return rows.map((s) => ({ state_code: s.stateCode, state_name: s.stateName }));
}

/**
 * A state from a code ('SGR', any case), its name ('Selangor', 'Wilayah Persekutuan Kuala Lumpur')
 * or a common alias ('Penang', 'Malacca', 'Kuala Lumpur'); null when none matches.
 */
export async function resolveState(db: Db, input: string): Promise<{ stateCode: string; stateName: string } | null> {
  const key = normalisePlace(input);
  if (!key) return null;
  const all = await db.select({ stateCode: states.stateCode, stateName: states.stateName }).from(states);
  const bare = bareState(input);
  return (
    all.find((s) => s.stateCode.toLowerCase() === key) ??
    all.find((s) => normalisePlace(s.stateName) === key || bareState(s.stateName) === bare) ??
    all.find((s) => s.stateCode === STATE_ALIASES[bare]) ??
    null
  );
}

/** Maps an address row to the contract's `address` (coverage.md §3 Address). */
export function toAddress(a: AddressRow): Address {
  return {
    add_id: a.addId,
    add_person: a.person,
    add_phone: a.phone,
    add_address1: a.address1,
    add_address2: a.address2,
    add_city: a.city,
    add_postcode: a.postcode,
    add_state: a.state,
    add_country: a.country,
    add_default: a.isDefault ? 1 : 0,
    latitude: a.latitude,
    longitude: a.longitude,
  };
}

/** A transaction of `db.transaction`. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const ownedBy = (memberCode: string) => and(eq(addresses.memberCode, memberCode), isNull(addresses.deletedAt));

/** address_listing: the member's addresses, the default first, then oldest first; at most `limit`. */
export async function listAddresses(db: Db, memberCode: string, limit = 100): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(ownedBy(memberCode))
    .orderBy(desc(addresses.isDefault), asc(addresses.addId))
    .limit(limit);
  return rows.map(toAddress);
}

/**
 * One address of the member (address_detail; also used by the order service for delivery and
 * billing addresses). `id` may be the path text; anything but a positive integer is not found.
 * @throws ApiError 404 'address_not_found' when it is not one of the member's live addresses.
 */
export async function getAddress(db: Db, memberCode: string, id: number | string): Promise<Address> {
  const addId = addressIdOf(id);
  const [row] = await db.select().from(addresses).where(and(ownedBy(memberCode), eq(addresses.addId, addId))).limit(1);
  if (!row) throw new ApiError(404, 'address_not_found');
  return toAddress(row);
}

/** A 400 carrying the translated text of a validation message key, and the field it concerns. */
function fieldError(field: string, key: ValidationMessageKey): ApiError {
  return isMessageKey(key)
    ? new ApiError(400, key, {}, { field })
    : new ApiError(400, 'api_invalid_payload', { detail: `${field}: ${validationText(key)}` }, { field });
}

/** Fields checked by `checkAddress`: the stored state name and the geocoded point. */
type CheckedAddress = {
  input: z.output<typeof addressSchema>;
  state: { stateCode: string; stateName: string };
  location: { latitude: number; longitude: number } | null;
};

/**
 * The one server-side check of an address (add_address and update_address; coverage.md §5 Address form):
 * the fields against `addressSchema` (first failing field → 400 with its message and `field`), the
 * state (400 'state_unknown', field add_state), then postcode, city and state against each other
 * with the Malaysian postcode data (`checkPostcodePlace`: 400 'postcode_state_mismatch' or
 * 'postcode_city_mismatch', field add_postcode / add_city). Geocodes the address last (`maps`
 * first when given, then the offline data; a maps failure never fails the address).
 */
async function checkAddress(db: Db, body: z.output<typeof addressInput>, maps: MapsGeocoder | null): Promise<CheckedAddress> {
  const parsed = addressSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.') || '_form';
    throw fieldError(field, isValidationMessageKey(issue.message) ? issue.message : 'invalid');
  }
  const input = parsed.data;
  const state = await resolveState(db, input.add_state);
  if (!state) throw new ApiError(400, 'state_unknown', { state: input.add_state }, { field: 'add_state' });
  const mismatch = checkPostcodePlace(input.add_postcode, input.add_city, state.stateCode);
  if (mismatch === 'state') {
    throw new ApiError(400, 'postcode_state_mismatch', { postcode: input.add_postcode, state: state.stateName }, { field: 'add_postcode' });
  }
  if (mismatch === 'city') {
    throw new ApiError(400, 'postcode_city_mismatch', { postcode: input.add_postcode, city: input.add_city }, { field: 'add_city' });
  }
  const location = await geocodeAddress(
    db,
    { address1: input.add_address1, address2: input.add_address2, postcode: input.add_postcode, city: input.add_city, stateCode: state.stateCode, stateName: state.stateName },
    maps,
  );
  return { input, state, location };
}

/** Row values of a checked address (country always Malaysia, coverage.md §3 Address). */
const rowValues = ({ input, state, location }: CheckedAddress) => ({
  person: input.add_person,
  phone: input.add_phone,
  address1: input.add_address1,
  address2: input.add_address2,
  city: input.add_city,
  postcode: input.add_postcode,
  state: state.stateName,
  country: 'Malaysia',
  latitude: location?.latitude ?? null,
  longitude: location?.longitude ?? null,
});

/** Locks the member row so that concurrent address changes of one member run one after another. */
async function lockMember(tx: Tx, memberCode: string) {
  await tx.select({ m: customers.memberCode }).from(customers).where(eq(customers.memberCode, memberCode)).for('update');
}

/** A path or body id as a row id; anything but a positive 32-bit integer → 404 'address_not_found'. */
function addressIdOf(id: number | string): number {
  const addId = typeof id === 'number' ? id : /^\d{1,9}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(addId) || addId < 1 || addId > 2_147_483_647) throw new ApiError(404, 'address_not_found');
  return addId;
}

/**
 * add_address (coverage.md §7, §5 Address form): `checkAddress`, then inserts with add_country
 * 'Malaysia'. The member's first address becomes the default; add_default 1 makes it the default
 * and unsets the others in the same transaction (the member row is locked so concurrent adds agree).
 * @returns the stored address.
 */
export async function addAddress(db: Db, memberCode: string, body: z.output<typeof addressInput>, maps: MapsGeocoder | null = null): Promise<Address> {
  const checked = await checkAddress(db, body, maps);
  const row = await db.transaction(async (tx) => {
    await lockMember(tx, memberCode);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(addresses).where(ownedBy(memberCode));
    const makeDefault = n === 0 || checked.input.add_default === 1;
    if (makeDefault) await tx.update(addresses).set({ isDefault: false }).where(and(ownedBy(memberCode), eq(addresses.isDefault, true)));
    const [inserted] = await tx
      .insert(addresses)
      .values({ memberCode, ...rowValues(checked), isDefault: makeDefault })
      .returning();
    return inserted!;
  });
  return toAddress(row);
}

/**
 * update_address (coverage.md §7, §4 Address form): `add_id` and the whole address again, checked as in
 * add_address. add_default 1 makes it the member's only default (the other is unset in the same
 * transaction); add_default 0 on the current default is ignored, so a member with addresses always
 * has exactly one default (the form's box is disabled there, coverage.md §4).
 * @throws ApiError 404 'address_not_found' when `add_id` is not one of the member's live addresses
 *   (another member's address is left unchanged); 400 as `checkAddress`.
 * @returns the stored address.
 */
export async function updateAddress(db: Db, memberCode: string, body: z.output<typeof addressUpdateInput>, maps: MapsGeocoder | null = null): Promise<Address> {
  const addId = addressIdOf(body.add_id);
  await getAddress(db, memberCode, addId);
  const checked = await checkAddress(db, body, maps);
  const row = await db.transaction(async (tx) => {
    await lockMember(tx, memberCode);
    const [current] = await tx.select().from(addresses).where(and(ownedBy(memberCode), eq(addresses.addId, addId))).limit(1);
    if (!current) throw new ApiError(404, 'address_not_found');
    const makeDefault = current.isDefault || checked.input.add_default === 1;
    if (makeDefault && !current.isDefault) {
      await tx.update(addresses).set({ isDefault: false }).where(and(ownedBy(memberCode), eq(addresses.isDefault, true)));
    }
    const [updated] = await tx
      .update(addresses)
      .set({ ...rowValues(checked), isDefault: makeDefault })
      .where(and(ownedBy(memberCode), eq(addresses.addId, addId)))
      .returning();
    return updated!;
  });
  return toAddress(row);
}

/**
 * delete_address (coverage.md §7, §2 "delete address" modal): marks the address deleted (`deleted_at`;
 * past orders keep their own copy of it). When it was the default, the member's oldest remaining
 * address becomes the default in the same transaction.
 * @throws ApiError 404 'address_not_found' when `id` is not one of the member's live addresses.
 * @returns the deleted id and the id of the default afterwards (null when none is left).
 */
export async function deleteAddress(db: Db, memberCode: string, id: number | string): Promise<{ add_id: number; default_id: number | null }> {
  const addId = addressIdOf(id);
  return db.transaction(async (tx) => {
    await lockMember(tx, memberCode);
    const [current] = await tx.select().from(addresses).where(and(ownedBy(memberCode), eq(addresses.addId, addId))).limit(1);
    if (!current) throw new ApiError(404, 'address_not_found');
    await tx.update(addresses).set({ deletedAt: clock.now(), isDefault: false }).where(eq(addresses.addId, addId));
    const [next] = await tx
      .select({ addId: addresses.addId, isDefault: addresses.isDefault })
      .from(addresses)
      .where(ownedBy(memberCode))
      .orderBy(desc(addresses.isDefault), asc(addresses.addId))
      .limit(1);
    if (next && !next.isDefault) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.addId, next.addId));
    return { add_id: addId, default_id: next?.addId ?? null };
  });
}

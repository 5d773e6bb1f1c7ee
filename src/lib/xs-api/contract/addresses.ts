/** Address operations (coverage.md §7 Addresses, §3 Address). */
import { z } from 'zod';
import { defineOperation, flag, statusOk } from './operation';

export const state = z.object({ state_code: z.string(), state_name: z.string() });
export type State = z.infer<typeof state>;

export const address = z.object({
  add_id: z.number().int(),
  add_person: z.string(),
  add_phone: z.string(),
  add_address1: z.string(),
  add_address2: z.string(),
  add_city: z.string(),
  add_postcode: z.string(),
  add_state: z.string(),
  add_country: z.string(),
  add_default: flag,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Address = z.infer<typeof address>;

/** Address fields a client submits; rules and messages from coverage.md §5 (see src/domain/validation). */
export const addressInput = z.object({
  add_person: z.string(),
  add_phone: z.string(),
  add_address1: z.string(),
  add_address2: z.string(),
  add_city: z.string(),
  add_postcode: z.string(),
  add_state: z.string(),
  add_country: z.string().optional(),
  add_default: z.union([flag, z.enum(['0', '1'])]).optional(),
});

export const stateListing = defineOperation({
  name: 'state_listing',
  method: 'GET',
  path: 'state_listing',
  member: 'none',
  summary: 'States and federal territories for the address form.',
  response: z.object({ Status: statusOk, data: z.array(state) }),
});

export const addressListing = defineOperation({
  name: 'address_listing',
  method: 'GET',
  path: 'address_listing/:member',
  member: 'required',
  summary: "The member's addresses, default first.",
  /** `?limit=` left empty (as coverage.md §7 shows it) means no limit beyond the server's 100. */
  query: z.object({ limit: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100).optional()) }),
  response: z.object({ Status: statusOk, data: z.array(address) }),
});

export const addressDetail = defineOperation({
  name: 'address_detail',
  method: 'GET',
  path: 'address_detail/:member/:id',
  member: 'required',
  summary: 'One address of the member.',
  response: z.object({ Status: statusOk, data: address }),
});

export const addAddress = defineOperation({
  name: 'add_address',
  method: 'POST',
  path: 'add_address/:member',
  member: 'required',
  summary: 'Add an address; add_country is always set to Malaysia.',
  body: addressInput,
  response: z.object({ Status: statusOk, data: address }),
});

/** The address to change or delete: a positive integer (a form may send it as text). */
const addressId = z.coerce.number().int().min(1).max(2_147_483_647);

/**
 * update_address body: `add_id` and every field of `addressInput` (the whole address is sent
 * again, coverage.md §7). `add_default` 1 makes it the default and unsets the other; 0 on the current
 * default is ignored (a member always has one default while they have addresses, coverage.md §4).
 */
export const addressUpdateInput = addressInput.extend({ add_id: addressId });

export const updateAddress = defineOperation({
  name: 'update_address',
  method: 'POST',
  path: 'update_address/:member',
  member: 'required',
  summary:
    "Change one of the member's addresses (all fields again; add_country always Malaysia). add_default 1 makes it the only default; 0 on the default is ignored. 404 when the address is not the member's.",
  body: addressUpdateInput,
  response: z.object({ Status: statusOk, data: address }),
});

export const deleteAddress = defineOperation({
  name: 'delete_address',
  method: 'POST',
  path: 'delete_address/:member',
  member: 'required',
  summary:
    "Delete one of the member's addresses. Deleting the default makes the oldest remaining address the default. 404 when the address is not the member's.",
  body: z.object({ add_id: addressId }),
  response: z.object({ Status: statusOk, data: z.object({ add_id: z.number().int(), default_id: z.number().int().nullable() }) }),
});

/** Routes of coverage.md §7 Addresses. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { addAddress, deleteAddress, getAddress, listAddresses, listStates, updateAddress } from '../services/addresses';

/**
 * Registers state_listing, address_listing, address_detail, add_address, update_address and
 * delete_address (coverage.md §7 Addresses). The member is the one in the path, whose session it must be
 * (401 / 403 from `serve`); an address id of another member answers 404.
 */
export function addressRoutes(app: Hono<ApiEnv>) {
  serve(app, op.state_listing, async ({ db }) => ({ data: await listStates(db) }));
  serve(app, op.address_listing, async ({ db, member, query }) => ({ data: await listAddresses(db, member!, query.limit) }));
  serve(app, op.address_detail, async ({ db, member, params }) => ({ data: await getAddress(db, member!, params.id!) }));
  serve(app, op.add_address, async ({ db, member, body, services }) => ({ data: await addAddress(db, member!, body, services.geocoder) }));
  serve(app, op.update_address, async ({ db, member, body, services }) => ({ data: await updateAddress(db, member!, body, services.geocoder) }));
  serve(app, op.delete_address, async ({ db, member, body }) => ({ data: await deleteAddress(db, member!, body.add_id) }));
}

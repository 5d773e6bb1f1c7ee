/** Routes of spec §7 Addresses. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { addAddress, getAddress, listAddresses, listStates } from '../services/addresses';

/** Registers state_listing, address_listing, address_detail and add_address (spec §7 Addresses). */
export function addressRoutes(app: Hono<ApiEnv>) {
  serve(app, op.state_listing, async ({ db }) => ({ data: await listStates(db) }));
  serve(app, op.address_listing, async ({ db, member, query }) => ({ data: await listAddresses(db, member!, query.limit) }));
  serve(app, op.address_detail, async ({ db, member, params }) => ({ data: await getAddress(db, member!, params.id!) }));
  serve(app, op.add_address, async ({ db, member, body }) => ({ data: await addAddress(db, member!, body) }));
}

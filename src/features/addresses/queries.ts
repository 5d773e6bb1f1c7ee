/**
 * Address reads for the account pages (coverage.md §2 /account/addresses, /account/addresses/{addressID};
 * §7 address_listing, address_detail, state_listing), and the toast the list shows after a change
 * (a flash left by ./actions.ts, taken on the server so it shows without JavaScript too).
 */
import type { AstroCookies } from 'astro';
import { XsApiError } from '../../lib/xs-api/client';
import type { Address, State } from '../../lib/xs-api/contract';
import type { MessageKey } from '../../i18n/messages';
import { takeFlash, type Flash } from '../../server/flash';
import { memberApi, publicApi, type FeatureContext } from '../shared/api';

/** Most addresses the account list shows (the API's own ceiling). */
const ADDRESS_LIST_LIMIT = 100;

/**
 * The member's addresses, the default first (coverage.md §2 Account: Addresses).
 * @throws XsApiError on a transport fault, a server error, or 401 (no live session).
 */
export async function listMemberAddresses(ctx: FeatureContext): Promise<Address[]> {
  return (await memberApi(ctx).call('address_listing', { query: { limit: ADDRESS_LIST_LIMIT } })).data;
}

/**
 * One address of the member by the page's `addressID`, or null when there is none by that id
 * (unknown, malformed, deleted, or another member's: the API answers 404).
 * @throws XsApiError on a transport fault, a server error (5xx), or 401.
 */
export async function getMemberAddress(ctx: FeatureContext, addressId: string): Promise<Address | null> {
  try {
    return (await memberApi(ctx).call('address_detail', { params: { id: addressId } })).data;
  } catch (err) {
    if (err instanceof XsApiError && err.status >= 400 && err.status < 500 && err.status !== 401) return null;
    throw err;
  }
}

/** The states and federal territories for the address form (state_listing, coverage.md §5). */
export async function listStates(ctx: FeatureContext): Promise<State[]> {
  return (await publicApi(ctx.locals.locale).call('state_listing')).data;
}

const NOTICES: [Flash, MessageKey][] = [
  ['address_added', 'address_added'],
  ['address_updated', 'address_updated'],
  ['address_deleted', 'address_deleted'],
  ['address_default_set', 'address_default_set'],
];

/** The message key of the address change just made (coverage.md §8), removing its flash; null when none. */
export function takeAddressNotice(cookies: AstroCookies): MessageKey | null {
  for (const [flash, key] of NOTICES) if (takeFlash(cookies, flash)) return key;
  return null;
}

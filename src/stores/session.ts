/**
 * Shared client state (DESIGN Islands): the shopper's session summary, cart count, favourites
 * count and UI flags, readable from plain scripts and React islands alike. Never written on the server.
 */
import { atom } from 'nanostores';

/** What the header shows about the logged-in member; null for a guest. */
export type SessionSummary = { member_code: string; customer_firstname: string; customer_point: number; cart_count: number } | null;

export const $session = atom<SessionSummary | undefined>(undefined);
export const $cartCount = atom(0);
/** Whether the delivery-method modal is open (spec §3 User state). */
export const $deliveryModalOpen = atom<false | { step?: 0 | 1 | 2 | 3 }>(false);

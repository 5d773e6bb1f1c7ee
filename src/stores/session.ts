/**
 * Shared client state (docs/architecture.md Islands): the shopper's session summary and cart count,
 * readable from plain scripts and React islands alike. Never written on the server.
 */
import { atom } from 'nanostores';

/**
 * What the header shows about the logged-in member; null for a guest. `birthday_claimed` and
 * `is_birthday` (0/1, coverage.md §3 Profile) decide the home page's birthday claim modal (coverage.md §4).
 */
export type SessionSummary = {
  member_code: string;
  customer_firstname: string;
  /** The profile picture's path ('/uploads/<name>.webp'), null when the member has none. */
  customer_picture: string | null;
  customer_point: number;
  notification_unread: number;
  cart_count: number;
  birthday_claimed?: 0 | 1;
  is_birthday?: 0 | 1;
} | null;

export const $session = atom<SessionSummary | undefined>(undefined);
export const $cartCount = atom(0);

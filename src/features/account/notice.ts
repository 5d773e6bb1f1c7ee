/**
 * The message an account page shows after the member's change (coverage.md §8 success toasts for profile
 * and password update): the Actions of ./actions.ts leave a flash (src/server/flash.ts); the page
 * takes it on the server, so it shows without JavaScript too (and as a toast with it).
 */
import type { AstroCookies } from 'astro';
import { takeFlash, type Flash } from '../../server/flash';
import type { MessageKey } from '../../i18n/messages';

const NOTICES: [Flash, MessageKey][] = [
  ['profile_updated', 'profile_updated'],
  ['password_updated', 'password_updated'],
];

/** The message key of the account change just made, removing its flash; null when there is none. */
export function takeAccountNotice(cookies: AstroCookies): MessageKey | null {
  for (const [flash, key] of NOTICES) if (takeFlash(cookies, flash)) return key;
  return null;
}

/**
 * The message the order detail page shows after the member's change (coverage.md §8 success toasts for
 * order cancel and update): the Actions of ./actions.ts leave a flash (src/server/flash.ts); the
 * page takes it on the server, so it shows without JavaScript too (and as a toast with it).
 */
import type { AstroCookies } from 'astro';
import { takeFlash, type Flash } from '../../server/flash';
import type { MessageKey } from '../../i18n/messages';

const NOTICES: [Flash, MessageKey][] = [
  ['order_cancelled', 'order_cancelled_toast'],
  ['order_pickup_updated', 'order_pickup_updated_toast'],
  ['order_reviewed', 'order_reviewed_toast'],
];

/** The message key of the order change just made, removing its flash; null when there is none. */
export function takeOrderNotice(cookies: AstroCookies): MessageKey | null {
  for (const [flash, key] of NOTICES) if (takeFlash(cookies, flash)) return key;
  return null;
}

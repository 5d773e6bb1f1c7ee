/**
 * One-time messages across a redirect (e.g. 'Login Successful' for 3 s after logging in, coverage.md §4):
 * a short-lived cookie naming a message key. The header's script reads and removes the toasts'
 * flashes (src/components/layout/header.ts); a page that shows a flash as its own state (the access
 * pages' "sent" messages, which must work without JavaScript) takes it on the server with
 * `takeFlash`.
 */
import type { AstroCookies } from 'astro';
import { FLASH_COOKIE } from './http/request-names.ts';
import { config } from './config';

/** The flash cookie's name; the page cache in front of the app renders every request that carries it. */
export { FLASH_COOKIE };
export type Flash =
  | 'login_successful'
  /**
   * After a login that changed the page's language to the profile's (coverage.md §1): 'Login Successful',
   * then a notice in the new language with a tap back to the language the shopper was reading.
   */
  | `login_successful_from_${'en' | 'zh' | 'ar'}`
  | 'logout_successful'
  | 'session_expired'
  | 'password_reset_successful'
  /** /forgot-password after a request: 'Your password reset link will be sent by SMS within 60 seconds.' */
  | 'password_reset_link_sent'
  /** /resend-verification after a request: the code will be sent if the number is a member's. */
  | 'verification_code_sent'
  /** /resend-verification after registering: an SMS went to the number (a code, or "you have an account"). */
  | 'registration_code_sent'
  /** /resend-verification after a member verified the number; /login after a guest did. */
  | 'phone_verified'
  | 'phone_verified_login'
  /** /login after a guest's add to cart or favourite: why the login is asked. */
  | 'login_for_cart'
  | 'login_for_favourite'
  /** The order detail page after the member's change (coverage.md §8 success toasts for order cancel and update). */
  | 'order_cancelled'
  | 'order_pickup_updated'
  | 'order_reviewed'
  /** /account/add-feedback after sending (coverage.md §8 success toast for feedback). */
  | 'feedback_sent'
  /** The account's address list after a change (coverage.md §8 success toasts for address add, update, delete and default). */
  | 'address_added'
  | 'address_updated'
  | 'address_deleted'
  | 'address_default_set'
  /** The account pages after the member's change (coverage.md §8 success toasts for profile and password update). */
  | 'profile_updated'
  | 'password_updated'
  /** The vouchers page after the birthday voucher claim (coverage.md §4 Birthday). */
  | 'birthday_claimed';

/** Sets the flash for the next page (60 s at most). */
export function setFlash(cookies: AstroCookies, flash: Flash): void {
  cookies.set(FLASH_COOKIE, flash, { path: '/', maxAge: 60, sameSite: 'lax', secure: config.cookieSecure });
}

/**
 * True when the request carries `flash`; removes it then, so a reload does not show it again.
 * Another flash is left for whoever reads it.
 */
export function takeFlash(cookies: AstroCookies, flash: Flash): boolean {
  if (cookies.get(FLASH_COOKIE)?.value !== flash) return false;
  cookies.delete(FLASH_COOKIE, { path: '/' });
  return true;
}

/**
 * What the access pages read (coverage.md §2 Access pages). They need nothing from the API before a post
 * (a reset token is checked when the form is sent: reset_password answers 400 for an expired one),
 * so these reads come from the request: the values to put back into a form rendered again after a
 * failed post, the login page's return path and the reset link's token, and the "sent" states that
 * the forgot-password and resend-verification Actions leave as a flash.
 */
import type { AstroGlobal } from 'astro';
import { takeFlash, type Flash } from '../../server/flash';
import { redirectField } from './login-target';

type Page = Pick<AstroGlobal, 'request' | 'url'>;

/**
 * The posted text of `names` when the page renders a form post in place (a failed Action), '' for
 * each otherwise. Ask only for fields that may be shown again: never passwords.
 */
export async function postedFields<K extends string>(astro: Page, names: readonly K[]): Promise<Record<K, string>> {
  const values = Object.fromEntries(names.map((n) => [n, ''])) as Record<K, string>;
  if (astro.request.method !== 'POST') return values;
  const form = await astro.request
    .clone()
    .formData()
    .catch(() => null);
  for (const n of names) {
    const v = form?.get(n);
    if (typeof v === 'string') values[n] = v.slice(0, 2000);
  }
  return values;
}

/**
 * The login form's values: the mobile number typed before a failed post, and the hidden return
 * path, from the post or else from `?redirect=` ('' means home; only paths on this site).
 */
export async function loginFormValues(astro: Page): Promise<{ mobile: string; redirect: string }> {
  const posted = await postedFields(astro, ['mobile', 'redirect']);
  const redirect = astro.request.method === 'POST' ? posted.redirect : astro.url.searchParams.get('redirect');
  return { mobile: posted.mobile, redirect: redirectField(redirect) };
}

/** The reset link's token (`?token=`), or the one posted back in the hidden field; at most 200 characters. */
export async function resetToken(astro: Page): Promise<string> {
  const posted = await postedFields(astro, ['token']);
  return (astro.request.method === 'POST' ? posted.token : (astro.url.searchParams.get('token') ?? '')).slice(0, 200);
}

/**
 * True once after the forgot-password, register, resend-verification or verify Action succeeded
 * (its flash), so the page shows its message without JavaScript and a reload does not repeat it.
 */
export function wasSent(
  astro: Pick<AstroGlobal, 'cookies'>,
  flash: Extract<Flash, 'password_reset_link_sent' | 'verification_code_sent' | 'registration_code_sent' | 'phone_verified' | 'phone_verified_login' | 'login_for_cart' | 'login_for_favourite'>,
): boolean {
  return takeFlash(astro.cookies, flash);
}

/**
 * Access Actions (coverage.md §2 Access pages, §4 Session, §5 Login and validation, §7 Access and account,
 * §8): log in, register, forgotten password, password reset, resend verification, log out.
 *
 * The access pages' forms post here as plain HTML forms (`accept: 'form'`), so they work without
 * JavaScript (src/features/shared/form-action.ts):
 * - the input is the domain's schema (src/domain/validation.ts), whose issues carry message keys
 *   that the page translates (`formState`): a field mistake renders the page in place with 400;
 * - a refusal of the API goes through the one error mapping (src/features/shared/errors.ts) and
 *   renders the page in place with the API's status and text (401 wrong password, 429 throttled,
 *   400 expired reset token or wrong verification code);
 * - success sets a flash (src/server/flash.ts) and answers `{ redirect }`: the middleware redirects
 *   after POST (303) there.
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { BILL_PLATFORM } from '../../domain/constants';
import { href, paths } from '../../domain/paths';
import { loginSchema, mobileOnlySchema, normalizeMalaysianPhone, passwordResetSchema, phoneVerifySchema, registerSchema } from '../../domain/validation';
import type { Locale } from '../../domain/constants';
import { setFlash } from '../../server/flash';
import { clearSession, writeSession } from '../../server/session';
import { memberApi, publicApi } from '../shared/api';
import { viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';
import { loginTarget } from './login-target';
import { forgetVerifyMobile, rememberVerifyMobile } from './verification';
import { languageAfterLogin, needsProfileLanguage, readLanguageChoice, writeLanguageChoice } from '../language/choice';

/** The page to return to after login: any text; a value that is not a path on this site means home. */
const redirectInput = z.string().max(2000).optional().catch(undefined);

/** The language of the member's profile (customer_language), or null when it cannot be read. */
async function profileLanguage(locale: Locale, session: { token: string; member: string }): Promise<Locale | null> {
  try {
    return (await memberApi({ locals: { locale, session } }).call('customer_language')).language;
  } catch {
    return null;
  }
}

export const access = {
  /**
   * Login (coverage.md §4 Session, §5 Login): `mobile`, `password` (loginSchema) and the hidden
   * `redirect` (`/login?redirect=`). Success seals a new session cookie, flashes 'Login Successful'
   * (3 s) and goes to `redirect`, else home, in the language of `languageAfterLogin` (coverage.md §1): a
   * choice made on this device (a /zh or /ar login page, or the `xs_lang` cookie), else the
   * profile's (customer_language), which becomes the local choice; when that changes the page's
   * language, the flash also asks for a notice in the new language with a tap back. Failure: 401 with the API's 'The
   * mobile number or password is incorrect.', 429 after too many failures.
   */
  login: defineAction({
    accept: 'form',
    input: loginSchema.extend({ redirect: redirectInput }),
    handler: async ({ mobile, password, redirect }, ctx): Promise<FormRedirect> => {
      const api = publicApi(ctx.locals.locale, ctx.locals.clientIp);
      const r = await viaApi(ctx, () => api.call('customer_login', { body: [{ mobile, password }] }), { credentials: true });
      const session = { token: r.token, member: r.member_code };
      await writeSession(ctx.cookies, session);
      const page = ctx.locals.locale;
      const local = readLanguageChoice(ctx.cookies);
      const profile = needsProfileLanguage(page, local) ? await profileLanguage(page, session) : null;
      const language = languageAfterLogin(page, local, profile);
      writeLanguageChoice(ctx.cookies, language);
      // A language the shopper did not pick here is said, with a tap back (header.ts).
      setFlash(ctx.cookies, language === page ? 'login_successful' : `login_successful_from_${page}`);
      return { redirect: loginTarget(redirect, language) };
    },
  }),

  /**
   * Register (coverage.md §2 /register, §5, §7 insert_customer with bill_platform 'website'). The API
   * answers alike for a new number and one already registered (it tells the truth by SMS: a 6-digit
   * code, or "you already have an account"), so the shop does too: the shopper goes to the
   * verification page (/resend-verification) with the number remembered for 30 minutes and the
   * notice 'We have sent an SMS to your number…'. Not logged in: a new member logs in after
   * verifying. Failure: 400 for a payload the API refuses, 429 after 3 SMS to the number within 15
   * minutes.
   */
  register: defineAction({
    accept: 'form',
    input: registerSchema,
    handler: async (input, ctx): Promise<FormRedirect> => {
      await viaApi(ctx, () => publicApi(ctx.locals.locale, ctx.locals.clientIp).call('insert_customer', { body: { ...input, bill_platform: BILL_PLATFORM } }));
      rememberVerifyMobile(ctx.cookies, input.customer_mobile);
      setFlash(ctx.cookies, 'registration_code_sent');
      return { redirect: href(ctx.locals.locale, paths.resendVerification) };
    },
  }),

  /**
   * Verify the mobile number (issue "account area" item 12; the API's verify_phone): `mobile` and
   * the 6-digit `code` from the SMS. Success: a logged-in member comes back to the verification
   * page, which says 'Your mobile number is verified.' and leads to the cart; a guest goes to
   * /login with 'Your mobile number is verified. Please log in.'. Failure: 400 'The code is wrong or
   * has expired…' (alike for a wrong, expired or spent code and an unknown number).
   */
  verifyPhone: defineAction({
    accept: 'form',
    input: phoneVerifySchema,
    handler: async ({ mobile, code }, ctx): Promise<FormRedirect> => {
      await viaApi(ctx, () => publicApi(ctx.locals.locale, ctx.locals.clientIp).call('verify_phone', { body: { mobile, code } }));
      forgetVerifyMobile(ctx.cookies);
      if (ctx.locals.session) {
        setFlash(ctx.cookies, 'phone_verified');
        return { redirect: href(ctx.locals.locale, paths.resendVerification) };
      }
      setFlash(ctx.cookies, 'phone_verified_login');
      return { redirect: href(ctx.locals.locale, paths.login()) };
    },
  }),

  /**
   * Forgotten password (coverage.md §7 retrieve_password_by_SMS/{mobile}/{mobile}, §8): asks the API to
   * send a reset link by SMS, then back to /forgot-password showing 'Your password reset link will
   * be sent by SMS within 60 seconds.' (flash 'password_reset_link_sent', read by the page). The
   * API answers alike for members and others, so the page never tells whether the number is a
   * member's. Failure: 429 after 3 requests for a number within 15 minutes.
   */
  forgotPassword: defineAction({
    accept: 'form',
    input: mobileOnlySchema,
    handler: async ({ mobile }, ctx): Promise<FormRedirect> => {
      const m = normalizeMalaysianPhone(mobile);
      await viaApi(ctx, () => publicApi(ctx.locals.locale, ctx.locals.clientIp).call('retrieve_password_by_SMS', { params: { mobile: m, mobile_again: m }, body: { mobile: m } }));
      setFlash(ctx.cookies, 'password_reset_link_sent');
      return { redirect: href(ctx.locals.locale, paths.forgotPassword) };
    },
  }),

  /**
   * Password reset from the SMS link (coverage.md §7 reset_password with portal_type 'website', §8): the
   * token travels in a hidden field. Success flashes the reset toast and goes to /login (every
   * session of the member is revoked). Failure: 400 'Reset password token is expired. Please send
   * new reset request.' for an unknown, used or expired token.
   */
  passwordReset: defineAction({
    accept: 'form',
    input: passwordResetSchema,
    handler: async (input, ctx): Promise<FormRedirect> => {
      await viaApi(ctx, () => publicApi(ctx.locals.locale, ctx.locals.clientIp).call('reset_password', { body: { ...input, portal_type: 'website' } }));
      setFlash(ctx.cookies, 'password_reset_successful');
      return { redirect: href(ctx.locals.locale, paths.login()) };
    },
  }),

  /**
   * Resend verification (coverage.md §7 phone_verification/{phone}): the API sends a new code by SMS to a
   * registered number; back to /resend-verification with 'If this number belongs to a member, a
   * verification code will be sent…' (flash 'verification_code_sent'), never telling whether it
   * does. Failure: 429 when throttled.
   */
  resendVerification: defineAction({
    accept: 'form',
    input: mobileOnlySchema,
    handler: async ({ mobile }, ctx): Promise<FormRedirect> => {
      await viaApi(ctx, () => publicApi(ctx.locals.locale, ctx.locals.clientIp).call('phone_verification', { params: { phone: normalizeMalaysianPhone(mobile) }, body: {} }));
      setFlash(ctx.cookies, 'verification_code_sent');
      return { redirect: href(ctx.locals.locale, paths.resendVerification) };
    },
  }),

  /**
   * Logout: revokes the session row (so every instance forgets it) and removes the cookie.
   * Answers `{ redirect }`, the login page: a form post goes there at once (with the flash
   * 'Logout Successful'); the header's script shows 'Logout Successful' for 2 s and goes there
   * after 0.5 s (coverage.md §4 Session).
   */
  logout: defineAction({
    accept: 'form',
    handler: async (_input, ctx): Promise<FormRedirect> => {
      if (ctx.locals.session) await memberApi(ctx).call('customer_logout').catch(() => undefined);
      clearSession(ctx.cookies);
      setFlash(ctx.cookies, 'logout_successful');
      return { redirect: href(ctx.locals.locale, paths.login()) };
    },
  }),
};

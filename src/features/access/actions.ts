/**
 * Access Actions (spec §2 Access pages, §4 Session, §5 Login and validation, §7 Access and account,
 * §8): log in, register, forgotten password, password reset, resend verification, log out.
 *
 * The access pages' forms post here as plain HTML forms (`accept: 'form'`), so they work without
 * JavaScript (src/features/shared/form-action.ts):
 * - the input is the domain's schema (src/domain/validation.ts), whose issues carry message keys
 *   that the page translates (`formState`): a field mistake renders the page in place with 400;
 * - a refusal of the API goes through the one error mapping (src/features/shared/errors.ts) and
 *   renders the page in place with the API's status and text (401 wrong password, 409 mobile
 *   already registered, 429 throttled, 400 expired reset token);
 * - success sets a flash (src/server/flash.ts) and answers `{ redirect }`: the middleware redirects
 *   after POST (303) there.
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { BILL_PLATFORM } from '../../domain/constants';
import { href, paths } from '../../domain/paths';
import { loginSchema, mobileOnlySchema, normalizeMalaysianPhone, passwordResetSchema, registerSchema } from '../../domain/validation';
import { setFlash } from '../../server/flash';
import { clearSession, writeSession } from '../../server/session';
import { memberApi, publicApi } from '../shared/api';
import { viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';
import { loginTarget } from './login-target';

/** The page to return to after login: any text; a value that is not a path on this site means home. */
const redirectInput = z.string().max(2000).optional().catch(undefined);

export const access = {
  /**
   * Login (spec §4 Session, §5 Login): `mobile`, `password` (loginSchema) and the hidden
   * `redirect` (`/login?redirect=`). Success seals a new session cookie, flashes 'Login Successful'
   * (3 s) and goes to `redirect` in the page's language, else home. Failure: 401 with the API's
   * 'The mobile number or password is incorrect.', 429 after too many failures.
   */
  login: defineAction({
    accept: 'form',
    input: loginSchema.extend({ redirect: redirectInput }),
    handler: async ({ mobile, password, redirect }, ctx): Promise<FormRedirect> => {
      const api = publicApi(ctx.locals.locale, ctx.locals.clientIp);
      const r = await viaApi(ctx, () => api.call('customer_login', { body: [{ mobile, password }] }), { credentials: true });
      await writeSession(ctx.cookies, { token: r.token, member: r.member_code });
      setFlash(ctx.cookies, 'login_successful');
      return { redirect: loginTarget(redirect, ctx.locals.locale) };
    },
  }),

  /**
   * Register (spec §2 /register, §5, §7 insert_customer with bill_platform 'website'): the new
   * member is logged in at once, 'Registration successful' is flashed, and the shopper goes home.
   * Failure: 409 'This mobile number is already registered…', 400 for a payload the API refuses.
   */
  register: defineAction({
    accept: 'form',
    input: registerSchema,
    handler: async (input, ctx): Promise<FormRedirect> => {
      const api = publicApi(ctx.locals.locale, ctx.locals.clientIp);
      await viaApi(ctx, () => api.call('insert_customer', { body: { ...input, bill_platform: BILL_PLATFORM } }));
      const r = await viaApi(ctx, () => api.call('customer_login', { body: [{ mobile: input.customer_mobile, password: input.password }] }), { credentials: true });
      await writeSession(ctx.cookies, { token: r.token, member: r.member_code });
      setFlash(ctx.cookies, 'registration_successful');
      return { redirect: href(ctx.locals.locale, paths.home) };
    },
  }),

  /**
   * Forgotten password (spec §7 retrieve_password_by_SMS/{mobile}/{mobile}, §8): asks the API to
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
   * Password reset from the SMS link (spec §7 reset_password with portal_type 'website', §8): the
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
   * Resend verification (spec §7 phone_verification/{phone}): the API sends a new code by SMS to a
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
   * after 0.5 s (spec §4 Session).
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

/**
 * Account Actions (coverage.md §2 /account/profile and /account/password, §5 validation, §7
 * update_customer and update_customer_password, §8 success toasts): plain HTML forms post here
 * (`accept: 'form'`), so they work without JavaScript (src/features/shared/form-action.ts):
 * - the input is the domain's schema (src/domain/validation.ts): a field mistake renders the page
 *   in place with 400 and the field's message in the shopper's language;
 * - a refusal of the API goes through the one error mapping (src/features/shared/errors.ts) and
 *   renders the page in place with the API's status and text (400 wrong current password, 429);
 * - success sets a flash and answers `{ redirect }` to the same page (redirect after POST, 303).
 * The picture form posts multipart/form-data (a file), within Astro's `actionBodySizeLimit`
 * (astro.config.mjs: a 5 MB picture and its framing); a larger body is refused before it is read.
 * The member is the session's, never one sent by the browser.
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { href, paths } from '../../domain/paths';
import { passwordChangeSchema, profileSchema } from '../../domain/validation';
import { setFlash } from '../../server/flash';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';

export const account = {
  /**
   * Profile update (update_customer): customer_firstname (required, ≤ 100), customer_lastname
   * (≤ 100), customer_email ('' or an address, ≤ 255). Success flashes 'Profile updated
   * successfully' and goes back to /account/profile in the page's language.
   */
  updateProfile: defineAction({
    accept: 'form',
    input: profileSchema,
    handler: async (input, ctx): Promise<FormRedirect> => {
      requireMember(ctx);
      await viaApi(ctx, () => memberApi(ctx).call('update_customer', { body: input }));
      setFlash(ctx.cookies, 'profile_updated');
      return { redirect: href(ctx.locals.locale, paths.account.profile) };
    },
  }),

  /**
   * Profile picture (upload_customer_picture, coverage.md §5, §8, §9): the form's file part
   * `customer_picture`, sent on as it is; the API judges it by content (JPEG or PNG, at most 5 MB)
   * and answers 413 'Maximum file size accepted is 5MB', 415 'Only accept file type with
   * jpg,jpeg and png format.' or 422 for a file it cannot read, rendered in place with that text.
   * Success flashes 'Profile updated successfully' and goes back to /account/profile; the page's
   * script, calling this with JavaScript, reads `picture` (the new picture's path) and shows its
   * own toast instead of the flash.
   */
  uploadPicture: defineAction({
    accept: 'form',
    input: z.object({ customer_picture: z.instanceof(File, { message: 'field_required' }) }),
    handler: async ({ customer_picture }, ctx): Promise<FormRedirect & { picture: string | null }> => {
      requireMember(ctx);
      const { data } = await viaApi(ctx, () => memberApi(ctx).call('upload_customer_picture', { body: { customer_picture } }));
      setFlash(ctx.cookies, 'profile_updated');
      return { redirect: href(ctx.locals.locale, paths.account.profile), picture: data.customer_picture };
    },
  }),

  /**
   * Password change (update_customer_password): current_password, new_password (≥ 6),
   * confirm_password (must match). The member's other sessions are revoked, this one is kept.
   * Success flashes 'Password updated successfully' and goes back to /account/password. Failure:
   * 400 'The current password is incorrect.', 429 after too many wrong passwords.
   */
  changePassword: defineAction({
    accept: 'form',
    input: passwordChangeSchema,
    handler: async (input, ctx): Promise<FormRedirect> => {
      requireMember(ctx);
      await viaApi(ctx, () => memberApi(ctx).call('update_customer_password', { body: input }));
      setFlash(ctx.cookies, 'password_updated');
      return { redirect: href(ctx.locals.locale, paths.account.password) };
    },
  }),
};

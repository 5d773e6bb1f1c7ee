/**
 * The console's picture section's Actions (issue 20 item 2; ADR 28): plain HTML forms
 * (`accept: 'form'`, the upload `multipart/form-data`) posted to the console page they are on, so
 * they carry the console's cookie (path /staff) and work without JavaScript. Each calls one HQ
 * operation as the logged-in staff member, whose rules decide (HQ only, the picture judged by its
 * bytes); a refusal renders the page in place with the API's text in the staff member's language.
 * Success redirects back with `?done=` (added, moved, removed).
 */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'zod';
import { paths } from '../../domain/paths';
import { productCodeSchema } from '../../domain/catalogue-edit';
import { staffApi } from '../shared/api';
import { viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';

/** What the picture section shows after a change (`?done=`). */
export const PICTURES_DONE = ['added', 'moved', 'removed'] as const;
export type PicturesDone = (typeof PICTURES_DONE)[number];

/** Calls the API as the logged-in staff member. @throws ActionError UNAUTHORIZED without a console session, else the API's refusal. */
function asStaff<T>(ctx: ActionAPIContext, fn: (api: ReturnType<typeof staffApi>) => Promise<T>): Promise<T> {
  if (!ctx.locals.staff) throw new ActionError({ code: 'UNAUTHORIZED', message: 'staff session missing' });
  return viaApi(ctx, () => fn(staffApi(ctx)), { credentials: true });
}

const back = (code: string, done: PicturesDone): FormRedirect => ({ redirect: `${paths.staff.catalogue.pictures(code)}?done=${done}` });
const picture = z.string().trim().min(1, 'field_required').max(500);

/**
 * The new order of `pictures` with `which` moved one place earlier or later (unchanged at either end).
 * Example: (['a', 'b', 'c'], 'c', 'earlier') → ['a', 'c', 'b'].
 */
export function movedPictures(pictures: readonly string[], which: string, direction: 'earlier' | 'later'): string[] {
  const order = [...pictures];
  const i = order.indexOf(which);
  const j = direction === 'earlier' ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= order.length) return order;
  [order[i], order[j]] = [order[j]!, order[i]!];
  return order;
}

export const productPictures = {
  /** Adds the chosen file as the product's last picture (JPEG, PNG or WebP by content, at most 20 MB). */
  add: defineAction({
    accept: 'form',
    input: z.object({
      product_code: productCodeSchema,
      // No file chosen: the browser still sends an empty part.
      picture: z.instanceof(File, { message: 'field_required' }).refine((f) => f.size > 0, 'field_required'),
    }),
    handler: async ({ product_code, picture: file }, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, (api) => api.call('ops_product_picture_add', { body: { product_code, picture: file } }));
      return back(product_code, 'added');
    },
  }),

  /**
   * Moves one picture a place earlier or later. The order is computed from the product's pictures
   * as they are now; had they changed since the page was shown, the API's 409 says so.
   */
  move: defineAction({
    accept: 'form',
    input: z.object({ product_code: productCodeSchema, picture, direction: z.enum(['earlier', 'later']) }),
    handler: async ({ product_code, picture: which, direction }, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, async (api) => {
        const { data } = await api.call('ops_product', { query: { product_code } });
        const pictures = data.pictures.includes(which) ? movedPictures(data.pictures, which, direction) : [...data.pictures.filter((p) => p !== which), which];
        return api.call('ops_product_picture_order', { body: { product_code, pictures } });
      });
      return back(product_code, 'moved');
    },
  }),

  /** Removes one picture (an uploaded file goes too unless an order shows it). */
  remove: defineAction({
    accept: 'form',
    input: z.object({ product_code: productCodeSchema, picture }),
    handler: async ({ product_code, picture: which }, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, (api) => api.call('ops_product_picture_remove', { body: { product_code, picture: which } }));
      return back(product_code, 'removed');
    },
  }),
};

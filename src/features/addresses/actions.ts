/**
 * Address Actions: the one door for changing the member's addresses (coverage.md §2 Account: Addresses,
 * §4 Address form, §7 add_address, update_address, delete_address; §8 success toasts). The account
 * pages and the delivery modal's create-address step share `save` and one form
 * (src/features/delivery/ui/AddressForm.tsx).
 *
 * Every Action accepts a plain form post (`accept: 'form'`, src/features/shared/form-action.ts), so
 * the account pages work without JavaScript:
 * - the input is the domain's address schema (src/domain/validation.ts): a field mistake renders
 *   the page in place with 400 and the field's message;
 * - a refusal of the API (postcode not in the state or city, 404 for an address that is not the
 *   member's) renders in place with the API's status and text in the shopper's language;
 * - success with `from: 'account'` flashes the toast ('Address has been added', …) and redirects
 *   (303) to /account/addresses; the delivery modal leaves `from` out and shows its own toast.
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { href, paths } from '../../domain/paths';
import { addressSchema } from '../../domain/validation';
import type { Address } from '../../lib/xs-api/contract';
import { setFlash } from '../../server/flash';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';

/** An address id as a form sends it ('12'): a positive integer. */
const addressId = z.coerce.number({ error: 'invalid' }).int('invalid').min(1, 'invalid').max(2_147_483_647, 'invalid');

/** Where the form was posted from: 'account' pages redirect to the list with a flash. */
const from = z.enum(['account']).optional().catch(undefined);

export const addresses = {
  /**
   * Add (no `add_id`) or change (`add_id`) one address: every field of coverage.md §5, add_country always
   * Malaysia, `add_default` '1' makes it the only default (a default cannot be unticked, coverage.md §4).
   * @returns the stored address and, from the account pages, `redirect` to the list.
   */
  save: defineAction({
    accept: 'form',
    input: addressSchema.extend({ add_id: addressId.optional(), from }),
    handler: async ({ add_id, from: origin, ...fields }, ctx): Promise<FormRedirect & { address: Address }> => {
      requireMember(ctx);
      const api = memberApi(ctx);
      const body = { ...fields, add_country: 'Malaysia', add_default: fields.add_default ?? 0 };
      const address = await viaApi(ctx, () =>
        add_id === undefined
          ? api.call('add_address', { body }).then((r) => r.data)
          : api.call('update_address', { body: { ...body, add_id } }).then((r) => r.data),
      );
      if (origin !== 'account') return { address };
      setFlash(ctx.cookies, add_id === undefined ? 'address_added' : 'address_updated');
      return { address, redirect: href(ctx.locals.locale, paths.account.addresses) };
    },
  }),

  /**
   * Delete one address (after the confirm modal, coverage.md §2 Modals "delete address"); deleting the
   * default makes the oldest remaining address the default (server rule). Flashes 'Address has
   * been deleted' and redirects to the list. 404 when it is not the member's.
   */
  remove: defineAction({
    accept: 'form',
    input: z.object({ add_id: addressId }),
    handler: async ({ add_id }, ctx): Promise<FormRedirect> => {
      requireMember(ctx);
      await viaApi(ctx, () => memberApi(ctx).call('delete_address', { body: { add_id } }));
      setFlash(ctx.cookies, 'address_deleted');
      return { redirect: href(ctx.locals.locale, paths.account.addresses) };
    },
  }),

  /**
   * Make one address the default: update_address with the address as stored and add_default 1
   * (the server unsets the other default in the same transaction). Flashes 'Default address has
   * been updated' and redirects to the list. 404 when it is not the member's.
   */
  setDefault: defineAction({
    accept: 'form',
    input: z.object({ add_id: addressId }),
    handler: async ({ add_id }, ctx): Promise<FormRedirect> => {
      requireMember(ctx);
      const api = memberApi(ctx);
      await viaApi(ctx, async () => {
        const { data: a } = await api.call('address_detail', { params: { id: String(add_id) } });
        const { add_id: id, add_person, add_phone, add_address1, add_address2, add_city, add_postcode, add_state } = a;
        await api.call('update_address', {
          body: { add_id: id, add_person, add_phone, add_address1, add_address2, add_city, add_postcode, add_state, add_country: 'Malaysia', add_default: 1 },
        });
      });
      setFlash(ctx.cookies, 'address_default_set');
      return { redirect: href(ctx.locals.locale, paths.account.addresses) };
    },
  }),
};

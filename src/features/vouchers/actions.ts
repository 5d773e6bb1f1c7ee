/**
 * Actions of the account's vouchers (coverage.md §2 redeem voucher modal, §7 get_voucher, §8 'Not enough
 * point to redeem'). The member comes from the session, never from the browser.
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { VOUCHER_CODE_RE } from '../../lib/xs-api/contract';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';
import { toVoucherCard } from './view';

export const vouchers = {
  /**
   * Redeems points for one voucher of kind `vc_code`. Answers `{ voucher, points }`: the new
   * voucher as a card and the balance left. Errors: UNAUTHORIZED for a guest; CONFLICT 'Not enough
   * point to redeem' when the balance is short; NOT_FOUND for a kind that cannot be redeemed;
   * BAD_REQUEST for a malformed code — each message in the shopper's language.
   */
  redeem: defineAction({
    input: z.object({ vc_code: z.string().regex(VOUCHER_CODE_RE) }),
    handler: async ({ vc_code }, ctx) => {
      requireMember(ctx);
      const r = await viaApi(ctx, () => memberApi(ctx).call('get_voucher', { body: { vc_code } }));
      return { voucher: toVoucherCard(r.data), points: r.customer_point };
    },
  }),
};

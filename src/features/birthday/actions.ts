/**
 * The birthday voucher claim (coverage.md §4 Birthday: on success, voucher_created 1, go to the vouchers
 * page, otherwise show an error; §7 get_voucher "birthday claim sends total_redemption and
 * voucher_info"). The member comes from the session, never from the browser.
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { href, paths } from '../../domain/paths';
import { setFlash } from '../../server/flash';
import { memberApi } from '../shared/api';
import { requireMember, viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';

export const birthday = {
  /**
   * Claims this year's birthday voucher: get_voucher with `total_redemption: 0` (it costs no
   * points) and `voucher_info: [{ voucher_type: 'birthday' }]`. Accepts a plain form post (no
   * fields), so it works without JavaScript. On success flashes 'birthday_claimed' and answers
   * `{ redirect, vm_voucher_no }`: the vouchers page in the shopper's language and the new voucher.
   * Errors, each in the shopper's language: UNAUTHORIZED for a guest; CONFLICT outside the birthday
   * month or once claimed this year; NOT_FOUND when the shop has no birthday voucher.
   */
  claim: defineAction({
    accept: 'form',
    input: z.object({}),
    handler: async (_input, ctx): Promise<FormRedirect & { redirect: string; vm_voucher_no: string }> => {
      requireMember(ctx);
      const r = await viaApi(ctx, () =>
        memberApi(ctx).call('get_voucher', { body: { total_redemption: 0, voucher_info: [{ voucher_type: 'birthday' as const }] } }),
      );
      setFlash(ctx.cookies, 'birthday_claimed');
      return { redirect: href(ctx.locals.locale, paths.account.vouchers), vm_voucher_no: r.data.vm_voucher_no };
    },
  }),
};

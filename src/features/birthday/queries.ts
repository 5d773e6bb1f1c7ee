/**
 * What the vouchers page shows of the birthday voucher (coverage.md §4 Birthday): whether the member may
 * claim it now (profile is_birthday 1 and birthday_claimed 0; the offer works without JavaScript)
 * and whether a claim just succeeded (its flash, taken here so a reload does not show it again).
 */
import type { AstroGlobal } from 'astro';
import { takeFlash } from '../../server/flash';

/** `canClaim`: offer the claim; `claimed`: the claim just made (the success notice). */
export type BirthdayOffer = { canClaim: boolean; claimed: boolean };

/** Reads the member's profile (once per request) and the claim's flash. A guest can claim nothing. */
export async function getBirthdayOffer(astro: Pick<AstroGlobal, 'locals' | 'cookies'>): Promise<BirthdayOffer> {
  const profile = await astro.locals.profile();
  return {
    canClaim: profile?.is_birthday === 1 && profile.birthday_claimed === 0,
    claimed: takeFlash(astro.cookies, 'birthday_claimed'),
  };
}

/**
 * The notes of a buy again (docs/coverage.md "Buy again") carried across the redirect to /cart:
 * the `cart.buyAgain` Action keeps the order number and, per line that did not go in whole, the
 * product code, the kind of note and the units (ordered, added) in a short-lived cookie; the cart
 * page takes it once (a reload does not show it again) and names the products from the order, in
 * the page's language. Only codes and numbers travel in the cookie, so it stays small whatever the
 * language; a cookie that does not read as such is ignored.
 */
import type { AstroCookies } from 'astro';
import { z } from 'zod';
import type { BuyAgainNote } from '../../lib/xs-api/contract';
import type { BuyAgainNoteKind } from '../../domain/buy-again';
import { config } from '../../server/config';

const COOKIE = 'xs_buy_again';
/** Notes kept at most (a cookie holds about 4 KB); the rest are counted. */
export const BUY_AGAIN_NOTES_KEPT = 40;

const KINDS = ['not_sold', 'out_of_stock', 'short'] as const satisfies readonly BuyAgainNoteKind[];
const stored = z.object({
  o: z.string().min(1).max(30),
  n: z.array(z.tuple([z.string().min(1).max(30), z.enum(KINDS), z.number().int().min(0), z.number().int().min(0)])).max(BUY_AGAIN_NOTES_KEPT),
  m: z.number().int().min(0),
});

/** A note as the cart page reads it: product code, kind, units ordered and added. */
export type KeptNote = { code: string; kind: BuyAgainNoteKind; ordered: number; added: number };
/** What the cart page shows after a buy again: the order, its notes, and how many more were left out of the cookie. */
export type KeptBuyAgain = { refno: string; notes: KeptNote[]; more: number };

/** Keeps the outcome of buying `refno` again for the next page (60 s at most). */
export function keepBuyAgainNotes(cookies: AstroCookies, refno: string, notes: BuyAgainNote[]): void {
  const value = {
    o: refno,
    n: notes.slice(0, BUY_AGAIN_NOTES_KEPT).map((n) => [n.product_code, n.note, n.added, n.ordered]),
    m: Math.max(0, notes.length - BUY_AGAIN_NOTES_KEPT),
  };
  cookies.set(COOKIE, JSON.stringify(value), { path: '/', maxAge: 60, httpOnly: true, sameSite: 'lax', secure: config.cookieSecure });
}

/** The kept outcome, removing it; null when there is none or it does not read. */
export function takeBuyAgainNotes(cookies: AstroCookies): KeptBuyAgain | null {
  const raw = cookies.get(COOKIE)?.value;
  if (raw === undefined) return null;
  cookies.delete(COOKIE, { path: '/' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const r = stored.safeParse(parsed);
  if (!r.success) return null;
  return { refno: r.data.o, notes: r.data.n.map(([code, kind, added, ordered]) => ({ code, kind, added, ordered })), more: r.data.m };
}

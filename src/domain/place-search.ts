/**
 * What a shopper types to find outlets without a saved address (issue "A shopper trusts every
 * step": "offer current location and a postcode or town search for finding outlets before any
 * saved address"; coverage.md §4 Delivery method step 0–1). Pure, shared by the delivery modal (checked
 * before anything is sent) and the bundled API's `locate_place` (checked again there).
 *
 * - Spaces at either end are dropped and runs of spaces inside become one.
 * - Only digits: a Malaysian postcode, exactly `POSTCODE_DIGITS` (5) digits ('47300'), else
 *   'place_postcode_invalid'.
 * - Anything else: a town, `PLACE_QUERY_MIN_LENGTH` to `PLACE_QUERY_MAX_LENGTH` characters
 *   ('Petaling Jaya', 'georgetown', 'Tanjong Malim'), matched by the server ignoring case, accents
 *   and punctuation (src/domain/place-name.ts `foldPlace`).
 * - Empty: 'place_search_required'; too short or too long: 'place_search_length'.
 * Refusals are message-catalogue keys (the API answers them in the caller's language).
 */
import { z } from 'zod';

/** Digits of a Malaysian postcode. */
export const POSTCODE_DIGITS = 5;
/** Shortest and longest town search, in characters. */
export const PLACE_QUERY_MIN_LENGTH = 2;
export const PLACE_QUERY_MAX_LENGTH = 60;
/** Most places one search answers (a town name several states share). */
export const PLACE_RESULTS_MAX = 5;

/** A checked search: a postcode ('47300') or a town as typed, spaces tidied ('Petaling Jaya'). */
export type PlaceQuery = { kind: 'postcode'; postcode: string } | { kind: 'town'; town: string };

/** Why a search is refused (a message key). */
export type PlaceQueryRefusal = 'place_search_required' | 'place_search_length' | 'place_postcode_invalid';

/**
 * Reads what the shopper typed: '  47300 ' → { kind: 'postcode', postcode: '47300' };
 * 'Petaling   Jaya' → { kind: 'town', town: 'Petaling Jaya' }; '4730' → 'place_postcode_invalid';
 * '' → 'place_search_required'; 'K' → 'place_search_length'.
 */
export function parsePlaceQuery(raw: string): PlaceQuery | { refused: PlaceQueryRefusal } {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (!text) return { refused: 'place_search_required' };
  if (/^\d+$/.test(text)) return text.length === POSTCODE_DIGITS ? { kind: 'postcode', postcode: text } : { refused: 'place_postcode_invalid' };
  if (text.length < PLACE_QUERY_MIN_LENGTH || text.length > PLACE_QUERY_MAX_LENGTH) return { refused: 'place_search_length' };
  return { kind: 'town', town: text };
}

/** The search as a zod schema (the API's `q`): a `PlaceQuery`, or an issue whose message is the refusal's key. */
export const placeQuerySchema = z
  .string()
  .max(500, 'place_search_length')
  .transform((raw, ctx): PlaceQuery => {
    const parsed = parsePlaceQuery(raw);
    if ('refused' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.refused });
      return z.NEVER;
    }
    return parsed;
  });

/** How a found place is named to the shopper: 'Petaling Jaya, Selangor'; '47300 Petaling Jaya, Selangor' for a postcode. */
export function placeLabel(p: { place_name: string; postcode: string | null; state_name: string }): string {
  return `${p.postcode ? `${p.postcode} ` : ''}${p.place_name}, ${p.state_name}`;
}

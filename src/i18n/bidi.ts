/**
 * Bidirectional text: the one place for keeping a run of text (an address, a postcode and city,
 * a phone or order number, a code, a Latin name, a date) whole and in its own order inside a
 * page of the other direction (issue "A shop that looks real in every language", item 3).
 *
 * - In markup, wrap the run in `<bdi>` (direction from its own first strong letter, isolated from
 *   its neighbours): Astro pages use `src/components/Bdi.astro`, React islands `<bdi>` itself.
 * - In a plain string (a message parameter, an `aria-label`, a confirm text, a joined line),
 *   use `isolate(text)`, the same isolation written as Unicode marks (FSI … PDI, UAX #9).
 * - An address is ONE run (`isolateRun`): its parts keep the order they are written in. Joining
 *   its parts with `isolateJoin` would order the parts right to left in Arabic ('47300 ,SS2 ,No. 18').
 * - A run on a line of its own sits in a block of the PAGE's direction (`<span class="block"><bdi>…`),
 *   never in a block `<bdi>` itself: a block takes the run's direction and a Latin address would
 *   stand left-aligned under right-aligned Arabic (issue 24).
 * - A truncated run (`truncate`, text-overflow: ellipsis) gets `dir="auto"`, so a Latin store name
 *   in Arabic is cut at its logical end, not its start.
 */

/** U+2068 FIRST STRONG ISOLATE: opens a run whose direction comes from its first strong letter. */
export const FSI = '\u2068';
/** U+2069 POP DIRECTIONAL ISOLATE: closes the run opened by FSI. */
export const PDI = '\u2069';

/**
 * The text as one isolated run, as `<bdi>` would show it: 'Jalan SS2, 27' → '\u2068Jalan SS2, 27\u2069'.
 * Empty or blank text stays '' (no stray marks). Never throws.
 */
export function isolate(text: string | null | undefined): string {
  const value = (text ?? '').trim();
  return value ? `${FSI}${value}${PDI}` : '';
}

/**
 * Non-empty parts, each isolated, joined by `separator` (outside the runs, so it follows the
 * page's direction): (', ', ['27, Jalan SS2', '', '47300 Petaling Jaya']) →
 * '\u206827, Jalan SS2\u2069, \u206847300 Petaling Jaya\u2069'. Never throws.
 */
export function isolateJoin(separator: string, parts: readonly (string | null | undefined)[]): string {
  return parts.map(isolate).filter(Boolean).join(separator);
}

/**
 * Parts of one run (an address: street, area, postcode and city, state) joined by `separator` and
 * isolated as a whole, so they read in the order they are written inside text of either direction:
 * (', ', ['No. 18, Jalan SS2/24', '', '47300 Petaling Jaya']) →
 * '\u2068No. 18, Jalan SS2/24, 47300 Petaling Jaya\u2069'. Blank parts are left out. Never throws.
 */
export function isolateRun(separator: string, parts: readonly (string | null | undefined)[]): string {
  return isolate(parts.map((p) => (p ?? '').trim()).filter(Boolean).join(separator));
}

/** The text without isolation marks (for comparing or measuring what a shopper sees). */
export function stripIsolates(text: string): string {
  return text.replaceAll(FSI, '').replaceAll(PDI, '');
}

/**
 * Rendered fragments kept in memory, for CachedFragment.astro (ADR 47; docs/architecture.md
 * "Render cost"): the HTML of a part of a page that is the same on every page that shows it with
 * the same inputs (the header, the footer, the icon sprite, a product card), rendered once per key
 * and reused by every later render in this process.
 *
 * - The key names every input of the fragment (its data, the language); a change of data is a new
 *   key, so nothing needs to be dropped when the catalogue changes. At most MAX_FRAGMENTS are kept,
 *   the least recently used going first.
 * - Only a GET or HEAD render reads or fills the memo: a form post's answer may show that form's
 *   failure inside the fragment (a card's "Add to cart" refused).
 * - A fragment whose HTML holds a script, a style, a link or an island is never kept: Astro writes
 *   a component's script (and an island's loader) once per page, at its first use, so that HTML
 *   belongs to the page it was rendered for. Such a fragment is rendered every time, as without the memo.
 * - A hole (`<FragmentHole name>`, `holeMarker`) is a place in the kept HTML that is filled at every
 *   render with the fragment's slot of that name: what depends on the page (the language links,
 *   the search box's text).
 */
import { LRUCache } from 'lru-cache';

/** Most fragments kept: a product card is one per product, language and layout (3 × 4 × some hundreds). */
export const MAX_FRAGMENTS = 5_000;

/** HTML that must not be reused on another page (see above). */
const PAGE_BOUND = /<(?:script|style|link|astro-island|astro-slot)\b/i;

const HOLE = /<!--fragment-hole:([a-z][a-z0-9-]*)-->/g;

const kept = new LRUCache<string, string>({ max: MAX_FRAGMENTS });

/** Counts since start, for tests and for a look at how well the memo serves. */
const counts = { hits: 0, misses: 0, refused: 0 };

/** The marker of hole `name` (lower-case letters, digits, '-') in a fragment's HTML. */
export function holeMarker(name: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`fragment hole name: ${JSON.stringify(name)}`);
  return `<!--fragment-hole:${name}-->`;
}

/**
 * The HTML of a fragment: kept HTML for `key`, else `render()`'s (kept when it may be). `key` null,
 * or a request method other than GET and HEAD: rendered, neither read nor kept.
 */
export async function fragmentHtml(key: string | null, method: string, render: () => Promise<string>): Promise<string> {
  if (key === null || (method !== 'GET' && method !== 'HEAD')) return render();
  const hit = kept.get(key);
  if (hit !== undefined) {
    counts.hits++;
    return hit;
  }
  const html = await render();
  if (PAGE_BOUND.test(html)) counts.refused++;
  else {
    counts.misses++;
    kept.set(key, html);
  }
  return html;
}

/** `html` with each hole replaced by `fill(name)`'s HTML (the slots are rendered one after another, in order). */
export async function fillHoles(html: string, fill: (name: string) => Promise<string>): Promise<string> {
  const names = [...html.matchAll(HOLE)].map((m) => m[1]!);
  if (names.length === 0) return html;
  const filled = new Map<string, string>();
  for (const name of names) if (!filled.has(name)) filled.set(name, await fill(name));
  return html.replace(HOLE, (_, name: string) => filled.get(name)!);
}

/** Hits (kept HTML served), misses (rendered and kept) and refusals (rendered, page-bound, not kept) since start. */
export function fragmentCounts(): Readonly<typeof counts> {
  return { ...counts };
}

/** Forgets every kept fragment (tests). */
export function clearFragments(): void {
  kept.clear();
}

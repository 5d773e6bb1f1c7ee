/**
 * Short-lived memo of the public reference reads every page repeats (issue "Fast at the origin"
 * render part; docs/architecture.md The feature layer): category groups with their lines (header, sidebar,
 * product page), the company's contact and social links (footer), banners and brands. (Outlets are
 * left out: their answer depends on the shopper's position and may carry stock per store.)
 * A page used to read the same groups twice and `company_info` twice per render; now one read
 * serves every page of every shopper for REFERENCE_READ_TTL_MS, and concurrent renders share the
 * read in flight.
 *
 * Safe for cached pages because only `publicApi` uses it: no session, no member, the same answer
 * for everyone in a language. Freshness: these tables change only by the seed and by staff, and
 * a catalogue page is itself served up to CATALOGUE_MAX_AGE_S old (src/server/cache.ts), so a
 * change shows within the same minute; `forgetReferenceReads()` drops everything at once (tests,
 * operators' tools in the same process). A failed read is never kept.
 */
import type { OperationName } from '../../lib/xs-api/contract';

/** Operations whose public answers are kept (GET, the same for every shopper in a language). */
export const REFERENCE_OPERATIONS: ReadonlySet<OperationName> = new Set<OperationName>([
  'get_prdtgroupline_listing',
  'productline_listing',
  'company_contact',
  'get_reach_us',
  'mobile_ecommerce_header_banner',
  'get_promotion_banner',
  'brand_listing',
]);

/** How long a reference answer is reused, in ms (the catalogue pages' own freshness, 60 s). */
export const REFERENCE_READ_TTL_MS = 60_000;

/** Entries past this count are dropped oldest first (a guard: real keys are a few dozen). */
const MAX_ENTRIES = 500;

type Entry = { expiresAt: number; answer: Promise<unknown> };
const entries = new Map<string, Entry>();

/**
 * The memo key of a call: operation, language and the call's input (path and query values).
 * Example: ('get_reach_us', 'ar', { params: { code: 'XS' } }) → 'get_reach_us|ar|{"params":{"code":"XS"}}'.
 */
export function referenceKey(name: OperationName, locale: string, input: unknown): string {
  return `${name}|${locale}|${input === undefined ? '' : JSON.stringify(input)}`;
}

/**
 * The kept answer of `key`, or the answer of `read()` kept for REFERENCE_READ_TTL_MS (`now` in ms,
 * for tests). Callers that come while the read is in flight share it; a rejected read is forgotten
 * at once, so the next caller tries again.
 */
export function rememberReference<T>(key: string, read: () => Promise<T>, now: number = Date.now()): Promise<T> {
  const kept = entries.get(key);
  if (kept && kept.expiresAt > now) return kept.answer as Promise<T>;
  const answer = read();
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(key, { expiresAt: now + REFERENCE_READ_TTL_MS, answer });
  answer.catch(() => {
    if (entries.get(key)?.answer === answer) entries.delete(key);
  });
  return answer;
}

/** Forgets every kept answer (after a change to reference data in this process, and in tests). */
export function forgetReferenceReads(): void {
  entries.clear();
}

/**
 * Calling an Action from a React island so that every failure reads as coverage.md §8 says: a network
 * fault ('Failed to fetch'), an answer that is not the Action's own (a proxy's empty 502, a 500
 * `{}`) or a refusal without a message all become the general 'Oops, Something went wrong on
 * server.' in the shopper's language; a refusal with a message keeps it. Never throws, so the
 * caller always reaches the code that ends its busy state.
 */
import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/messages';

/** What an island reads back: the data, or an error whose message is always a sentence to show. */
export type IslandOutcome<T> = { data: T; error?: undefined } | { data?: undefined; error: { code: string; message: string } };

/**
 * Runs `call` (an `actions.x.y(input)` of astro:actions); a throw or an error without a message
 * becomes `{ error: { code, message: 'Oops, Something went wrong on server.' } }` in `locale`.
 */
export async function islandAction<T>(
  locale: Locale,
  call: () => Promise<{ data?: T; error?: { code?: string; message?: string } | undefined }>,
): Promise<IslandOutcome<T>> {
  const general = m.generic_error({}, { locale });
  try {
    const { data, error } = await call();
    if (error) return { error: { code: error.code ?? 'INTERNAL_SERVER_ERROR', message: error.message?.trim() || general } };
    return { data: data as T };
  } catch {
    return { error: { code: 'NETWORK', message: general } };
  }
}

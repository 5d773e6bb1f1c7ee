/**
 * What every catalogue read shares: the context it takes (only the shopper's language) and the
 * rules for failed calls (coverage.md §8): a not-found answer is `null`, optional content is left out,
 * anything else is thrown as it is (the page fails; a fragment maps it with `shopperError`).
 */
import { XsApiError } from '../../../lib/xs-api/client';
import type { Locale } from '../../../i18n/messages';

/**
 * A page, endpoint or component context: catalogue reads take the language from it and nothing
 * else, so they can never see the session (they use `publicApi`, safe for cached pages).
 */
export type PublicContext = { locals: { locale: Locale } };

/** True for a contract error with one of the given HTTP statuses. */
export function isApiStatus(err: unknown, test: (status: number) => boolean): err is XsApiError {
  return err instanceof XsApiError && test(err.status);
}

/** The answer, or null when the API answered 404; other failures are rethrown. */
export async function orNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (isApiStatus(err, (s) => s === 404)) return null;
    throw err;
  }
}

/**
 * The answer, or null when the API refused the request (any 4xx: unknown, malformed, not running);
 * for routes whose every refusal is the 404 page (promotion, voucher details). 5xx are rethrown.
 */
export async function orRefused<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (isApiStatus(err, (s) => s >= 400 && s < 500)) return null;
    throw err;
  }
}

/** Optional content (banners, promotions, brands): a failed read leaves its section out. */
export async function orEmpty<T>(read: Promise<T[]>): Promise<T[]> {
  return read.catch(() => []);
}

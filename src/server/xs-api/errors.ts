/**
 * Errors of the bundled API (coverage.md §8): every failure answers `{ Status: 0, Error: text }` with a 4xx
 * status, the text from the message catalogue in the caller's language.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { translate, type Locale, type MessageKey } from '../../i18n/messages';

/**
 * A message parameter: a value, or a function of the caller's language for values shown in it (a
 * date: `(locale) => formatPickupDate(day, locale)`), so ZH and AR answers never carry EN dates.
 */
export type ErrorParam = string | number | ((locale: Locale) => string);

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly key: MessageKey,
    readonly params: Record<string, ErrorParam> = {},
    /** Extra fields sent with the error, e.g. the products that ran out. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'ApiError';
  }

  /** The answer body in a language. */
  body(locale: Locale): { Status: 0; Error: string } & Record<string, unknown> {
    const params = Object.fromEntries(Object.entries(this.params).map(([k, v]) => [k, typeof v === 'function' ? v(locale) : v]));
    return { Status: 0, Error: translate(locale, this.key, params), ...this.extra };
  }
}

/** A payload that fails its schema: 400 with the first problem named. */
export function invalidPayload(detail: string): ApiError {
  return new ApiError(400, 'api_invalid_payload', { detail });
}

/**
 * A refused call over a rate limit: 429 with the message `key` (by default its `seconds` parameter)
 * and a Retry-After header of `retryAfterS` seconds (added by serve()).
 */
export class TooManyRequests extends ApiError {
  constructor(
    readonly retryAfterS: number,
    key: MessageKey = 'too_many_requests',
    params: Record<string, string | number> = { seconds: retryAfterS },
  ) {
    super(429, key, params);
    this.name = 'TooManyRequests';
  }
}

/**
 * The one mapping from a failed contract call to what the shopper reads (coverage.md §8): an HTTP status
 * and a message in the shopper's language. Every Action, query and page goes through it.
 *
 * - A refusal of the API (4xx) keeps its `Error` text: the API already wrote it in the caller's
 *   language (Accept-Language).
 * - 401 (no session, expired or revoked) becomes 'Sorry, your login session has expired. Please
 *   login again.' (coverage.md §6), except for a call that checks credentials (`{ credentials: true }`,
 *   customer_login): there 401 is the refusal of the mobile and password and keeps the API's text
 *   (coverage.md §8 Login failure).
 * - A transport fault or a 5xx becomes 'Oops, Something went wrong on server.' with 502.
 * - A refusal that carries more than a message (add_order's 409 out_of_stock lists the short lines;
 *   a full pick-up slot or delivery day names the outlet, date and time) is read by
 *   `outOfStockLines` or `capacityRefusal`, so an Action can answer it as a typed result.
 */
import { ActionError, type ActionAPIContext } from 'astro:actions';
import { z } from 'zod';
import { XsApiError } from '../../lib/xs-api/client';
import { translate, type Locale } from '../../i18n/messages';

/** What the shopper is told about a failure: `status` is 4xx for their mistakes, 5xx otherwise. */
/**
 * Whether a page failed because the API a storefront calls over HTTP (XS_API_URL; ADR 30) did not
 * answer: a transport fault or time-out (status 0), or a gateway's 502, 503 or 504. The error page
 * then says the shop is briefly unavailable instead of naming a fault.
 */
export function apiUnavailable(err: unknown): boolean {
  return err instanceof XsApiError && [0, 502, 503, 504].includes(err.status);
}

export type ShopperError = { status: number; message: string; body: Record<string, unknown> };

/** How a call's failure reads: `credentials` marks a call that checks a mobile and password. */
export type MappingOptions = { credentials?: boolean };

/** Maps an error thrown by a contract call (XsApiError) to a status and a message in `locale`. */
export function shopperError(err: unknown, locale: Locale, options: MappingOptions = {}): ShopperError {
  if (err instanceof XsApiError) {
    if (err.status === 401 && !(options.credentials && err.message)) return { status: 401, message: translate(locale, 'session_expired'), body: err.body };
    if (err.status >= 400 && err.status < 500) return { status: err.status, message: err.message || translate(locale, 'generic_error'), body: err.body };
    return { status: 502, message: translate(locale, 'generic_error'), body: err.body };
  }
  return { status: 500, message: translate(locale, 'generic_error'), body: {} };
}

type ActionCode = ConstructorParameters<typeof ActionError>[0]['code'];
const CODE_BY_STATUS: Record<number, ActionCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'CONTENT_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
};

/** The ActionError for a failure: its code follows the status, its message is the shopper's text. */
export function toActionError(err: unknown, locale: Locale, options: MappingOptions = {}): ActionError {
  if (err instanceof ActionError) return err;
  const e = shopperError(err, locale, options);
  return new ActionError({ code: CODE_BY_STATUS[e.status] ?? (e.status >= 500 ? 'BAD_GATEWAY' : 'BAD_REQUEST'), message: e.message });
}

/**
 * Runs the contract calls of an Action: any failure becomes an ActionError with the shopper's text.
 * Errors that are not contract errors (bugs) are rethrown as they are, so they reach the log.
 */
export async function viaApi<T>(ctx: Pick<ActionAPIContext, 'locals'>, fn: () => Promise<T>, options: MappingOptions = {}): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof XsApiError || err instanceof ActionError) throw toActionError(err, ctx.locals.locale, options);
    throw err;
  }
}

/** The calling member's code; a guest gets UNAUTHORIZED with the coverage.md §6 expired-session text. */
export function requireMember(ctx: Pick<ActionAPIContext, 'locals'>): string {
  if (!ctx.locals.session) throw new ActionError({ code: 'UNAUTHORIZED', message: translate(ctx.locals.locale, 'session_expired') });
  return ctx.locals.session.member;
}

/** A line the outlet cannot fill (add_order's 409 out_of_stock, `product[]`): product and units it has. */
export type StockShortage = { product_code: string; available_quantity: number };

const shortages = z.array(z.object({ product_code: z.string(), available_quantity: z.number().int().min(0) })).min(1);

/**
 * The short lines of an add_order refusal for stock (409 with `product: [{ product_code,
 * available_quantity }]`, coverage.md §4 Out-of-stock modal); null for any other error (stale_price also
 * lists products, with prices instead: not a shortage).
 */
export function outOfStockLines(err: unknown): StockShortage[] | null {
  if (!(err instanceof XsApiError) || err.status !== 409) return null;
  const parsed = shortages.safeParse(err.body.product);
  return parsed.success ? parsed.data : null;
}

/** An outlet's refusal for capacity: which kind of place is full, at which outlet, on which date (and time, for a pick-up). */
export type CapacityRefusal = { kind: 'PICKUP' | 'DELIVERY'; storeCode: string; date: string; time: string | null };

const capacityBody = z.object({ full: z.enum(['pickup_slot', 'delivery_day']), store_code: z.string(), date: z.string(), time: z.string().nullable() });

/**
 * The full place of a refusal for capacity (add_order or update_pickup_datetime: 409
 * 'pickup_slot_full' or 'delivery_day_full', with `full`, `store_code`, `date` and `time`, null for
 * a delivery day); null for any other error.
 */
export function capacityRefusal(err: unknown): CapacityRefusal | null {
  if (!(err instanceof XsApiError) || err.status !== 409) return null;
  const parsed = capacityBody.safeParse(err.body);
  if (!parsed.success) return null;
  const { full, store_code, date, time } = parsed.data;
  return { kind: full === 'pickup_slot' ? 'PICKUP' : 'DELIVERY', storeCode: store_code, date, time };
}

/**
 * Turns contract errors into Action errors (DESIGN Actions): the API's Error text — already in the
 * shopper's language — becomes the message; transport faults become the spec §8 generic text.
 */
import { ActionError, type ActionAPIContext } from 'astro:actions';
import { XsApiError } from '../lib/xs-api/client';
import { translate } from '../i18n/messages';

type Code = ConstructorParameters<typeof ActionError>[0]['code'];
const byStatus: Record<number, Code> = { 400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 422: 'UNPROCESSABLE_CONTENT', 429: 'TOO_MANY_REQUESTS' };

/** Runs a contract call; an XsApiError becomes an ActionError with the API's text. */
export async function viaApi<T>(ctx: ActionAPIContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof XsApiError) {
      const message = err.message || translate(ctx.locals.locale, 'generic_error');
      throw new ActionError({ code: byStatus[err.status] ?? 'INTERNAL_SERVER_ERROR', message });
    }
    throw err;
  }
}

/** The calling member; throws UNAUTHORIZED with the spec's expired-session text for a guest. */
export function requireMember(ctx: ActionAPIContext): string {
  if (!ctx.locals.session) throw new ActionError({ code: 'UNAUTHORIZED', message: translate(ctx.locals.locale, 'session_expired') });
  return ctx.locals.session.member;
}

/**
 * Logout (spec §4 Session): revokes the session in the database and removes the cookie. A plain form
 * post is redirected to /login; a script asking for JSON gets `{ ok: true }` and does the toast.
 */
import type { APIRoute } from 'astro';
import { localizePath } from '../i18n/messages';
import { clearSession } from '../server/session';

export const POST: APIRoute = async ({ locals, cookies, request, redirect }) => {
  if (locals.session) await locals.api.call('customer_logout').catch(() => undefined);
  clearSession(cookies);
  if (request.headers.get('accept')?.includes('application/json')) return Response.json({ ok: true });
  return redirect(localizePath(locals.locale, '/login'), 303);
};

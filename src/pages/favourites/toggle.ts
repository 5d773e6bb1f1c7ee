/**
 * Adds or removes a favourite as a plain form post (spec §4 Favourites; works before any script has
 * loaded). Form fields: product_code, op ('add' | 'remove' | 'toggle'), redirect. Scripts asking for
 * JSON get { ok, in_favorite, favourites: codes } (401 { login } for a guest) and show the toast
 * themselves; a plain post goes to /favourites, where the outcome is visible (catalogue pages are cached).
 */
import type { APIRoute } from 'astro';
import { localizePath } from '../../i18n/messages';
import { safeRedirectPath } from '../../server/redirects';

export const POST: APIRoute = async ({ locals, request, redirect }) => {
  const form = await request.formData();
  const wantsJson = request.headers.get('accept')?.includes('application/json');
  const favouritesPage = localizePath(locals.locale, '/favourites');
  const back = safeRedirectPath(String(form.get('redirect') ?? ''), favouritesPage);
  if (!locals.session) {
    const login = localizePath(locals.locale, '/login');
    if (wantsJson) return Response.json({ ok: false, login }, { status: 401 });
    return redirect(`${login}?redirect=${encodeURIComponent(back)}`, 303);
  }
  const code = String(form.get('product_code') ?? '').slice(0, 30);
  let op = String(form.get('op') ?? 'toggle');
  try {
    if (op !== 'add' && op !== 'remove') {
      const { data } = await locals.api.call('product_detail', { params: { code }, query: { lang: locals.locale } });
      op = data.in_favorite ? 'remove' : 'add';
    }
    const body = [{ product_code: code }];
    const r = await locals.api.call(op === 'add' ? 'add_favorite' : 'delete_favorite', { body });
    if (wantsJson) return Response.json({ ok: true, in_favorite: op === 'add' ? 1 : 0, favourites: r.data });
    return redirect(favouritesPage, 303);
  } catch (err) {
    const e = err as { status?: number; message?: string };
    if (wantsJson) return Response.json({ ok: false, error: e.message }, { status: e.status && e.status >= 400 ? e.status : 500 });
    return redirect(favouritesPage, 303);
  }
};

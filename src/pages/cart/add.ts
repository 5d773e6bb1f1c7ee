/**
 * Add to cart as a plain form post (DESIGN: works before the page's JavaScript has loaded). Redirects
 * back to the page it came from; scripts asking for JSON get the cart and show the toast themselves.
 */
import type { APIRoute } from 'astro';
import { localizePath } from '../../i18n/messages';
import { chosenStore } from '../../server/store-cookie';
import { safeRedirectPath } from '../../server/redirects';

export const POST: APIRoute = async ({ locals, cookies, request, redirect }) => {
  const form = await request.formData();
  const wantsJson = request.headers.get('accept')?.includes('application/json');
  const back = safeRedirectPath(String(form.get('redirect') ?? ''), localizePath(locals.locale, '/'));
  if (!locals.session) {
    if (wantsJson) return Response.json({ ok: false, login: localizePath(locals.locale, '/login') }, { status: 401 });
    return redirect(`${localizePath(locals.locale, '/login')}?redirect=${encodeURIComponent(back)}`, 303);
  }
  const store = chosenStore(cookies);
  if (!store) {
    if (wantsJson) return Response.json({ ok: false, needsDelivery: true }, { status: 409 });
    return redirect(localizePath(locals.locale, '/cart'), 303);
  }
  const quantity = Math.max(1, Math.min(999, Math.trunc(Number(form.get('quantity') ?? 1)) || 1));
  const code = String(form.get('product_code') ?? '').slice(0, 30);
  try {
    const r = await locals.api.call('add_cart', { query: { store, lang: locals.locale }, body: [{ product_code: code, product_number: quantity }] });
    if (wantsJson) return Response.json({ ok: true, cart_count: r.data.items.length });
    return redirect(localizePath(locals.locale, '/cart'), 303);
  } catch (err) {
    const e = err as { status?: number; message?: string };
    if (wantsJson) return Response.json({ ok: false, error: e.message }, { status: e.status && e.status >= 400 ? e.status : 500 });
    return redirect(`${back}${back.includes('?') ? '&' : '?'}cart_error=${encodeURIComponent(e.message ?? '')}`, 303);
  }
};

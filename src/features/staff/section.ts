/**
 * The staff console's part of the middleware (issue "The outlets run the shop" §1, §2; ADR 25):
 * every /staff… request reads the console's own cookie (never the shopper's login), takes its
 * language from the staff member (else `?lang=`, else the browser), runs the console's form posts,
 * and sends anyone not logged in to /staff/login (the board's poller gets 401 instead). Console
 * answers are never cached or indexed. /zh/staff and /ar/staff lead to /staff in that language.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { LOCALES, type Locale } from '../../domain/constants';
import { paths } from '../../domain/paths';
import { resolveLocale } from '../../i18n/messages';
import { clearStaffSession, readStaffSession } from '../../server/staff-session';
import { handleFormAction } from '../shared/form-action';
import { getStaffMember } from './queries';

/** True for the console's paths: /staff and below. */
export function isStaffPath(path: string): boolean {
  return path === '/staff' || path.startsWith('/staff/');
}

/** The console's language before login: `?lang=` when it is one of ours, else the browser's. */
function guestLocale(ctx: APIContext): Locale {
  const asked = ctx.url.searchParams.get('lang');
  return asked && (LOCALES as readonly string[]).includes(asked) ? (asked as Locale) : resolveLocale(ctx.request.headers.get('accept-language'));
}

function private_(response: Response): Response {
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return response;
}

/** Handles a console request after the edge checks; `pathLocale` is the URL's language prefix. */
export async function staffSection(ctx: APIContext, next: MiddlewareNext, pathLocale: Locale): Promise<Response> {
  const path = ctx.url.pathname;
  if (pathLocale !== 'en') {
    // One console, unprefixed: the language of a /zh/staff link carries over to the login page.
    return private_(ctx.redirect(`${paths.staff.login()}?lang=${pathLocale}`, 302));
  }
  const staff = await readStaffSession(ctx.cookies);
  ctx.locals.staff = staff;
  ctx.locals.locale = staff?.language ?? guestLocale(ctx);
  let member: ReturnType<typeof getStaffMember> | undefined;
  ctx.locals.staffMember = () => (member ??= getStaffMember(ctx));

  const handled = await handleFormAction(ctx);
  if (handled) return private_(handled);

  const isLogin = path === paths.staff.login();
  const who = staff ? await ctx.locals.staffMember() : null;
  if (staff && !who) {
    clearStaffSession(ctx.cookies);
    ctx.locals.staff = null;
  }
  if (!who && !isLogin) {
    if (path === '/staff/board-state') return private_(Response.json({ error: 'staff_session_expired' }, { status: 401 }));
    return private_(ctx.redirect(paths.staff.login(path + ctx.url.search), 302));
  }
  if (who && isLogin && ctx.request.method === 'GET') return private_(ctx.redirect(paths.staff.board(), 302));
  return private_(await next());
}

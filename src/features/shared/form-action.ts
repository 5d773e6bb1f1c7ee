/**
 * Forms that work without JavaScript post to an Astro Action (docs/architecture.md "Actions are the one door"):
 * `<form method="post" action={actions.access.login}>`. This module is the server side of that.
 *
 * - `handleFormAction(ctx)` runs in the middleware for a form post to an Action:
 *   - success: redirect after POST (303) to the path the Action returned as `redirect`, else back
 *     to the page the form was on, so a reload never posts twice;
 *   - UNAUTHORIZED (a guest, or an expired session): 303 to /login, returning to the page after;
 *     except on the login page itself, where it is the answer to the credentials (401 rendered in
 *     place with the API's text, coverage.md §8 Login failure);
 *   - any other failure: the page renders the result in place (the status follows the error: 400
 *     for a field mistake, 409 for a conflict…), read with `formState()`.
 * - `formState(astro, action)` is what a page or component reads: the field errors and the message
 *   in the shopper's language, with the response status set from the error.
 *
 * An Action that wants a message on the next page sets a flash (src/server/flash.ts) itself.
 */
import type { APIContext, AstroGlobal } from 'astro';
import { getActionContext, isInputError, type ActionClient } from 'astro:actions';
import { href, paths, safeRedirectPath } from '../../domain/paths';
import { splitLocale, translate } from '../../i18n/messages';

/**
 * What an Action may return to steer a form post: the (localised) path to go to on success, or an
 * `external` absolute http(s) address chosen by the server itself (a payment provider's page),
 * never one taken from the browser.
 */
export type FormRedirect = { redirect?: string; external?: string };

/** An absolute http(s) URL, or null. */
function externalUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The page a form was posted from, without the Action's own query parameter. */
function pageOf(url: URL): string {
  const back = new URL(url);
  back.searchParams.delete('_action');
  return back.pathname + back.search;
}

/**
 * Handles a form post to an Action; returns the response to send, or null to render the page
 * (with the result available to `formState`). Call after the locale and session are known.
 */
export async function handleFormAction(ctx: APIContext): Promise<Response | null> {
  const { action, setActionResult, serializeActionResult } = getActionContext(ctx);
  if (action?.calledFrom !== 'form') return null;
  const result = await action.handler();
  // The page's own URL is a request value too: a post to '//evil.example?_action=…' must not go there.
  const page = safeRedirectPath(pageOf(ctx.url), href(ctx.locals.locale, paths.home));
  if (!result.error) {
    const external = externalUrl((result.data as FormRedirect | undefined)?.external);
    if (external) return ctx.redirect(external, 303);
    const wanted = (result.data as FormRedirect | undefined)?.redirect;
    return ctx.redirect(safeRedirectPath(wanted, page), 303);
  }
  if (result.error.code === 'UNAUTHORIZED') {
    const path = splitLocale(ctx.url.pathname).path;
    // The staff console has its own login (ADR 25); its login form's 401 is the answer to the credentials.
    if (path.startsWith('/staff')) {
      if (path !== paths.staff.login()) return ctx.redirect(paths.staff.login(page), 303);
    } else if (path !== paths.login()) {
      return ctx.redirect(href(ctx.locals.locale, paths.login(page)), 303);
    }
  }
  setActionResult(action.name, serializeActionResult(result));
  return null;
}

/** A form's outcome as a page shows it. */
export type FormState<T> = {
  /** The Action's answer after a successful post rendered in place (rare: most redirect). */
  data?: T;
  /** Field name → message in the shopper's language. */
  fields: Record<string, string>;
  /** The message for the whole form ('' when none): the API's refusal, or a generic text. */
  message: string;
  /** True when the last post to this Action failed. */
  failed: boolean;
};

/**
 * Reads the result of a form post to `action` for the page being rendered, sets the response
 * status from its error (400 for invalid fields, else the error's status), and translates field
 * messages (the domain schemas carry message keys, src/domain/validation.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function formState<T>(astro: AstroGlobal, action: ActionClient<T, any, any>): FormState<T> {
  const result = astro.getActionResult(action);
  const empty: FormState<T> = { fields: {}, message: '', failed: false };
  if (!result) return empty;
  if (!result.error) return { ...empty, data: result.data as T };
  const locale = astro.locals.locale;
  astro.response.status = result.error.status;
  astro.response.headers.set('Cache-Control', 'private, no-store');
  if (isInputError(result.error)) {
    const fields = Object.fromEntries(
      Object.entries(result.error.fields).map(([k, v]) => [k, translate(locale, String((v as string[] | undefined)?.[0] ?? 'invalid'))]),
    );
    return { fields, message: '', failed: true };
  }
  return { fields: {}, message: result.error.message || translate(locale, 'generic_error'), failed: true };
}

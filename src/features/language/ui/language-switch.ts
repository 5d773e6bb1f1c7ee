/**
 * The header's language links (coverage.md §1): before following a link to the same page in another
 * language, the choice is stored locally at once (the `xs_lang` cookie, src/features/language/
 * choice.ts) and sent to the Action `language.update` (the cookie again and, for a logged-in member,
 * the profile). The Action call is a keepalive request: the link is followed when it answers, or
 * after `LANGUAGE_STORE_WAIT_MS`, and the call still completes if the page is left first. Without
 * scripts the links still change the page's language; the choice is then not stored.
 */
import { callAction } from '../../shared/action-fetch';

/** Longest wait for the store call before following the link anyway. */
export const LANGUAGE_STORE_WAIT_MS = 1500;
/** The `xs_lang` cookie's lifetime: one year, in seconds (LANGUAGE_COOKIE_MAX_AGE_S of choice.ts). */
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function startLanguageSwitch(root: ParentNode = document) {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-lang-link]')) {
    link.addEventListener('click', async (e) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      const language = link.dataset.langLink ?? '';
      document.cookie = `xs_lang=${encodeURIComponent(language)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
      const body = new FormData();
      body.set('language', language);
      await Promise.race([callAction('language.update', body, { keepalive: true }), new Promise((r) => setTimeout(r, LANGUAGE_STORE_WAIT_MS))]);
      location.assign(link.href);
    });
  }
}

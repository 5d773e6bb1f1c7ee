/**
 * The header's language links (spec §1): before following a link to the same page in another
 * language, the choice is stored through the Action `language.update` (locally in the `xs_lang`
 * cookie and, for a logged-in member, in the profile). Without scripts the links still change the
 * page's language; the choice is then not stored. The store call waits at most
 * `LANGUAGE_STORE_WAIT_MS`, so a slow answer never holds the shopper back.
 */
import { callAction } from '../../shared/action-fetch';

/** Longest wait for the store call before following the link anyway. */
export const LANGUAGE_STORE_WAIT_MS = 1500;

export function startLanguageSwitch(root: ParentNode = document) {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-lang-link]')) {
    link.addEventListener('click', async (e) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      const body = new FormData();
      body.set('language', link.dataset.langLink ?? '');
      await Promise.race([callAction('language.update', body), new Promise((r) => setTimeout(r, LANGUAGE_STORE_WAIT_MS))]);
      location.assign(link.href);
    });
  }
}

/**
 * The notice after a login that changed the page's language (src/components/layout/header.ts loads
 * this module only then).
 */
import { toast } from '../../lib/ui/toast';

/** Each language's name in its own script, as the language switcher shows it to a reader of that language. */
const LANGUAGE_NAMES = { en: 'English', zh: '中文', ar: 'العربية' } as const;
/** How long the notice after a login that changed the language stays (ms): long enough to read and tap. */
const LANGUAGE_NOTICE_MS = 10_000;

/**
 * After a login that changed the page's language to the profile's (coverage.md §1; src/features/access/
 * actions.ts): a notice in the new language, itself a link to this page in the language the
 * shopper was reading. It follows the header's own link to that language, whose script
 * (language-switch.ts) stores the choice first. A page without the switcher (its top bar hidden)
 * shows no notice.
 */
export function showLanguageNotice(header: HTMLElement, previous: keyof typeof LANGUAGE_NAMES) {
  const message = (header.dataset.languageNotice ?? '').replace('{previous}', LANGUAGE_NAMES[previous]);
  const switcher = header.querySelector<HTMLAnchorElement>(`a[data-lang-link="${previous}"]`);
  if (!message || !switcher) return;
  toast(message, { kind: 'info', href: switcher.getAttribute('href')!, durationMs: LANGUAGE_NOTICE_MS, tag: 'language', data: { languageNotice: previous } });
  document.querySelector('a[data-language-notice]')?.addEventListener('click', (e) => {
    e.preventDefault();
    switcher.click();
  });
}

/**
 * The header search form's behaviour (SearchBox.astro, coverage.md §2 Search): an empty (or blank)
 * query does nothing, and the suggestions' code (search-suggest.ts) arrives when the shopper first
 * goes to the field, nothing before. Started by the page shell's script (shell.ts).
 */

/** Enhances every `[data-search-form]` of the page. */
export function startSearchBox(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-search-form]')) {
    form.addEventListener('submit', (e) => {
      const input = form.elements.namedItem('keyword') as HTMLInputElement;
      if (!input.value.trim()) e.preventDefault();
    });
    if (form.dataset.suggest) {
      form.addEventListener('focusin', () => void import('./search-suggest').then((m) => m.startSuggest(form)), { once: true });
    }
  }
}

/**
 * Search suggestions in the header (coverage.md §2 Search, §7, §9): SEARCH_DEBOUNCE_MS (500 ms) after
 * typing stops, GET `{data-suggest}?q=&lang=` (up to 10 products, matched on EN, ZH and AR names by src/domain/search-text.ts); a blank query
 * asks nothing and closes the list; an answer to an older query is ignored. The input is a
 * WAI-ARIA 1.2 combobox (list autocomplete): aria-expanded, aria-controls its listbox,
 * aria-activedescendant on the active option; Down / Up move, Enter opens the active product,
 * Escape closes; a click on an option opens its product page.
 */
import { SEARCH_DEBOUNCE_MS } from '../../domain/constants';
import { pluralText } from '../../i18n/plural-text';

type Suggestion = { code: string; name: string; href: string; price: string; picture: string };

/** Wires one search form whose input is a combobox with a listbox (SearchBox.astro). */
export function startSuggest(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[role="combobox"]');
  const list = input && document.getElementById(input.getAttribute('aria-controls') ?? '');
  const status = form.querySelector<HTMLElement>('[data-suggest-status]');
  if (!input || !list) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  let active = -1;
  const options = () => [...list.querySelectorAll<HTMLElement>('[role="option"]')];

  const setActive = (i: number) => {
    const all = options();
    active = all.length ? (i + all.length) % all.length : -1;
    all.forEach((o, n) => o.setAttribute('aria-selected', String(n === active)));
    const current = all[active];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const open = (on: boolean) => {
    list.hidden = !on;
    input.setAttribute('aria-expanded', String(on));
    if (!on) setActive(-1);
  };
  const render = (items: Suggestion[]) => {
    list.replaceChildren(
      ...items.map((it, i) => {
        const li = document.createElement('li');
        li.id = `${list.id}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.dataset.href = it.href;
        li.className = 'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-paper aria-selected:bg-brand-50 aria-selected:text-brand-700';
        const img = document.createElement('img');
        Object.assign(img, { src: it.picture, alt: '', width: 40, height: 40, className: 'h-10 w-10 shrink-0 rounded-md bg-paper object-cover' });
        const name = document.createElement('span');
        name.className = 'min-w-0 flex-1 truncate';
        name.textContent = it.name;
        const price = document.createElement('span');
        price.className = 'shrink-0 font-semibold text-brand-700';
        price.dir = 'ltr';
        price.textContent = it.price;
        li.append(img, name, price);
        return li;
      }),
    );
    open(items.length > 0);
    if (status) status.textContent = pluralText(JSON.parse(form.dataset.countForms ?? '{}') as Record<string, string>, form.dataset.lang ?? 'en', 'count', items.length);
  };

  async function ask(q: string) {
    const mine = ++asked;
    const url = `${form.dataset.suggest}?q=${encodeURIComponent(q)}&lang=${encodeURIComponent(form.dataset.lang ?? 'en')}`;
    const body = await fetch(url, { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<{ items: Suggestion[] }>) : null))
      .catch(() => null);
    if (mine !== asked) return; // superseded by a newer query
    render(body?.items ?? []);
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    asked++; // any answer still on its way is for older text: drop it
    const q = input.value.trim();
    if (!q) {
      open(false);
      return;
    }
    timer = setTimeout(() => void ask(q), SEARCH_DEBOUNCE_MS);
  });

  input.addEventListener('keydown', (e) => {
    const count = options().length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!count) return;
      e.preventDefault();
      if (list.hidden) open(true);
      setActive(e.key === 'ArrowDown' ? active + 1 : active < 0 ? count - 1 : active - 1);
    } else if (e.key === 'Enter' && !list.hidden && active >= 0) {
      e.preventDefault();
      location.assign(options()[active]!.dataset.href!);
    } else if (e.key === 'Escape' && !list.hidden) {
      e.preventDefault();
      open(false);
    }
  });

  // Keep focus in the input while clicking an option; close when focus leaves the form.
  list.addEventListener('mousedown', (e) => e.preventDefault());
  list.addEventListener('click', (e) => {
    const option = (e.target as Element).closest<HTMLElement>('[role="option"]');
    if (option?.dataset.href) location.assign(option.dataset.href);
  });
  input.addEventListener('blur', () => open(false));
  input.addEventListener('focus', () => {
    if (options().length && input.value.trim()) open(true);
  });
  // Loaded on the field's first focus (SearchBox.astro): text typed meanwhile is asked for now.
  if (input.value.trim() && document.activeElement === input) input.dispatchEvent(new Event('input'));
}

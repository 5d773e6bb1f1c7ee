/**
 * Turns the product page's two sections into accessible tabs (WAI-ARIA tabs pattern): role
 * tablist/tab/tabpanel, one panel shown, ←/→ (mirrored right to left), Home and End move between
 * tabs, and the address's #tab-… (or a link to it, e.g. the rating near the price) picks the tab.
 */

/** Enhances every `[data-tabs]` block on the page. */
export function startTabs() {
  for (const root of document.querySelectorAll<HTMLElement>('[data-tabs]:not([data-tabs-ready])')) {
    const list = root.querySelector<HTMLElement>('[data-tablist]');
    const tabs = [...root.querySelectorAll<HTMLAnchorElement>('[data-tab]')];
    const panels = [...root.querySelectorAll<HTMLElement>('[data-tabpanel]')];
    if (!list || tabs.length !== panels.length || tabs.length === 0) continue;
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-label', root.dataset.tabsLabel ?? '');
    tabs.forEach((tab, i) => {
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', panels[i]!.id);
      panels[i]!.setAttribute('role', 'tabpanel');
      panels[i]!.tabIndex = 0;
    });

    const select = (index: number, focus = false) => {
      tabs.forEach((tab, i) => {
        const on = i === index;
        tab.setAttribute('aria-selected', String(on));
        tab.tabIndex = on ? 0 : -1;
        panels[i]!.hidden = !on;
      });
      if (focus) tabs[index]!.focus();
    };
    const fromHash = () => {
      const i = panels.findIndex((p) => `#${p.id}` === location.hash);
      if (i >= 0) select(i);
      return i;
    };
    if (fromHash() < 0) select(0);
    root.dataset.tabsReady = '';

    tabs.forEach((tab, i) =>
      tab.addEventListener('click', (e) => {
        e.preventDefault();
        select(i);
        history.replaceState(history.state, '', `#${panels[i]!.id}`);
      }),
    );
    list.addEventListener('keydown', (e) => {
      const i = tabs.indexOf(document.activeElement as HTMLAnchorElement);
      if (i < 0) return;
      const forward = getComputedStyle(list).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
      const back = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
      const n = tabs.length;
      const next = e.key === forward ? (i + 1) % n : e.key === back ? (i - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
      if (next < 0) return;
      e.preventDefault();
      select(next, true);
    });
    window.addEventListener('hashchange', () => {
      if (fromHash() >= 0) root.scrollIntoView({ block: 'start' });
    });
  }
}

/**
 * The stock state of add-to-cart forms follows the chosen store (issue 9, one truth per fact; spec
 * §2 Product detail availability). Pages stay cacheable and show the general state ("In stock" /
 * "Out of stock" across outlets); after load, for a logged-in member with a chosen store, this asks
 * GET /api/availability?codes=… (units at the store) and, per form:
 * - none at the store: the button is disabled and reads "Out of stock", the quantity input and its
 *   steppers are disabled, the reason "Not available at {store}" is shown (the card's picture band,
 *   the product page's and quick view's stock pill) and named by the button's aria-describedby;
 * - units at the store: the button is enabled, the quantity is capped at the units, the pill reads
 *   "In stock".
 * A guest, or a member without a chosen store, keeps the general state. Labels come from the
 * `<body data-stock-*>` attributes (BaseLayout). Re-applied when the session or the store changes.
 * A card has no form of its own (its button submits the page's shared form, card-forms.ts): there
 * the button itself is followed, its product code being its value.
 */
import { $session } from '../../../stores/session';
import { $shipping, shownStoreName } from '../../delivery/shipping';
import { CARD_CART_FORM } from '../../shared/card-forms';

/** An add-to-cart form (product page, quick view), or a card's add-to-cart button. */
type Buy = HTMLFormElement | HTMLButtonElement;

/** Every add-to-cart form and card button under `root`. */
const buysIn = (root: ParentNode) => [...root.querySelectorAll<Buy>(`form[data-add-to-cart], button[form="${CARD_CART_FORM}"]`)];

/** Units per product at the store last asked, by store_no. */
let known: { store: string; stock: Map<string, number> } | null = null;
let started = false;

function labels() {
  const d = document.body.dataset;
  return { add: d.stockAdd ?? '', out: d.stockOut ?? '', in: d.stockIn ?? '', none: d.stockNone ?? '' };
}

function codeOf(form: Buy): string {
  if (form instanceof HTMLButtonElement) return form.value;
  return form.querySelector<HTMLInputElement>('input[name="product_code"]')?.value ?? '';
}

/** The element showing the stock state beside `form`: the pill of the product page or quick view, else the card's picture band (made when missing). */
function badgeFor(form: Buy, code: string, create: boolean): HTMLElement | null {
  const scope = form.closest('[data-product-card], [data-buy-box]') ?? form.parentElement;
  const existing = scope?.querySelector<HTMLElement>(`[data-stock-state="${CSS.escape(code)}"]`);
  if (existing || !create) return existing ?? null;
  const picture = form.closest('[data-product-card]')?.querySelector('a');
  if (!picture) return null;
  const band = document.createElement('span');
  band.dataset.stockState = code;
  band.dataset.stockBand = '';
  band.className = 'pcard-band';
  picture.append(band);
  return band;
}

/** Shows `units` at `storeName` on one form or card button (null: back to the general state rendered by the server). */
function applyTo(form: Buy, units: number | null, storeName: string) {
  const code = codeOf(form);
  const button = form instanceof HTMLButtonElement ? form : form.querySelector<HTMLButtonElement>('button:not([type=button])');
  const label = button?.querySelector('span');
  const input = form.querySelector<HTMLInputElement>('input[name="quantity"]');
  const steppers = form.querySelectorAll<HTMLButtonElement>('[data-step]');
  if (!button || !label) return;
  form.dataset.general ??= button.disabled ? 'out' : 'in';
  const badge = badgeFor(form, code, units === 0);
  if (badge) badge.dataset.general ??= badge.hidden ? '' : (badge.textContent ?? '');
  const l = labels();
  const none = units === 0;
  const inStock = units === null ? form.dataset.general === 'in' : units > 0;
  button.disabled = !inStock;
  label.textContent = inStock ? l.add : l.out;
  if (input && input.type !== 'hidden') {
    input.disabled = none;
    input.dataset.maxDefault ??= input.max;
    input.max = units && units > 0 ? String(Math.min(Number(input.dataset.maxDefault) || units, units)) : input.dataset.maxDefault;
    if (units && Number(input.value) > units) input.value = String(units);
  }
  for (const s of steppers) s.disabled = none;
  form.toggleAttribute('data-none-at-store', none);
  if (badge) {
    if (!badge.id) badge.id = `stock-state-${code}-${Math.random().toString(36).slice(2, 8)}`;
    const text = units === null ? (badge.dataset.general ?? '') : none ? l.none.replace('{store}', storeName) : l.in;
    badge.textContent = text;
    badge.hidden = !text || (badge.dataset.stockBand !== undefined && !none && units !== null);
    badge.toggleAttribute('data-none', none || (units === null && form.dataset.general === 'out'));
  }
  if (none && badge) button.setAttribute('aria-describedby', badge.id);
  else if (button.getAttribute('aria-describedby')?.startsWith('stock-state-')) button.removeAttribute('aria-describedby');
}

/** The chosen store to follow, or null (a guest or no store yet: the general state). */
function chosen(): { store_no: string; store_name: string } | null {
  const store = $shipping.get()?.store;
  return $session.get() && store?.store_no ? { store_no: store.store_no, store_name: store.store_name } : null;
}

async function refresh(forms: Buy[]) {
  const store = chosen();
  if (!store) {
    for (const f of forms) if (f.dataset.general) applyTo(f, null, '');
    return;
  }
  if (known?.store !== store.store_no) known = { store: store.store_no, stock: new Map() };
  const missing = [...new Set(forms.map(codeOf).filter((c) => c && !known!.stock.has(c)))];
  const target = known;
  for (let i = 0; i < missing.length; i += 60) {
    const codes = missing.slice(i, i + 60);
    const res = await fetch(`/api/availability?codes=${codes.map(encodeURIComponent).join(',')}`, { headers: { accept: 'application/json' }, cache: 'no-store' }).catch(() => null);
    if (!res?.ok) return;
    const { stock } = (await res.json()) as { stock: Record<string, number> };
    for (const c of codes) if (c in stock) target.stock.set(c, stock[c]!);
  }
  if (known !== target || chosen()?.store_no !== store.store_no) return; // the store changed meanwhile
  for (const f of forms) {
    const units = target.stock.get(codeOf(f));
    applyTo(f, units ?? null, shownStoreName(store));
  }
}

/**
 * Makes the add-to-cart forms and card buttons under `root` follow the chosen store (each call adds its forms: appended
 * cards, the quick view). The first call also follows later changes of the session and the store.
 */
export function followStoreStock(root: ParentNode = document) {
  const forms = buysIn(root);
  if (!started) {
    started = true;
    const all = () => void refresh(buysIn(document));
    $session.listen(all);
    $shipping.listen(all);
  }
  if (forms.length) void refresh(forms);
}

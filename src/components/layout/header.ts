/**
 * Header behaviour (coverage.md §2 Header; §4 Session, Delivery method modal): fills the account menu
 * (avatar: the profile picture or the initial), points, cart and favourites counts and
 * delivery-method button from /api/me; clears a visitor's saved delivery choice; opens the
 * delivery modal (its React code loads only then) for a member without a complete choice, or at
 * step 3 for a pick-up whose time has passed; logs out with the spec's toast. Actions are called through the small fetch wrapper (src/features/shared/
 * action-fetch.ts), not the full client, to keep catalogue pages light (docs/architecture.md Budgets); the
 * pick-up rules (dayjs) load only for a member with a pick-up, and the notice of a login that changed
 * the language (./language-notice.ts) only after such a login.
 */
import { $cartCount, $session } from '../../stores/session';
import { openDeliveryModal } from '../../features/delivery/modal';
import { pluralText } from '../../i18n/plural-text';
import { $favourites } from '../../stores/favourites';
import { $shipping, isShippingComplete, shownStoreName, type Shipping } from '../../features/delivery/shipping';
import { callAction } from '../../features/shared/action-fetch';
import { toast } from '../../lib/ui/toast';
import { installChunkReload } from '../../lib/ui/chunk-reload';
import { LOGOUT_REDIRECT_MS, TOAST_LOGIN_MS, TOAST_LOGOUT_MS } from '../../domain/constants';

/** sessionStorage key: when (epoch ms) the 'Logout Successful' toast begun before the redirect to /login ends. */
const LOGOUT_TOAST_KEY = 'xs_logout_toast_until';

export type MeAnswer = {
  profile: { member_code: string; customer_firstname: string; customer_picture: string | null; customer_point: number; notification_unread: number; birthday_claimed?: 0 | 1; is_birthday?: 0 | 1 } | null;
  cart_count: number;
  /** The member's favourite product codes (empty for a guest). */
  favourites: string[];
  /** The member's delivery choice saved on the server, sent only when this device has none (coverage.md §3 saved per user). */
  delivery_method?: Shipping | null;
};

/**
 * Fetches the session summary (cart count at the chosen store: the choice's cookie) and publishes it
 * to the shared stores; restores the member's saved delivery choice when this device has none.
 */
export async function refreshSession(): Promise<MeAnswer | null> {
  const res = await fetch('/api/me', { headers: { accept: 'application/json' }, cache: 'no-store' }).catch(() => null);
  if (!res?.ok) return null;
  const me = (await res.json()) as MeAnswer;
  if (me.delivery_method && !isShippingComplete($shipping.get())) {
    // A member on a device without a choice finds the one saved with them (coverage.md §3); the cart count
    // depends on its store, so ask again now that the choice's cookie is written.
    $shipping.set(me.delivery_method);
    const again = await refreshSession();
    if (again) return again;
  }
  $session.set(me.profile ? { ...me.profile, cart_count: me.cart_count } : null);
  $cartCount.set(me.cart_count);
  $favourites.set(me.favourites ?? []);
  return me;
}

export function startHeader() {
  installChunkReload();
  const header = document.querySelector<HTMLElement>('[data-header]');
  if (!header) return;
  const $ = <T extends HTMLElement>(sel: string) => header.querySelector<T>(sel);
  const deliveryButton = $<HTMLButtonElement>('[data-delivery-button]');

  $cartCount.subscribe((n) => {
    const badge = $('[data-cart-count]');
    if (!badge) return;
    badge.textContent = String(n);
    badge.hidden = n <= 0;
  });
  $favourites.subscribe((codes) => {
    const badge = $('[data-favourite-count]');
    if (!badge) return;
    badge.textContent = String(codes?.length ?? 0);
    badge.hidden = !codes?.length;
  });

  $shipping.subscribe((s) => {
    const kind = $('[data-delivery-kind]');
    const store = $('[data-delivery-store]');
    if (!kind || !store) return;
    // The kind and the store name are separate runs: the name is isolated (<bdi dir="auto">) and
    // truncated at its own logical end, so a Latin name in Arabic is cut on the right.
    kind.textContent = s?.store ? `${s.type === 'PICKUP' ? header.dataset.labelPickup : header.dataset.labelDelivery} ·` : header.dataset.labelChoose ?? '';
    kind.classList.toggle('truncate', !s?.store);
    kind.classList.toggle('shrink-0', !!s?.store);
    store.textContent = shownStoreName(s?.store);
    store.hidden = !s?.store;
  });

  $session.subscribe((s) => {
    if (s === undefined) return;
    $('[data-login-link]')!.hidden = !!s;
    const menu = $('[data-account-menu]')!;
    menu.hidden = !s;
    if (deliveryButton) deliveryButton.hidden = !s;
    if (!s) {
      // A visitor has no cart, favourites or delivery choice (coverage.md §4 Session).
      if ($shipping.get()) $shipping.set(null);
      return;
    }
    for (const el of header.querySelectorAll('[data-account-name], [data-menu-name]')) el.textContent = s.customer_firstname;
    for (const el of header.querySelectorAll('[data-account-points], [data-menu-points]')) el.textContent = String(s.customer_point);
    // The avatars (the menu button, the phone menu's card): the picture, or the initial without one.
    for (const avatar of header.querySelectorAll<HTMLElement>('[data-avatar]')) {
      const img = avatar.querySelector<HTMLImageElement>('[data-avatar-img]')!;
      const initial = avatar.querySelector<HTMLElement>('[data-avatar-initial]')!;
      initial.textContent = s.customer_firstname.trim().slice(0, 1).toUpperCase();
      img.alt = (avatar.dataset.avatarAlt ?? '').replace('{name}', s.customer_firstname);
      if (s.customer_picture && img.getAttribute('src') !== s.customer_picture) img.src = s.customer_picture;
      img.hidden = !s.customer_picture;
      initial.hidden = !!s.customer_picture;
    }
    // The account side panel's figure too (src/layouts/AccountLayout.astro): a redemption updates the store.
    for (const el of document.querySelectorAll<HTMLElement>('[data-side-points]')) el.textContent = String(s.customer_point);
    // "1 point" / "2 points" (Arabic has six forms): the word after every points figure.
    const unitForms = JSON.parse(header.dataset.pointsUnitForms ?? '{}') as Record<string, string>;
    for (const el of document.querySelectorAll<HTMLElement>('[data-points-unit]')) el.textContent = pluralText(unitForms, header.dataset.locale ?? 'en', 'points', s.customer_point);
    const unread = $('[data-feeds-count]');
    if (unread) {
      unread.textContent = String(s.notification_unread);
      unread.hidden = s.notification_unread === 0;
    }
    const shipping = $shipping.get();
    // Not over an access form (login, registration, the verification of a new member's number):
    // the modal cannot be closed before a choice, and would stand between the member and the form.
    if (!isShippingComplete(shipping)) {
      if (!document.querySelector('[data-access-form]')) openDeliveryModal(0);
    }
    else if (shipping.type === 'PICKUP') {
      void import('../../domain/pickup').then(({ isPickupExpired }) => {
        if (isPickupExpired({ date: shipping.date!, time: shipping.time! }, new Date())) openDeliveryModal(3);
      });
    }
  });

  deliveryButton?.addEventListener('click', () => openDeliveryModal());

  // Every logout form (the account menu, the account side navigation) posts to the logout Action;
  // with scripts: 'Logout Successful' for 2 s, then /login after 0.5 s (coverage.md §4 Session).
  for (const logout of document.querySelectorAll<HTMLFormElement>('[data-logout-form]')) {
    logout.addEventListener('submit', async (e) => {
      e.preventDefault();
      const form = e.currentTarget as HTMLFormElement;
      const { error } = await callAction('access.logout', new FormData(form));
      if (error) return form.submit();
      // The toast is shown here; the flash the Action left for a plain form post is not needed.
      document.cookie = 'xs_flash=; path=/; max-age=0';
      $shipping.set(null);
      $session.set(null);
      $cartCount.set(0);
      $favourites.set([]);
      toast(header.dataset.logoutMessage ?? '', { durationMs: TOAST_LOGOUT_MS, tag: 'session' });
      // The toast's 2 s outlast the 0.5 s before /login: the login page shows it for the rest.
      sessionStorage.setItem(LOGOUT_TOAST_KEY, String(Date.now() + TOAST_LOGOUT_MS));
      setTimeout(() => location.assign(header.dataset.loginHref ?? '/login'), LOGOUT_REDIRECT_MS);
    });
  }

  // The rest of the 2 s of 'Logout Successful' begun on the page the member logged out from.
  const logoutUntil = Number(sessionStorage.getItem(LOGOUT_TOAST_KEY));
  if (logoutUntil) {
    sessionStorage.removeItem(LOGOUT_TOAST_KEY);
    const rest = Math.min(logoutUntil - Date.now(), TOAST_LOGOUT_MS);
    if (rest > 0) toast(header.dataset.logoutMessage ?? '', { durationMs: rest, tag: 'session' });
  }

  // A message carried across a redirect (src/server/flash.ts), e.g. 'Login Successful' for 3 s.
  const flash = /(?:^|; )xs_flash=([^;]+)/.exec(document.cookie)?.[1];
  if (flash) {
    document.cookie = 'xs_flash=; path=/; max-age=0';
    if (flash.startsWith('login_successful')) toast(header.dataset.loginMessage ?? '', { durationMs: TOAST_LOGIN_MS, tag: 'session' });
    const previous = /^login_successful_from_(en|zh|ar)$/.exec(flash)?.[1];
    // Its code loads only after such a login (language-notice.ts).
    if (previous) void import('./language-notice').then((m) => m.showLanguageNotice(header, previous as 'en' | 'zh' | 'ar'));
    if (flash === 'logout_successful') toast(header.dataset.logoutMessage ?? '', { durationMs: TOAST_LOGOUT_MS, tag: 'session' });
    if (flash === 'session_expired') toast(header.dataset.expiredMessage ?? '', { kind: 'error', tag: 'session' });
    if (flash === 'password_reset_successful') toast(header.dataset.resetMessage ?? '');
  }

  void refreshSession();
}

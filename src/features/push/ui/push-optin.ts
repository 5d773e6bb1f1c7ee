/**
 * The profile's "Order news on this device" switch (PushOptIn.astro; ADR 32). Works only where the
 * browser has Web Push and the shop's service worker is registered (`navigator.serviceWorker
 * .getRegistration()` finds one for this page): otherwise it says order news is not available on
 * this device or browser. Switch on: the browser's permission, then `pushManager.subscribe` with
 * the shop's VAPID key, then the `push.subscribe` Action (a refusal undoes the browser's
 * subscription). Switch off: the `push.unsubscribe` Action, then the browser's. A subscription the
 * browser already has is posted again on load, so the shop knows it belongs to the member logged
 * in here now.
 */
import { callAction } from '../../shared/action-fetch';

type Answer = 'on' | 'off' | 'unavailable' | 'denied' | 'failed';

/** base64url → bytes (the applicationServerKey). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='));
  const out = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** A short label of this device for the member's own records: 'Chrome on Android'. */
function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}

/** The form an Action takes for a subscription. */
function subscriptionForm(sub: PushSubscription): FormData {
  const json = sub.toJSON();
  const form = new FormData();
  form.set('endpoint', sub.endpoint);
  form.set('p256dh', json.keys?.p256dh ?? '');
  form.set('auth', json.keys?.auth ?? '');
  form.set('user_agent', deviceLabel());
  return form;
}

/** Starts the page's switch, if any. */
export async function startPushOptIn() {
  const root = document.querySelector<HTMLElement>('[data-push-optin]');
  const button = root?.querySelector<HTMLButtonElement>('[data-push-toggle]');
  const state = root?.querySelector<HTMLElement>('[data-push-state]');
  if (!root || !button || !state) return;
  const d = root.dataset;
  const show = (answer: Answer) => {
    const on = answer === 'on';
    state.textContent = { on: d.stateOn, off: d.stateOff, unavailable: d.unavailable, denied: d.denied, failed: d.failed }[answer] ?? '';
    button.hidden = answer === 'unavailable';
    button.textContent = (on ? d.labelOff : d.labelOn) ?? '';
    button.dataset.on = on ? '1' : '';
  };

  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && !!d.publicKey;
  const registration = supported ? await navigator.serviceWorker.getRegistration().catch(() => undefined) : undefined;
  if (!registration?.pushManager) return show('unavailable');
  let sub = await registration.pushManager.getSubscription().catch(() => null);
  // Push's own permission state where the browser has it ('prompt', 'granted', 'denied'), else the notifications'.
  const permission = await registration.pushManager
    .permissionState({ userVisibleOnly: true, applicationServerKey: keyBytes(d.publicKey ?? '') })
    .catch((): string => Notification.permission);
  if (permission === 'denied') show('denied');
  else show(sub ? 'on' : 'off');
  if (sub) void callAction('push.subscribe', subscriptionForm(sub));

  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      if (sub) {
        const form = new FormData();
        form.set('endpoint', sub.endpoint);
        const { error } = await callAction('push.unsubscribe', form);
        if (error) return show('failed');
        await sub.unsubscribe().catch(() => false);
        sub = null;
        return show('off');
      }
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return show(permission === 'denied' ? 'denied' : 'off');
      const made = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(d.publicKey ?? '') });
      const { error } = await callAction('push.subscribe', subscriptionForm(made));
      if (error) {
        await made.unsubscribe().catch(() => false);
        return show('failed');
      }
      sub = made;
      show('on');
    } catch {
      show('failed');
    } finally {
      button.disabled = false;
    }
  });
}

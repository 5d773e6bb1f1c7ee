/**
 * The edge build's `src/server/config.ts` (ADR 35): the same settings the storefront's pages,
 * Actions and middleware read, from the Worker's environment (./settings.ts). A worker is always
 * a storefront apart from its API (ADR 30): XS_API_URL and SESSION_SECRET must be set; nothing
 * is generated or kept on a disk (a worker has none).
 *
 * Settings of the API process (the database, payment webhooks' secrets, capacities, VAPID keys,
 * uploads) are not here: the API and the staff console stay on the Node shop.
 */
import type { config as NodeConfig } from '../server/config';
import { DEV_API_KEY, SESSION_SECRET_MIN } from '../server/setting-limits';
import { httpsUrlOr, proxyHops, STORE_FRONT_PAGES, whatsappDigits } from '../server/portable.ts';
import { setting } from './settings';

/** An app-store address: an absolute https URL from `name`, else the store's front page. */
function storeUrl(name: keyof typeof STORE_FRONT_PAGES): string {
  return httpsUrlOr(setting(name), STORE_FRONT_PAGES[name]);
}

/** A setting the worker cannot run without. @throws Error naming it. */
function required(name: string): string {
  const v = setting(name)?.trim();
  if (!v) throw new Error(`Set ${name} in the Worker's environment (wrangler vars or secrets, README "At the edge").`);
  return v;
}

/** TRUST_PROXY as src/server/config.ts reads it (0 to 10); at the edge 0 takes the visitor's address as Cloudflare gives it (CF-Connecting-IP). */
function trustProxy(): number {
  const raw = (setting('TRUST_PROXY') ?? '0').trim();
  const n = proxyHops(raw);
  if (!Number.isInteger(n) || n < 0 || n > 10) throw new Error(`TRUST_PROXY must be the number of proxies in front of the shop (0 to 10), not "${raw}".`);
  return n;
}

/** What a setting of the API process answers at the edge. @throws Error: the API process holds it. */
function onTheApi(name: string): never {
  throw new Error(`${name} belongs to the API process (the Node shop); the edge build never reads it (ADR 35).`);
}

/** PAYMENT_PROVIDER: 'sandbox' (default) or 'stripe', the same as the API's. @throws Error for any other value. */
function paymentProvider(): 'sandbox' | 'stripe' {
  const v = (setting('PAYMENT_PROVIDER') ?? 'sandbox').trim().toLowerCase();
  if (v !== 'sandbox' && v !== 'stripe') throw new Error(`PAYMENT_PROVIDER must be sandbox or stripe, not "${v}".`);
  return v;
}

/** PAYMENT_WINDOW_MINUTES (1 to 1440, default 30), the same as the API's: the pages show the deadline. */
function paymentWindowMinutes(): number {
  const raw = setting('PAYMENT_WINDOW_MINUTES') ?? '30';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1440) throw new Error(`PAYMENT_WINDOW_MINUTES must be a whole number of minutes from 1 to 1440, not "${raw}".`);
  return n;
}

/** The settings object, with the shape of src/server/config.ts's (checked by the type below). */
export const config = {
  get siteUrl() {
    return setting('SITE_URL') ?? '';
  },
  get xsApiUrl() {
    return required('XS_API_URL');
  },
  get xsApiKey() {
    return setting('XS_API_KEY') ?? DEV_API_KEY;
  },
  /** No direct calls at the edge: the API is always over HTTP (ADR 33). */
  checkApiAnswers: false,
  get seedDemoData(): boolean {
    return onTheApi('SEED_DEMO_DATA');
  },
  get whatsappNumber() {
    return whatsappDigits(setting('WHATSAPP_NUMBER'));
  },
  get appStores() {
    return {
      appStore: storeUrl('APP_STORE_URL'),
      googlePlay: storeUrl('GOOGLE_PLAY_URL'),
      appGallery: storeUrl('APPGALLERY_URL'),
    };
  },
  /** Secure cookies unless COOKIE_SECURE=false or SITE_URL is plain http (a local workerd run). */
  get cookieSecure() {
    const v = setting('COOKIE_SECURE');
    return v ? v === 'true' : !(setting('SITE_URL') ?? '').startsWith('http:');
  },
  /** SESSION_SECRET (≥ 32 characters), the secret the Node shop seals its cookie with when shoppers move between them. @throws Error when unset or short. */
  get sessionSecret() {
    const v = required('SESSION_SECRET');
    if (v.length < SESSION_SECRET_MIN) throw new Error(`SESSION_SECRET must be at least ${SESSION_SECRET_MIN} characters long.`);
    return v;
  },
  get paymentProvider() {
    return paymentProvider();
  },
  get paymentWindowMinutes() {
    return paymentWindowMinutes();
  },
  get paymentSandboxSecret(): string {
    return onTheApi('PAYMENT_SANDBOX_SECRET');
  },
  /** OPS_TOKEN for the error drill (src/edge/error-drill.ts); '' (no drill) when unset. */
  get opsToken() {
    return setting('OPS_TOKEN') ?? '';
  },
  /** Not a folder at the edge: members' pictures are read from the API's origin (src/edge/pictures.ts). */
  uploadsDir: '',
  get trustProxy() {
    return trustProxy();
  },
  get capacity(): (typeof NodeConfig)['capacity'] {
    return onTheApi('PICKUP_SLOT_CAPACITY');
  },
  get vapid(): (typeof NodeConfig)['vapid'] {
    return onTheApi('VAPID_PUBLIC_KEY');
  },
  get stripeSecretKey(): string {
    return onTheApi('STRIPE_SECRET_KEY');
  },
  get stripeWebhookSecret(): string {
    return onTheApi('STRIPE_WEBHOOK_SECRET');
  },
} satisfies typeof NodeConfig;

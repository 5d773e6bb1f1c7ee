/**
 * Configuration from the environment, read once (or, for a getter, when asked): the typed, checked
 * values of src/server/settings.ts (`setting`), with the defaults that depend on other settings
 * (COOKIE_SECURE, CHECK_API_ANSWERS, VAPID_SUBJECT) and the secrets generated into the data folder
 * when unset. Every variable is listed in the README's configuration table with its default.
 * A value off the schema throws an Error naming the variable (the server refuses it before it listens).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import type { CapacityDefaults } from '../domain/slot-capacity';
import { currentEnv, DEV_API_KEY, SESSION_SECRET_MIN, setting } from './settings';

function dataDir(): string {
  return path.resolve(setting('DATA_DIR'));
}

/**
 * A secret from the setting `name` (its length checked by the schema), else one generated once
 * (`bytes` random bytes, base64url) into `file` beside the embedded database, so it survives
 * restarts. @throws Error when the variable is set but too short.
 */
function secretFromEnvOrFile(name: 'SESSION_SECRET' | 'OPS_TOKEN', file: string, bytes: number): string {
  const fromEnv = setting(name);
  if (fromEnv) return fromEnv;
  const where = path.join(path.dirname(dataDir()), file);
  try {
    return fs.readFileSync(where, 'utf8').trim();
  } catch {
    const secret = randomBytes(bytes).toString('base64url');
    fs.mkdirSync(path.dirname(where), { recursive: true });
    fs.writeFileSync(where, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * SESSION_SECRET (≥ SESSION_SECRET_MIN characters), else one generated once and kept beside the
 * embedded database. A production server checks it before it starts (src/server/settings.ts).
 */
function sessionSecret(): string {
  if (!setting('SESSION_SECRET') && currentEnv().NODE_ENV === 'production' && setting('DATABASE_URL')) {
    throw new Error(`Set SESSION_SECRET (at least ${SESSION_SECRET_MIN} characters) when running on PostgreSQL: every instance must share it.`);
  }
  return secretFromEnvOrFile('SESSION_SECRET', 'session-secret', 32);
}

/** OPS_TOKEN (≥ 24 characters), else one generated once beside the embedded database (read there by `npm run ops`). */
function opsToken(): string {
  return secretFromEnvOrFile('OPS_TOKEN', 'ops-token', 24);
}

/** UPLOADS_DIR: where members' profile pictures are kept; by default `uploads` beside the embedded database (.data/uploads). */
function uploadsDir(): string {
  return path.resolve(setting('UPLOADS_DIR') ?? path.join(path.dirname(dataDir()), 'uploads'));
}

/**
 * Web Push (ADR 32): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, both or neither; checked at
 * start by src/server/settings.ts), else null (the database makes and keeps its own pair); and
 * VAPID_SUBJECT, the contact push services may write to: a mailto: or https: address, by default
 * SITE_URL when it is https, else a mailto: address at an invalid domain.
 */
function vapid(): { keys: { publicKey: string; privateKey: string } | null; subject: string } {
  const publicKey = setting('VAPID_PUBLIC_KEY')?.trim();
  const privateKey = setting('VAPID_PRIVATE_KEY')?.trim();
  const site = setting('SITE_URL') ?? '';
  const subject = setting('VAPID_SUBJECT') || (site.startsWith('https://') ? site : 'mailto:push@xs-storefront.invalid');
  return { keys: publicKey && privateKey ? { publicKey, privateKey } : null, subject };
}

export const config = {
  /** The shop's public address (SITE_URL, e.g. https://shop.example.my), read at start, not at build; '' when unset (src/server/site-origin.ts). */
  get siteUrl() {
    return setting('SITE_URL') ?? '';
  },
  /** Remote mobile e-commerce API; empty means the bundled API, called in-process. */
  xsApiUrl: setting('XS_API_URL') ?? '',
  /**
   * Check every answer of a direct in-process call against its response schema (ADR 33):
   * CHECK_API_ANSWERS=true|false, on by default outside production.
   */
  checkApiAnswers: setting('CHECK_API_ANSWERS') ?? currentEnv().NODE_ENV !== 'production',
  /** The fixed API key of the mobile e-commerce API (the public development key outside production; refused in production). */
  xsApiKey: setting('XS_API_KEY') ?? DEV_API_KEY,
  /** Load the demo catalogue, outlets and member when the database is empty. */
  seedDemoData: setting('SEED_DEMO_DATA'),
  /** The shop's WhatsApp number (coverage.md §1 footer, §2 WhatsApp button): digits only, country code first, for https://wa.me/<number>. */
  whatsappNumber: setting('WHATSAPP_NUMBER'),
  /** The shop's app on the three app stores (coverage.md §1 footer): https addresses, the stores' front pages by default. */
  appStores: {
    appStore: setting('APP_STORE_URL'),
    googlePlay: setting('GOOGLE_PLAY_URL'),
    appGallery: setting('APPGALLERY_URL'),
  },
  /** Secure flag on the session cookie: on in production unless COOKIE_SECURE=false (plain-HTTP demos). */
  cookieSecure: setting('COOKIE_SECURE') ?? (currentEnv().NODE_ENV === 'production' && !!setting('SITE_URL')?.startsWith('https')),
  get sessionSecret() {
    return (cached ??= sessionSecret());
  },
  /** The payment adapter (ADR 10). */
  get paymentProvider() {
    return setting('PAYMENT_PROVIDER');
  },
  /** Minutes an order may stay unpaid before the shop cancels it. */
  get paymentWindowMinutes() {
    return setting('PAYMENT_WINDOW_MINUTES');
  },
  /** The sandbox provider's webhook secret: PAYMENT_SANDBOX_SECRET, else derived from the session secret (stable per install). */
  get paymentSandboxSecret() {
    return setting('PAYMENT_SANDBOX_SECRET') ?? createHmac('sha256', this.sessionSecret).update('payment-sandbox-webhook').digest('base64url');
  },
  /** The operators' token (`npm run ops`). */
  get opsToken() {
    return (cachedOps ??= opsToken());
  },
  /** Members' profile pictures (absolute path); shared storage when several instances run. */
  uploadsDir: uploadsDir(),
  /** Reverse proxies trusted to set X-Forwarded-For (src/server/client-ip.ts). */
  get trustProxy() {
    return setting('TRUST_PROXY');
  },
  /**
   * Default capacities of an outlet (src/domain/slot-capacity.ts): PICKUP_SLOT_CAPACITY orders per
   * pick-up slot (default 10) and DELIVERY_DAY_CAPACITY delivery orders per day (default 60); HQ
   * sets an outlet's own in the console. @throws Error for a value that is not a whole number 0–10000.
   */
  get capacity(): CapacityDefaults {
    return {
      pickupSlot: setting('PICKUP_SLOT_CAPACITY'),
      deliveryDay: setting('DELIVERY_DAY_CAPACITY'),
    };
  },
  /** Web Push's VAPID keys (null: the database's own) and subject (ADR 32). */
  get vapid() {
    return vapid();
  },
  stripeSecretKey: setting('STRIPE_SECRET_KEY') ?? '',
  stripeWebhookSecret: setting('STRIPE_WEBHOOK_SECRET') ?? '',
};
let cached: string | undefined;
let cachedOps: string | undefined;

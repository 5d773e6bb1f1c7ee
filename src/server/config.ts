/**
 * Configuration from the environment, read once. Every variable is listed in the README's
 * configuration table with its default.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { DEV_API_KEY, SESSION_SECRET_MIN } from './settings.ts';
import { DEFAULT_DELIVERY_DAY_CAPACITY, DEFAULT_PICKUP_SLOT_CAPACITY, parseCapacity, type CapacityDefaults } from '../domain/slot-capacity';
import { currentEnv } from './settings';

function dataDir(): string {
  return path.resolve(currentEnv().DATA_DIR ?? '.data/pglite');
}

/**
 * A secret from the environment variable `name` (at least `minLength` characters), else one
 * generated once (`bytes` random bytes, base64url) into `file` beside the embedded database, so it
 * survives restarts. @throws Error when the variable is set but too short.
 */
function secretFromEnvOrFile(name: string, minLength: number, file: string, bytes: number): string {
  const fromEnv = currentEnv()[name];
  if (fromEnv) {
    if (fromEnv.length < minLength) throw new Error(`${name} must be at least ${minLength} characters long.`);
    return fromEnv;
  }
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
  if (!currentEnv().SESSION_SECRET && currentEnv().NODE_ENV === 'production' && currentEnv().DATABASE_URL) {
    throw new Error(`Set SESSION_SECRET (at least ${SESSION_SECRET_MIN} characters) when running on PostgreSQL: every instance must share it.`);
  }
  return secretFromEnvOrFile('SESSION_SECRET', SESSION_SECRET_MIN, 'session-secret', 32);
}

/** OPS_TOKEN (≥ 24 characters), else one generated once beside the embedded database (read there by `npm run ops`). */
function opsToken(): string {
  return secretFromEnvOrFile('OPS_TOKEN', 24, 'ops-token', 24);
}

/** PAYMENT_PROVIDER: 'sandbox' (default) or 'stripe'. @throws Error for any other value. */
function paymentProvider(): 'sandbox' | 'stripe' {
  const v = (currentEnv().PAYMENT_PROVIDER ?? 'sandbox').trim().toLowerCase();
  if (v !== 'sandbox' && v !== 'stripe') throw new Error(`PAYMENT_PROVIDER must be sandbox or stripe, not "${v}".`);
  return v;
}

/** PAYMENT_WINDOW_MINUTES: a whole number of minutes from 1 to 1440, default 30. @throws Error otherwise. */
function paymentWindowMinutes(): number {
  const raw = currentEnv().PAYMENT_WINDOW_MINUTES ?? '30';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1440) throw new Error(`PAYMENT_WINDOW_MINUTES must be a whole number of minutes from 1 to 1440, not "${raw}".`);
  return n;
}

/** UPLOADS_DIR: where members' profile pictures are kept; by default `uploads` beside the embedded database (.data/uploads). */
function uploadsDir(): string {
  return path.resolve(currentEnv().UPLOADS_DIR || path.join(path.dirname(dataDir()), 'uploads'));
}

/**
 * TRUST_PROXY: how many reverse proxies stand in front of the shop (0 to 10, default 0). 0: the
 * client IP is the socket's and X-Forwarded-For is ignored; n: it is the n-th address from the end
 * of X-Forwarded-For (the one the outermost trusted proxy saw). @throws Error otherwise.
 */
function trustProxy(): number {
  const raw = (currentEnv().TRUST_PROXY ?? '0').trim();
  const n = raw === 'true' ? 1 : raw === 'false' ? 0 : Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 10) throw new Error(`TRUST_PROXY must be the number of proxies in front of the shop (0 to 10), not "${raw}".`);
  return n;
}

/**
 * An app-store address from the environment variable `name`: an absolute https URL, else `fallback`
 * (the store's own front page, so the footer's badge is always a working link).
 */
function storeUrl(name: string, fallback: string): string {
  const raw = currentEnv()[name]?.trim();
  if (!raw) return fallback;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Web Push (ADR 32): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, both or neither; checked at
 * start by src/server/settings.ts), else null (the database makes and keeps its own pair); and
 * VAPID_SUBJECT, the contact push services may write to: a mailto: or https: address, by default
 * SITE_URL when it is https, else a mailto: address at an invalid domain.
 */
function vapid(): { keys: { publicKey: string; privateKey: string } | null; subject: string } {
  const publicKey = currentEnv().VAPID_PUBLIC_KEY?.trim();
  const privateKey = currentEnv().VAPID_PRIVATE_KEY?.trim();
  const site = currentEnv().SITE_URL?.trim() ?? '';
  const subject = currentEnv().VAPID_SUBJECT?.trim() || (site.startsWith('https://') ? site : 'mailto:push@xs-storefront.invalid');
  return { keys: publicKey && privateKey ? { publicKey, privateKey } : null, subject };
}

export const config = {
  /** The shop's public address (SITE_URL, e.g. https://shop.example.my), read at start, not at build; '' when unset (src/server/site-origin.ts). */
  get siteUrl() {
    return currentEnv().SITE_URL ?? '';
  },
  /** Remote mobile e-commerce API; empty means the bundled API, called in-process. */
  xsApiUrl: currentEnv().XS_API_URL ?? '',
  /**
   * Check every answer of a direct in-process call against its response schema (ADR 33):
   * CHECK_API_ANSWERS=true|false, on by default outside production.
   */
  checkApiAnswers: currentEnv().CHECK_API_ANSWERS ? currentEnv().CHECK_API_ANSWERS === 'true' : currentEnv().NODE_ENV !== 'production',
  /** The fixed API key of the mobile e-commerce API (the public development key outside production; refused in production). */
  xsApiKey: currentEnv().XS_API_KEY ?? DEV_API_KEY,
  /** Load the demo catalogue, outlets and member when the database is empty. */
  seedDemoData: (currentEnv().SEED_DEMO_DATA ?? 'true') !== 'false',
  /** The shop's WhatsApp number (coverage.md §1 footer, §2 WhatsApp button): digits only, country code first, for https://wa.me/<number>. */
  whatsappNumber: (currentEnv().WHATSAPP_NUMBER ?? '60123456789').replace(/\D/g, '') || '60123456789',
  /** The shop's app on the three app stores (coverage.md §1 footer): https addresses, the stores' front pages by default. */
  appStores: {
    appStore: storeUrl('APP_STORE_URL', 'https://www.apple.com/app-store/'),
    googlePlay: storeUrl('GOOGLE_PLAY_URL', 'https://play.google.com/store/apps'),
    appGallery: storeUrl('APPGALLERY_URL', 'https://appgallery.huawei.com/'),
  },
  /** Secure flag on the session cookie: on in production unless COOKIE_SECURE=false (plain-HTTP demos). */
  cookieSecure: currentEnv().COOKIE_SECURE ? currentEnv().COOKIE_SECURE === 'true' : currentEnv().NODE_ENV === 'production' && !!currentEnv().SITE_URL?.startsWith('https'),
  get sessionSecret() {
    return (cached ??= sessionSecret());
  },
  /** The payment adapter (ADR 10). */
  get paymentProvider() {
    return paymentProvider();
  },
  /** Minutes an order may stay unpaid before the shop cancels it. */
  get paymentWindowMinutes() {
    return paymentWindowMinutes();
  },
  /** The sandbox provider's webhook secret: PAYMENT_SANDBOX_SECRET, else derived from the session secret (stable per install). */
  get paymentSandboxSecret() {
    return currentEnv().PAYMENT_SANDBOX_SECRET || createHmac('sha256', this.sessionSecret).update('payment-sandbox-webhook').digest('base64url');
  },
  /** The operators' token (`npm run ops`). */
  get opsToken() {
    return (cachedOps ??= opsToken());
  },
  /** Members' profile pictures (absolute path); shared storage when several instances run. */
  uploadsDir: uploadsDir(),
  /** Reverse proxies trusted to set X-Forwarded-For (src/server/client-ip.ts). */
  get trustProxy() {
    return trustProxy();
  },
  /**
   * Default capacities of an outlet (src/domain/slot-capacity.ts): PICKUP_SLOT_CAPACITY orders per
   * pick-up slot (default 10) and DELIVERY_DAY_CAPACITY delivery orders per day (default 60); HQ
   * sets an outlet's own in the console. @throws Error for a value that is not a whole number 0–10000.
   */
  get capacity(): CapacityDefaults {
    return {
      pickupSlot: parseCapacity('PICKUP_SLOT_CAPACITY', currentEnv().PICKUP_SLOT_CAPACITY, DEFAULT_PICKUP_SLOT_CAPACITY),
      deliveryDay: parseCapacity('DELIVERY_DAY_CAPACITY', currentEnv().DELIVERY_DAY_CAPACITY, DEFAULT_DELIVERY_DAY_CAPACITY),
    };
  },
  /** Web Push's VAPID keys (null: the database's own) and subject (ADR 32). */
  get vapid() {
    return vapid();
  },
  stripeSecretKey: currentEnv().STRIPE_SECRET_KEY ?? '',
  stripeWebhookSecret: currentEnv().STRIPE_WEBHOOK_SECRET ?? '',
};
let cached: string | undefined;
let cachedOps: string | undefined;

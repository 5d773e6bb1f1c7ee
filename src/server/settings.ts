/**
 * Every setting of the shop, in one schema (docs/architecture.md "Configuration"; README
 * Configuration): a value out of range, of the wrong kind, or a combination that cannot work
 * (Stripe without its keys) refuses the start, naming the variable and what it accepts. An empty
 * value counts as unset (compose passes `NAME=` for settings left empty), so the default applies.
 * The server (src/server/http/serve.ts, and so `npm start`) exits with code 1 on any problem,
 * before it listens: a shop that could not answer never says /healthz ok.
 *
 * The schema also gives each value its type and default (a port as a number, a flag as a boolean,
 * RATE_LIMIT_EXEMPT_IPS as a list…): the other modules read `setting(name)` and parse nothing.
 *
 * Production adds its own rules (NODE_ENV=production: the public API key, Secure cookies…):
 * `productionConfigProblems` below.
 */
import net from 'node:net';
import { z } from 'zod';
import { DEV_API_KEY, SESSION_SECRET_MIN } from './setting-limits.ts';
import { EDGE_PURGE_TOKEN_MIN } from './edge-purge-names.ts';
import { DEFAULT_DELIVERY_DAY_CAPACITY, DEFAULT_PICKUP_SLOT_CAPACITY, MAX_CAPACITY } from '../domain/slot-capacity.ts';
import { DEFAULT_WHATSAPP_NUMBER, httpsUrlOr, proxyHops, STORE_FRONT_PAGES, whatsappDigits } from './portable.ts';

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, `a whole number from ${min} to ${max}`)
    .transform(Number);
const number = (min: number, max: number) =>
  z
    .string()
    .refine((v) => v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max, `a number from ${min} to ${max}`)
    .transform(Number);
const flag = z.enum(['true', 'false'], { message: 'true or false' }).transform((v) => v === 'true');
const url = (protocols: string[], what: string) =>
  z
    .string()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, what)
    .transform((v) => v.trim());
const text = (min: number, max: number, what: string) => z.string().refine((v) => v.length >= min && v.length <= max, what);
/** An app store's https address, as the URL parser writes it (`https://x.example` → `https://x.example/`); unset, the store's front page. */
const storePage = (name: keyof typeof STORE_FRONT_PAGES) =>
  url(['https:'], 'an https URL')
    .transform((v) => httpsUrlOr(v, STORE_FRONT_PAGES[name]))
    .default(STORE_FRONT_PAGES[name]);

/**
 * Each setting: what it accepts, the typed value it gives (`setting(name)`) and its default, if it
 * has one of its own (a setting whose default depends on others is completed where it is read).
 */
export const SETTINGS = {
  PORT: wholeNumber(1, 65535).default(4321),
  HOST: text(1, 255, 'an address to listen on').transform((v) => v.trim()).default('0.0.0.0'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'a postgres:// connection URL'),
  DATABASE_POOL_SIZE: wholeNumber(1, 100).default(10),
  DATA_DIR: text(1, 4096, 'a folder').default('.data/pglite'),
  DATA_DIR_LOCK_STALE_MS: wholeNumber(2000, 3_600_000).default(30_000), // LOCK_STALE_MS, src/server/http/data-dir-lock.ts
  UPLOADS_DIR: text(1, 4096, 'a folder'),
  BACKUP_DIR: text(1, 4096, 'a folder'),
  IMAGE_CACHE_DIR: text(1, 4096, 'a folder'),
  PICTURES_CACHE_DIR: text(1, 4096, 'a folder'),
  MIGRATIONS_DIR: text(1, 4096, 'a folder').default('src/server/xs-api/db/migrations'),
  PGLITE_TEMPLATE: text(1, 4096, 'a file'),
  SEED_DEMO_DATA: flag.default(true),
  SESSION_SECRET: text(32, 4096, 'at least 32 characters (e.g. openssl rand -base64 48)'),
  COOKIE_SECURE: flag,
  SITE_URL: url(['http:', 'https:'], 'the shop\'s public origin, an http(s) URL such as https://shop.example.my'),
  XS_API_URL: url(['http:', 'https:'], 'an http(s) URL'),
  XS_API_KEY: z.string().regex(/^\S{1,200}$/, 'up to 200 characters without spaces'),
  WHATSAPP_NUMBER: z
    .string()
    .refine((v) => /^\d{8,15}$/.test(v.replace(/\D/g, '')), '8 to 15 digits, country code first')
    .transform(whatsappDigits)
    .default(DEFAULT_WHATSAPP_NUMBER),
  APP_STORE_URL: storePage('APP_STORE_URL'),
  GOOGLE_PLAY_URL: storePage('GOOGLE_PLAY_URL'),
  APPGALLERY_URL: storePage('APPGALLERY_URL'),
  SMS_GATEWAY_URL: url(['http:', 'https:'], 'an http(s) URL'),
  SMS_GATEWAY_USERNAME: text(1, 4096, 'up to 4096 characters'),
  SMS_GATEWAY_PASSWORD: text(1, 4096, 'up to 4096 characters'),
  GEOCODER_URL: url(['http:', 'https:'], 'an http(s) URL'),
  GEOCODER_KEY: text(1, 4096, 'up to 4096 characters').transform((v) => v.trim()),
  REDIS_URL: url(['redis:', 'rediss:'], 'a redis:// URL'),
  RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000).default(600),
  RATE_LIMIT_EXEMPT_IPS: z
    .string()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((ips) => ips.every((ip) => net.isIP(ip) !== 0), 'IP addresses separated by commas')
    .default([]),
  RATE_LIMIT_SCALE: number(0.01, 1000).default(1),
  RATE_LIMIT_KEY_PREFIX: z.string().regex(/^[\w-]{1,40}$/, "1 to 40 letters, digits, '-' or '_'").default('xs'),
  TRUST_PROXY: z
    .string()
    .transform(proxyHops)
    .refine((n) => Number.isInteger(n) && n >= 0 && n <= 10, 'the number of proxies in front of the shop, 0 to 10')
    .default(0),
  SERVER_HEADERS_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(10_000),
  SERVER_REQUEST_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(60_000),
  SERVER_KEEP_ALIVE_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(5_000),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000).default(10_000),
  LOG_CACHE_HIT_SAMPLE: number(0, 1).default(1),
  METRICS_TOKEN: text(24, 4096, 'at least 24 characters'),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], { message: 'trace, debug, info, warn, error, fatal or silent' }).default('info'),
  PAYMENT_PROVIDER: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(['sandbox', 'stripe'], { message: 'sandbox or stripe' }))
    .default('sandbox'),
  PAYMENT_WINDOW_MINUTES: wholeNumber(1, 1440).default(30),
  PAYMENT_SANDBOX_SECRET: text(16, 4096, 'at least 16 characters'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(live|test)_\w+$/, 'a Stripe secret key, sk_live_… or sk_test_…'),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'a Stripe webhook signing secret, whsec_…'),
  OPS_TOKEN: text(24, 4096, 'at least 24 characters'),
  PICKUP_SLOT_CAPACITY: wholeNumber(0, MAX_CAPACITY).default(DEFAULT_PICKUP_SLOT_CAPACITY),
  DELIVERY_DAY_CAPACITY: wholeNumber(0, MAX_CAPACITY).default(DEFAULT_DELIVERY_DAY_CAPACITY),
  PAGE_CACHE_MB: number(0, 65_536),
  PICTURE_TRANSFORMS: wholeNumber(1, 64),
  PICTURE_WARMUP: flag.default(true),
  SERVICE_WORKER: flag.default(true),
  CHECK_API_ANSWERS: flag,
  PICTURES_AT_BUILD: flag,
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'a VAPID public key: 87 base64url characters (npx web-push generate-vapid-keys)'),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a VAPID private key: 43 base64url characters (npx web-push generate-vapid-keys)'),
  EDGE_PURGE_URL: url(['http:', 'https:'], 'the storefront worker\'s origin, an http(s) URL such as https://shop.example.my'),
  EDGE_PURGE_TOKEN: text(EDGE_PURGE_TOKEN_MIN, 4096, `at least ${EDGE_PURGE_TOKEN_MIN} characters, the worker's EDGE_PURGE_TOKEN secret`),
  VAPID_SUBJECT: url(['mailto:', 'https:'], 'a mailto: or https: address push services may write to'),
};

/** The environment the settings are read from (names to raw values). */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The process's environment. This module is the one place in src/ that reads `process.env`
 * (docs/architecture.md "Configuration"): every other module asks here, or is handed an Env by its
 * caller. Read on each call rather than copied once, so a test that sets a variable sees it at once;
 * the server checks every value against SETTINGS before it listens (src/server/http/serve.ts).
 */
export function currentEnv(): Env {
  return process.env;
}

/** The name of a setting of the schema. */
export type SettingName = keyof typeof SETTINGS;

/** What `setting(name)` gives: the typed value, its default when unset, undefined when unset without one. */
export type SettingValue<K extends SettingName> = (typeof SETTINGS)[K] extends z.ZodDefault ? z.output<(typeof SETTINGS)[K]> : z.output<(typeof SETTINGS)[K]> | undefined;

/** The message for a value `raw` of `name` that its schema refused (secrets shown by their length only). */
function problemOf(name: string, raw: string, message: string | undefined): string {
  const shown = /SECRET|TOKEN|PASSWORD|_KEY$/.test(name) ? `${raw.length} characters` : `"${raw.slice(0, 80)}"`;
  return `${name}: ${message ?? 'invalid'} (got ${shown}).`;
}

/**
 * One setting's typed, checked value from `env` (by default the process's): e.g.
 * setting('TRUST_PROXY') → 0 unset, 1 for 'true'; setting('RATE_LIMIT_EXEMPT_IPS') → ['127.0.0.1', '::1'].
 * An empty value counts as unset. Read on each call (see currentEnv); cheap, one schema.
 * @throws Error naming the variable and what it accepts, as settingsProblems words it, when the value
 * does not fit (the server refuses such a value before it listens; a module reading it elsewhere fails).
 */
export function setting<K extends SettingName>(name: K, env: Env = currentEnv()): SettingValue<K> {
  const raw = env[name];
  const schema: z.ZodType = SETTINGS[name];
  if (raw === undefined || raw.trim() === '') return (schema instanceof z.ZodDefault ? schema.parse(undefined) : undefined) as SettingValue<K>;
  const checked = schema.safeParse(raw);
  if (!checked.success) throw new Error(problemOf(name, raw, checked.error.issues[0]?.message));
  return checked.data as SettingValue<K>;
}

/** Settings that only work together: one message per broken combination. */
function combinationProblems(env: Env): string[] {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  const problems: string[] = [];
  if ((env.PAYMENT_PROVIDER ?? '').trim().toLowerCase() === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) if (!set(name)) problems.push(`${name}: required with PAYMENT_PROVIDER=stripe.`);
  }
  if (set('EDGE_PURGE_URL') !== set('EDGE_PURGE_TOKEN')) problems.push('EDGE_PURGE_URL, EDGE_PURGE_TOKEN: set both (the worker\'s origin and its purge token), or neither.');
  if (set('VAPID_PUBLIC_KEY') !== set('VAPID_PRIVATE_KEY')) problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a pair), or neither (the shop makes its own).');
  const headers = Number(env.SERVER_HEADERS_TIMEOUT_MS || 10_000);
  const request = Number(env.SERVER_REQUEST_TIMEOUT_MS || 60_000);
  if (set('SERVER_REQUEST_TIMEOUT_MS') && request < headers) problems.push(`SERVER_REQUEST_TIMEOUT_MS: at least SERVER_HEADERS_TIMEOUT_MS (${headers}).`);
  return problems;
}

/**
 * What the server in front of the app (src/server/http/serve.ts) runs with, read once at its start
 * with every default applied. Times in ms; `trustProxyHops` is TRUST_PROXY as a number of proxies;
 * `metricsToken` '' turns /metrics off; `siteUrl` '' when unset.
 */
export interface ServerSettings {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  /** XS_API_URL: the API this storefront calls over HTTP; '' when the API is bundled (the database is this process's). */
  xsApiUrl: string;
  shutdownTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  trustProxyHops: number;
  metricsToken: string;
  logLevel: string;
  logCacheHitSample: number;
  siteUrl: string;
  serviceWorker: boolean;
  pictureWarmup: boolean;
}

/**
 * The server's settings from `env`, checked against SETTINGS first.
 * E.g. serverSettings({ PORT: '8080', TRUST_PROXY: 'true' }) → { port: 8080, trustProxyHops: 1, host: '0.0.0.0', … }.
 * @throws Error listing every problem (settingsProblems) when a value does not fit its schema.
 */
export function serverSettings(env: Env): ServerSettings {
  const problems = settingsProblems(env);
  if (problems.length > 0) throw new Error(`Settings that cannot work:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return {
    host: setting('HOST', env),
    port: setting('PORT', env),
    dataDir: setting('DATA_DIR', env).trim(),
    databaseUrl: setting('DATABASE_URL', env) ?? '',
    xsApiUrl: setting('XS_API_URL', env) ?? '',
    shutdownTimeoutMs: setting('SHUTDOWN_TIMEOUT_MS', env),
    headersTimeoutMs: setting('SERVER_HEADERS_TIMEOUT_MS', env),
    requestTimeoutMs: setting('SERVER_REQUEST_TIMEOUT_MS', env),
    keepAliveTimeoutMs: setting('SERVER_KEEP_ALIVE_TIMEOUT_MS', env),
    trustProxyHops: setting('TRUST_PROXY', env),
    metricsToken: setting('METRICS_TOKEN', env)?.trim() ?? '',
    logLevel: setting('LOG_LEVEL', env),
    logCacheHitSample: setting('LOG_CACHE_HIT_SAMPLE', env),
    siteUrl: setting('SITE_URL', env) ?? '',
    serviceWorker: setting('SERVICE_WORKER', env),
    pictureWarmup: setting('PICTURE_WARMUP', env),
  };
}

/**
 * What is wrong with the settings in `env`, one message per problem, each naming its variable and
 * what it accepts, e.g. 'TRUST_PROXY: the number of proxies in front of the shop, 0 to 10 (got "99").'
 * Empty when all is well.
 */
export function settingsProblems(env: Env): string[] {
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(SETTINGS)) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const checked = schema.safeParse(raw);
    if (!checked.success) problems.push(problemOf(name, raw, checked.error.issues[0]?.message));
  }
  return [...problems, ...combinationProblems(env)];
}


export { DEV_API_KEY, SESSION_SECRET_MIN };

/**
 * Settings a production server must not start with (README Configuration, "Security"), one message
 * per problem, each naming its variable; empty when all is well or when not in production.
 * Production is NODE_ENV=production; `npm start` without it is the local demo, which keeps working
 * with no configuration (its session secret and operators' token are generated into the data folder).
 */
export function productionConfigProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.XS_API_KEY || env.XS_API_KEY === DEV_API_KEY) {
    problems.push(`XS_API_KEY: set your own API key; the development key ${DEV_API_KEY} is public.`);
  }
  if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < SESSION_SECRET_MIN) {
    problems.push(`SESSION_SECRET: must be at least ${SESSION_SECRET_MIN} characters long (e.g. openssl rand -base64 48).`);
  }
  if (!env.SESSION_SECRET && env.DATABASE_URL) {
    problems.push(`SESSION_SECRET: required on PostgreSQL (DATABASE_URL), the same on every instance, at least ${SESSION_SECRET_MIN} characters.`);
  }
  if (env.COOKIE_SECURE === 'false' && siteIsHttps(env.SITE_URL)) {
    problems.push('COOKIE_SECURE: the login cookie must be Secure when SITE_URL is https; remove COOKIE_SECURE=false.');
  }
  if (env.GEOCODER_URL?.trim() && !isHttps(env.GEOCODER_URL.trim())) {
    problems.push('GEOCODER_URL: must be an https URL (the maps service is sent GEOCODER_KEY and shoppers\' addresses).');
  }
  return problems;
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

function siteIsHttps(siteUrl: string | undefined): boolean {
  try {
    return new URL(siteUrl ?? '').protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Configuration from the environment, read once. Every variable is listed in the README's
 * configuration table with its default.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

function dataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? '.data/pglite');
}

/** SESSION_SECRET (≥ 32 characters), else one generated once and kept beside the embedded database. */
function sessionSecret(): string {
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long.');
    return fromEnv;
  }
  if (process.env.NODE_ENV === 'production' && process.env.DATABASE_URL) {
    throw new Error('Set SESSION_SECRET (at least 32 characters) when running on PostgreSQL: every instance must share it.');
  }
  const file = path.join(path.dirname(dataDir()), 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export const config = {
  /** Remote mobile e-commerce API; empty means the bundled API, called in-process. */
  xsApiUrl: process.env.XS_API_URL ?? '',
  /** The fixed API key of the mobile e-commerce API. */
  xsApiKey: process.env.XS_API_KEY ?? 'xs-local-dev-key',
  /** Load the demo catalogue, outlets and member when the database is empty. */
  seedDemoData: (process.env.SEED_DEMO_DATA ?? 'true') !== 'false',
  /** The shop's WhatsApp number (spec §1 footer, §2 WhatsApp button): digits only, country code first, for https://wa.me/<number>. */
  whatsappNumber: (process.env.WHATSAPP_NUMBER ?? '60123456789').replace(/\D/g, '') || '60123456789',
  /** Secure flag on the session cookie: on in production unless COOKIE_SECURE=false (plain-HTTP demos). */
  cookieSecure: process.env.COOKIE_SECURE ? process.env.COOKIE_SECURE === 'true' : process.env.NODE_ENV === 'production' && !!process.env.SITE_URL?.startsWith('https'),
  get sessionSecret() {
    return (cached ??= sessionSecret());
  },
};
let cached: string | undefined;

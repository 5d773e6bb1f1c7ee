/** The settings' schema (src/server/settings.ts): each bad value or broken combination named, empty values left to their defaults. */
import { describe, expect, it } from 'vitest';
import { serverSettings, settingsProblems } from '../../src/server/settings.ts';

describe('settingsProblems', () => {
  it('accepts no settings, empty ones, and a full production set', () => {
    expect(settingsProblems({})).toEqual([]);
    expect(settingsProblems({ TRUST_PROXY: '', COOKIE_SECURE: '', STRIPE_SECRET_KEY: '' })).toEqual([]);
    expect(
      settingsProblems({
        PORT: '4321', DATABASE_URL: 'postgres://xs:pw@postgres:5432/xsshop', DATABASE_POOL_SIZE: '10', REDIS_URL: 'redis://redis:6379/0',
        SESSION_SECRET: 'x'.repeat(48), OPS_TOKEN: 'y'.repeat(32), XS_API_KEY: 'k-123', SITE_URL: 'https://shop.example.my', TRUST_PROXY: '1',
        RATE_LIMIT_EXEMPT_IPS: '127.0.0.1, ::1', RATE_LIMIT_SCALE: '0.5', PAYMENT_PROVIDER: 'Stripe', STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc', PAYMENT_WINDOW_MINUTES: '30', LOG_LEVEL: 'warn', PAGE_CACHE_MB: '12.5', WHATSAPP_NUMBER: '+60 12-345 6789',
      }),
    ).toEqual([]);
  });

  it('refuses each value the shop cannot run with, naming the variable and what it takes', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ TRUST_PROXY: '99' }, /^TRUST_PROXY: .*0 to 10 \(got "99"\)/],
      [{ RATE_LIMIT_SCALE: '0' }, /^RATE_LIMIT_SCALE: a number from 0.01 to 1000/],
      [{ PAYMENT_PROVIDER: 'paypal' }, /^PAYMENT_PROVIDER: sandbox or stripe/],
      [{ PAYMENT_WINDOW_MINUTES: '0' }, /^PAYMENT_WINDOW_MINUTES: a whole number from 1 to 1440/],
      [{ OPS_TOKEN: 'short12345' }, /^OPS_TOKEN: at least 24 characters \(got 10 characters\)/],
      [{ SESSION_SECRET: 'abc' }, /^SESSION_SECRET: at least 32 characters/],
      [{ PORT: '70000' }, /^PORT:/],
      [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: a postgres:\/\/ connection URL/],
      [{ SITE_URL: 'shop.example.my' }, /^SITE_URL:/],
      [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL:/],
      [{ RATE_LIMIT_EXEMPT_IPS: '127.0.0.1, not-an-ip' }, /^RATE_LIMIT_EXEMPT_IPS:/],
      [{ PICKUP_SLOT_CAPACITY: '-1' }, /^PICKUP_SLOT_CAPACITY:/],
      [{ DATA_DIR_LOCK_STALE_MS: '500' }, /^DATA_DIR_LOCK_STALE_MS:/],
      [{ SERVER_KEEP_ALIVE_TIMEOUT_MS: '5s' }, /^SERVER_KEEP_ALIVE_TIMEOUT_MS: a whole number from 100 to 3600000/],
    ];
    for (const [env, message] of cases) {
      const problems = settingsProblems(env);
      expect(problems, JSON.stringify(env)).toHaveLength(1);
      expect(problems[0]).toMatch(message);
    }
  });

  it('refuses settings that only work together', () => {
    expect(settingsProblems({ PAYMENT_PROVIDER: 'stripe' })).toEqual(['STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe.', 'STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe.']);
    expect(settingsProblems({ SERVER_HEADERS_TIMEOUT_MS: '20000', SERVER_REQUEST_TIMEOUT_MS: '10000' })).toHaveLength(1);
  });

  it('never prints a secret', () => {
    expect(settingsProblems({ SESSION_SECRET: 'my-little-secret' }).join()).not.toContain('my-little-secret');
  });
});

describe('serverSettings', () => {
  it('gives the server its values once, with every default applied, empty values counting as unset', () => {
    expect(serverSettings({})).toEqual({
      host: '0.0.0.0', port: 4321, dataDir: '.data/pglite', databaseUrl: '', xsApiUrl: '', shutdownTimeoutMs: 10_000, headersTimeoutMs: 10_000, requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 5_000, trustProxyHops: 0, metricsToken: '', logLevel: 'info', logCacheHitSample: 1, siteUrl: '', serviceWorker: true, pictureWarmup: true,
    });
    const s = serverSettings({ PORT: '8080', HOST: '', TRUST_PROXY: 'true', SERVER_KEEP_ALIVE_TIMEOUT_MS: '65000', LOG_CACHE_HIT_SAMPLE: '0.1', SERVICE_WORKER: 'false', SITE_URL: 'https://shop.example.my', XS_API_URL: 'http://api:4321/api/mobile_ecom/xs_api.php' });
    expect(s).toMatchObject({ xsApiUrl: 'http://api:4321/api/mobile_ecom/xs_api.php', port: 8080, host: '0.0.0.0', trustProxyHops: 1, keepAliveTimeoutMs: 65_000, logCacheHitSample: 0.1, serviceWorker: false, siteUrl: 'https://shop.example.my' });
    expect(serverSettings({ TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
  });

  it('refuses settings off the schema, naming every variable at fault', () => {
    expect(() => serverSettings({ PORT: 'eighty', SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/PORT: a whole number from 1 to 65535[\s\S]*SHUTDOWN_TIMEOUT_MS: a whole number from 0 to 600000/);
  });
});

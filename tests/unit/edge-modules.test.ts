/**
 * The edge build's own versions of Node-only modules (src/edge/, ADR 35), run under Node with the
 * Worker's environment stood in for: settings from the Worker's env, the log's redaction, the
 * error drill's token check, and what a worker refuses to do.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const env: Record<string, unknown> = {};
vi.mock('cloudflare:workers', () => ({ env }));

const { config } = await import('../../src/edge/config');
const { log } = await import('../../src/edge/log');
const { isErrorDrill } = await import('../../src/edge/error-drill');
const { bundledApi, readyDb, abuseLimits } = await import('../../src/edge/runtime');

afterEach(() => {
  for (const k of Object.keys(env)) delete env[k];
  vi.restoreAllMocks();
});

describe('edge settings', () => {
  it('reads the Worker env at each use, and names a missing required setting', () => {
    expect(() => config.xsApiUrl).toThrow(/XS_API_URL/);
    env.XS_API_URL = 'http://api.test/api/mobile_ecom/xs_api.php';
    expect(config.xsApiUrl).toBe('http://api.test/api/mobile_ecom/xs_api.php');
    expect(config.xsApiKey).toBe('xs-local-dev-key');
    env.XS_API_KEY = 'k'.repeat(40);
    expect(config.xsApiKey).toBe('k'.repeat(40));
  });
  it('wants a session secret of at least 32 characters', () => {
    expect(() => config.sessionSecret).toThrow(/SESSION_SECRET/);
    env.SESSION_SECRET = 'short';
    expect(() => config.sessionSecret).toThrow(/at least 32/);
    env.SESSION_SECRET = 's'.repeat(32);
    expect(config.sessionSecret).toBe('s'.repeat(32));
  });
  it('sets Secure cookies unless the site is plain http or COOKIE_SECURE=false', () => {
    env.SITE_URL = 'https://shop.example.my';
    expect(config.cookieSecure).toBe(true);
    env.SITE_URL = 'http://127.0.0.1:8787';
    expect(config.cookieSecure).toBe(false);
    env.SITE_URL = 'https://shop.example.my';
    env.COOKIE_SECURE = 'false';
    expect(config.cookieSecure).toBe(false);
  });
  it("refuses the API process's settings", () => {
    expect(() => config.paymentSandboxSecret).toThrow(/API process/);
    expect(() => config.capacity).toThrow(/API process/);
  });
});

describe('edge log', () => {
  it('writes JSON lines with listed fields masked two levels down, and scrubs error messages', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    log.info({ password: 'secret1', body: { address: { address1: '1 Jalan' }, ok: 1 }, n: 2 }, 'hello');
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'info', msg: 'hello', password: '[redacted]', body: { address: '[redacted]', ok: 1 }, n: 2 });
    expect(lines[0]).not.toContain('secret1');
  });
  it('keeps below LOG_LEVEL out', () => {
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    env.LOG_LEVEL = 'warn';
    log.info('quiet');
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('edge error drill and runtime', () => {
  it('fails a request only with the exact OPS_TOKEN, and none when it is unset', () => {
    const h = (v: string) => new Headers({ 'x-error-drill': v });
    expect(isErrorDrill(h('anything'))).toBe(false);
    env.OPS_TOKEN = 'ops-token-0123456789abcdef';
    expect(isErrorDrill(h('ops-token-0123456789abcdef'))).toBe(true);
    expect(isErrorDrill(h('ops-token-0123456789abcdeX'))).toBe(false);
    expect(isErrorDrill(h('ops-token-0123456789abcdef0'))).toBe(false);
    expect(isErrorDrill(new Headers())).toBe(false);
  });
  it('has no bundled API nor database, and never limits per IP itself', async () => {
    expect(() => bundledApi()).toThrow(/Node shop/);
    expect(() => readyDb()).toThrow(/Node shop/);
    expect(await (await abuseLimits()).global.take('1.2.3.4')).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCrossSiteFormPost, siteOrigin } from '../../src/server/site-origin';

/** A request as the server behind a TLS-terminating proxy receives it: plain HTTP on an inner address. */
const inner = new URL('http://10.0.0.5:4321/login?_action=access.login');
const post = (headers: Record<string, string>, method = 'POST') => new Request(inner, { method, headers, body: method === 'GET' ? undefined : 'mobile=1' });
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('siteOrigin', () => {
  afterEach(() => vi.unstubAllEnvs());
  it('is the run-time SITE_URL, whatever address the request used', () => {
    vi.stubEnv('SITE_URL', 'https://shop.example.my/');
    expect(siteOrigin(inner)).toBe('https://shop.example.my');
  });
  it("is the request's own origin without SITE_URL", () => {
    vi.stubEnv('SITE_URL', '');
    expect(siteOrigin(inner)).toBe('http://10.0.0.5:4321');
  });
});

describe('isCrossSiteFormPost', () => {
  afterEach(() => vi.unstubAllEnvs());
  it("accepts a form from SITE_URL's origin behind a proxy that ends TLS", () => {
    vi.stubEnv('SITE_URL', 'https://shop.example.my');
    expect(isCrossSiteFormPost(post({ ...form, origin: 'https://shop.example.my' }), inner)).toBe(false);
  });
  it('accepts a form from the address the request was made to (no proxy)', () => {
    vi.stubEnv('SITE_URL', '');
    expect(isCrossSiteFormPost(post({ ...form, origin: 'http://10.0.0.5:4321' }), inner)).toBe(false);
  });
  it('refuses a form from another site, or with no Origin, with or without SITE_URL', () => {
    for (const site of ['', 'https://shop.example.my']) {
      vi.stubEnv('SITE_URL', site);
      expect(isCrossSiteFormPost(post({ ...form, origin: 'https://evil.example' }), inner)).toBe(true);
      expect(isCrossSiteFormPost(post({ 'content-type': 'multipart/form-data; boundary=x', origin: 'null' }), inner)).toBe(true);
      expect(isCrossSiteFormPost(post({ 'content-type': 'text/plain', origin: 'http://shop.example.my' }), inner)).toBe(true);
      expect(isCrossSiteFormPost(post(form), inner)).toBe(true);
    }
  });
  it("does not take a forwarded host or protocol for the shop's own", () => {
    vi.stubEnv('SITE_URL', 'https://shop.example.my');
    const forwarded = { ...form, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    expect(isCrossSiteFormPost(post(forwarded), inner)).toBe(true);
  });
  it('leaves safe methods and JSON bodies alone (a browser sends JSON cross-site only with CORS)', () => {
    vi.stubEnv('SITE_URL', 'https://shop.example.my');
    expect(isCrossSiteFormPost(post({ origin: 'https://evil.example' }, 'GET'), inner)).toBe(false);
    expect(isCrossSiteFormPost(post({ 'content-type': 'application/json', origin: 'https://evil.example' }), inner)).toBe(false);
  });
  it('refuses a body-less unsafe request without an Origin', () => {
    vi.stubEnv('SITE_URL', '');
    expect(isCrossSiteFormPost(new Request(inner, { method: 'DELETE' }), inner)).toBe(true);
  });
});

/** The security headers and proxy trust derived from SITE_URL (README Security; src/server/http/security-policy.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSP_DIRECTIVES, FALLBACK_CSP, securityHeaders, STRIPE_CHECKOUT_ORIGIN } from '../../src/server/http/security-policy.ts';
import { INLINE_SCRIPTS } from '../../src/components/inline-scripts.mjs';
import { allowPaymentProviderForms } from '../../src/features/payment/queries';

describe('securityHeaders', () => {
  it('sends HSTS only for an https SITE_URL', () => {
    expect(securityHeaders('https://shop.example.my')['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    for (const site of [undefined, '', 'http://localhost:4321', 'not a url']) {
      expect(securityHeaders(site)['Strict-Transport-Security'], String(site)).toBeUndefined();
    }
  });

  it('forbids framing, sniffing and every browser feature but the shop’s own geolocation', () => {
    const h = securityHeaders(undefined);
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['Permissions-Policy']).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
    expect(h['Permissions-Policy']).toMatch(/camera=\(\)/);
    expect(h['Permissions-Policy']).toMatch(/microphone=\(\)/);
    expect(FALLBACK_CSP).toMatch(/default-src 'none'/);
    expect(FALLBACK_CSP).toMatch(/frame-ancestors 'none'/);
  });

  it('never allows inline scripts wholesale in the page policy', () => {
    expect(CSP_DIRECTIVES.join(';')).not.toMatch(/unsafe-inline|unsafe-eval|script-src/);
    expect(CSP_DIRECTIVES).toContain("frame-ancestors 'none'");
    expect(INLINE_SCRIPTS.length).toBeGreaterThan(0);
  });
});

describe('allowPaymentProviderForms', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('lets forms lead to Stripe Checkout only when Stripe is the provider', () => {
    const insertDirective = vi.fn();
    vi.stubEnv('PAYMENT_PROVIDER', 'sandbox');
    allowPaymentProviderForms({ csp: { insertDirective } });
    expect(insertDirective).not.toHaveBeenCalled();
    vi.stubEnv('PAYMENT_PROVIDER', 'stripe');
    allowPaymentProviderForms({ csp: { insertDirective } });
    expect(insertDirective).toHaveBeenCalledWith(`form-action 'self' ${STRIPE_CHECKOUT_ORIGIN}`);
    // Without a policy (CSP off, e.g. in tests) nothing happens.
    expect(() => allowPaymentProviderForms({})).not.toThrow();
  });
});

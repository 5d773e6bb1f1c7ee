/** The way back from a payment provider (services/payments/return-origin.ts): this shop only, never a request's choice. */
import { describe, expect, it } from 'vitest';
import { paymentReturnOrigin } from '../../src/server/xs-api/services/payments/return-origin';
import { ApiError } from '../../src/server/xs-api/errors';

/** The status and detail a refusal answers with, or null when the origin is taken. */
function refusal(fn: () => unknown): [number, string] | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return [err.status, String(err.params.detail)];
  }
}

describe('paymentReturnOrigin', () => {
  const configured = { origin: 'https://shop.example.my', configured: true };
  const development = { origin: 'http://localhost:4321', configured: false };

  it("answers the shop's own origin, asked or not", () => {
    expect(paymentReturnOrigin(undefined, configured)).toBe('https://shop.example.my');
    expect(paymentReturnOrigin('https://shop.example.my', configured)).toBe('https://shop.example.my');
  });

  it('refuses any other origin when SITE_URL is set, loopback included', () => {
    for (const asked of ['https://evil.example', 'http://shop.example.my', 'https://shop.example.my:8443', 'http://127.0.0.1:4321']) {
      expect(refusal(() => paymentReturnOrigin(asked, configured)), asked).toEqual([400, expect.stringContaining('return_origin')]);
    }
  });

  it('takes a loopback origin on a development shop, nothing else', () => {
    expect(paymentReturnOrigin('http://127.0.0.1:4630', development)).toBe('http://127.0.0.1:4630');
    expect(paymentReturnOrigin('http://[::1]:4321', development)).toBe('http://[::1]:4321');
    expect(refusal(() => paymentReturnOrigin('https://evil.example', development))).toEqual([400, expect.stringContaining('return_origin')]);
    expect(refusal(() => paymentReturnOrigin('http://localhost.evil.example', development))).toEqual([400, expect.stringContaining('return_origin')]);
  });
});

/**
 * The sandbox provider's webhook signature (src/server/xs-api/adapters/payment/signature.ts):
 * HMAC-SHA256 over "<timestamp>.<raw body>", 300 s tolerance. Valid, tampered, stale, future,
 * re-dated and wrongly keyed callbacks. (A replay within the window is refused by the event id:
 * tests/api/payments.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signCallback, verifyCallbackSignature } from '../../src/server/xs-api/adapters/payment/signature';
import { PaymentCallbackError } from '../../src/server/xs-api/adapters/payment/types';

const SECRET = 'sandbox-secret-for-tests';
const at = new Date('2026-11-22T08:00:00Z');

function reason(fn: () => void): string {
  try {
    fn();
    return 'accepted';
  } catch (err) {
    expect(err).toBeInstanceOf(PaymentCallbackError);
    return (err as PaymentCallbackError).reason;
  }
}

describe('sandbox callback signature', () => {
  it('accepts what it signed, for any body, up to 300 s either way', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: -300, max: 300 }), (body, skew) => {
        const header = signCallback(body, SECRET, at);
        expect(reason(() => verifyCallbackSignature(body, header, SECRET, new Date(at.getTime() + skew * 1000)))).toBe('accepted');
      }),
    );
  });

  it('refuses a body changed by one character', () => {
    const body = '{"id":"evt_1","data":{"amount":1235}}';
    const header = signCallback(body, SECRET, at);
    expect(reason(() => verifyCallbackSignature(body.replace('1235', '1236'), header, SECRET, at))).toBe('signature_invalid');
  });

  it('refuses a callback older or newer than 300 s', () => {
    const header = signCallback('{}', SECRET, at);
    expect(reason(() => verifyCallbackSignature('{}', header, SECRET, new Date(at.getTime() + 301_000)))).toBe('timestamp_stale');
    expect(reason(() => verifyCallbackSignature('{}', header, SECRET, new Date(at.getTime() - 301_000)))).toBe('timestamp_stale');
  });

  it('refuses an old callback re-dated with a fresh timestamp (the time is inside the signed text)', () => {
    const old = signCallback('{}', SECRET, new Date(at.getTime() - 3600_000));
    const redated = old.replace(/t=\d+/, `t=${Math.floor(at.getTime() / 1000)}`);
    expect(reason(() => verifyCallbackSignature('{}', redated, SECRET, at))).toBe('signature_invalid');
  });

  it('refuses another secret, a missing or malformed header', () => {
    expect(reason(() => verifyCallbackSignature('{}', signCallback('{}', 'other-secret', at), SECRET, at))).toBe('signature_invalid');
    for (const header of [undefined, null, '', 'garbage', 't=abc,v1=00', `t=${Math.floor(at.getTime() / 1000)}`, 'v1=' + 'a'.repeat(64)]) {
      expect(reason(() => verifyCallbackSignature('{}', header, SECRET, at))).toBe('signature_missing');
    }
  });

  it('accepts any of several v1 signatures (secret rotation)', () => {
    const good = signCallback('{}', SECRET, at);
    const withOld = `${good},v1=${'0'.repeat(64)}`;
    expect(reason(() => verifyCallbackSignature('{}', withOld, SECRET, at))).toBe('accepted');
  });
});

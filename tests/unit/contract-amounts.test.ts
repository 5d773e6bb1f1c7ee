/**
 * The contract's amounts (ADR 37, docs/architecture.md "Money"): integer sen inside the process,
 * ringgit text with 2 decimals on the wire. The codecs of src/lib/xs-api/contract/operation.ts map
 * one to the other (through src/domain/money.ts), and src/lib/xs-api/contract/wire.ts converts only
 * the codec fields of a value, leaving the rest exactly as it is.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amount, amountInput } from '../../src/lib/xs-api/contract/operation';
import { fromWire, hasCodecs, toWire } from '../../src/lib/xs-api/contract/wire';
import { operations } from '../../src/lib/xs-api/contract';
import { orderInput, order } from '../../src/lib/xs-api/contract/orders';
import { payloadError } from '../../src/server/xs-api/http';

describe('amount: "16.90" on the wire, 1690 sen inside', () => {
  it('round trips', () => {
    for (const [wire, sen] of [['16.90', 1690], ['0.05', 5], ['0.00', 0], ['-5.00', -500], ['1234567.89', 123456789], ['90071992547409.91', 9007199254740991]] as const) {
      expect(amount.parse(wire)).toBe(sen);
      expect(z.encode(amount, sen)).toBe(wire);
      expect(z.encode(amount, amount.parse(wire))).toBe(wire);
    }
  });

  it('refuses what is not ringgit with exactly 2 decimals, or too large, as an issue (never a throw of its own)', () => {
    for (const bad of ['16.9', '16', '16.900', '1e3', '-0.001', '16.90\u0000', '\u000016.90', ' 16.90', '+16.90', '16,90', '', '90071992547409.92', '99999999999999999999.00', 16.9, 1690, null]) {
      const parsed = amount.safeParse(bad);
      expect(parsed.success, String(bad)).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBeTypeOf('string');
    }
  });

  it('encodes only a safe integer of sen', () => {
    for (const bad of [16.9, 0.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Infinity, '16.90', null]) expect(amount.safeEncode(bad as number).success, String(bad)).toBe(false);
  });
});

describe('amountInput: a number or text with at most 2 decimals on the wire, sen inside', () => {
  it('decodes exactly', () => {
    for (const [wire, sen] of [[16.9, 1690], ['16.9', 1690], ['16.90', 1690], [16.95, 1695], ['5', 500], [5, 500], [0.3, 30], [-5, -500], [1e3, 100000]] as const) {
      expect(amountInput.parse(wire), String(wire)).toBe(sen);
    }
    expect(z.encode(amountInput, 1690)).toBe('16.90');
  });

  it('refuses more than 2 decimals, exponents, control characters and huge values', () => {
    for (const bad of [16.999, 0.001, '16.999', '-0.001', '1e3', '16.90\u0000', 1e21, 1e300, '99999999999999999999', Infinity, Number.NaN, true, null]) {
      expect(amountInput.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('a refused amount in a body is a 400 with the field, never a 500', () => {
    const line = { product_code: 'P1', product_quantity: 1 };
    const body = { idempotency_key: 'k'.repeat(12), order_del_type: 'PICKUP', store: '1', order_amount: '1e3', product: [{ ...line, product_price: 16.999 }] };
    const parsed = orderInput.safeParse(body);
    expect(parsed.success).toBe(false);
    const refusal = payloadError(parsed.error!);
    expect(refusal.status).toBe(400);
    const huge = orderInput.safeParse({ ...body, order_amount: '99999999999999999999', product: [{ ...line, product_price: '16.90' }] });
    expect(payloadError(huge.error!).status).toBe(400);
    expect(huge.error!.issues[0]!.path).toEqual(['order_amount']);
  });
});

describe('toWire / fromWire: the codec fields only', () => {
  const answer = { order_refno: 'R1', order_amount: 1690, extra: 'kept', product: [{ product_price: 845, product_amount: 1690, product_short_quantity: 0 }], order_remark: ' as is ' };

  it('encodes every amount, keeps keys the schema does not name, their order and the other values', () => {
    const wire = toWire(order, answer) as Record<string, unknown>;
    expect(JSON.stringify(wire)).toBe('{"order_refno":"R1","order_amount":"16.90","extra":"kept","product":[{"product_price":"8.45","product_amount":"16.90","product_short_quantity":0}],"order_remark":" as is "}');
    expect(fromWire(order, wire)).toEqual(answer);
  });

  it('leaves out-of-band values alone: undefined and null fields, a missing default, a one-way transform', () => {
    const body = { idempotency_key: 'key-12345', order_del_type: 'PICKUP', store: '1', order_amount: 2880, order_remark: '  hello  ', product: [{ product_code: 'P1', product_quantity: 2, product_price: 1440 }] };
    const wire = toWire(orderInput, body) as Record<string, unknown>;
    expect(wire).toEqual({ ...body, order_amount: '28.80', product: [{ product_code: 'P1', product_quantity: 2, product_price: '14.40' }] });
    // The wire form parses back to sen, defaults filled in with 0 sen, as the HTTP edge reads it.
    const parsed = orderInput.parse(wire);
    expect([parsed.order_amount, parsed.order_delivery_charges, parsed.order_voucher_amount, parsed.product[0]!.product_price, parsed.order_remark]).toEqual([2880, 0, 0, 1440, 'hello']);
  });

  it('never reads sen as ringgit: a non-integer or a ringgit text where sen is due is refused, with its path', () => {
    expect(() => toWire(order, { ...answer, order_amount: 16.9 })).toThrow(z.ZodError);
    try {
      toWire(orderInput, { order_amount: '16.90', product: [] });
      expect.unreachable();
    } catch (err) {
      expect((err as z.ZodError).issues[0]!.path).toEqual(['order_amount']);
    }
  });

  it('knows which operations carry amounts', () => {
    expect(hasCodecs(operations.get_cart.response)).toBe(true);
    expect(hasCodecs(operations.add_order.body)).toBe(true);
    expect(hasCodecs(operations.state_listing.response)).toBe(false);
    expect(toWire(operations.state_listing.response, { Status: 1, data: [] })).toEqual({ Status: 1, data: [] });
  });
});

/**
 * The small Action caller of page scripts (src/features/shared/action-fetch.ts) reads answers the
 * way Astro writes them: the data through devalue. Checked against devalue itself for the
 * JSON-like values our Actions return.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'devalue';
import { fromDevalue } from '../../src/features/shared/action-fetch';

describe('fromDevalue', () => {
  it('revives what the cart and favourite Actions return', () => {
    const add = { redirect: '/ar/cart', cart_count: 3 };
    const toggle = { redirect: '/favourites', in_favorite: 1, favourites: ['P0001', 'P0002', 'P0001'] };
    expect(fromDevalue(stringify(add))).toEqual(add);
    expect(fromDevalue(stringify(toggle))).toEqual(toggle);
    expect(fromDevalue(stringify({ ok: true, none: null, gone: undefined }))).toEqual({ ok: true, none: null, gone: undefined });
  });

  it('revives every JSON-like value as devalue does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(fromDevalue(stringify(value))).toEqual(value);
      }),
    );
  });

  it('keeps shared references shared and reads the special numbers', () => {
    const shared = { a: 1 };
    const revived = fromDevalue(stringify({ x: shared, y: shared, n: -0, inf: Infinity })) as Record<string, unknown>;
    expect(revived.x).toBe(revived.y);
    expect(Object.is(revived.n, -0)).toBe(true);
    expect(revived.inf).toBe(Infinity);
    expect(fromDevalue(stringify(undefined))).toBeUndefined();
  });

  it('refuses types these Actions never return, rather than reviving them wrongly', () => {
    expect(() => fromDevalue(stringify(new Date(0)))).toThrow(/Date/);
    expect(() => fromDevalue(stringify(new Map()))).toThrow(/Map/);
  });
});

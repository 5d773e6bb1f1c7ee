/**
 * Malformed input for the fuzz tests (issue "Hardened for the open internet" part 4): fast-check
 * arbitraries for hostile text (NUL and other control characters, broken %-encodings, lone
 * surrogates, ~1 MB strings), wrong types, deep JSON, invalid UTF-8 bodies and overlong paths, and
 * `shapedBy(schema)`: values shaped by a zod schema of the contract whose leaves are sometimes
 * hostile, so most requests get past the outer shape and reach the checks inside.
 */
import fc from 'fast-check';
import type { z } from 'zod';

/** Roughly 1 MB of text. */
export const HUGE = 'A'.repeat(1_000_000);

const controlChar = fc.integer({ min: 0, max: 31 }).map((n) => String.fromCharCode(n));

/** Strings no field should store: control characters, lone surrogates, huge, odd numbers and names. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\u0000'.repeat(50), '\u007f', '\ud800', 'x\udfffy', '%00', '%', '%E0%A4%A', '%25', '%zz', '..', '../../etc/passwd', '__proto__', 'constructor', 'NaN', 'Infinity', '1e309', '-0', '-1', '0x10', '9'.repeat(400), "'; DROP TABLE products; --", '<script>alert(1)</script>', '   ', '', '\u202e\u200f', '🐖'.repeat(300)),
  fc.tuple(fc.string({ maxLength: 20 }), controlChar, fc.string({ maxLength: 20 })).map(([a, c, b]) => a + c + b),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant(HUGE),
);

/** Deeply nested JSON text: arrays or objects up to 5,000 levels. */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 33, max: 5_000 }), fc.boolean())
  .map(([n, arrays]) => (arrays ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n)));

/** Any JSON value of a wrong type for most fields. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -1e308, [], {}, [null], { '': '' }),
  fc.jsonValue({ maxDepth: 3 }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 2, arbitrary: wrongType });

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * Values shaped by `schema` (objects with its keys, arrays of its items, its enum values), each leaf
 * hostile with probability about 1/3; strings elsewhere are random unicode.
 */
export function shapedBy(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const leaf = (good: fc.Arbitrary<unknown>) => fc.oneof({ weight: 2, arbitrary: good }, { weight: 1, arbitrary: hostileValue });
  if (depth > 6) return hostileValue;
  switch (def.type) {
    case 'object': {
      const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
      const keys = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, shapedBy(v, depth + 1)]));
      return fc.oneof({ weight: 8, arbitrary: fc.record(keys, { requiredKeys: [] }) }, { weight: 1, arbitrary: hostileValue });
    }
    case 'array':
      return leaf(fc.array(shapedBy(def.element as z.ZodType, depth + 1), { maxLength: 3 }));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return shapedBy(def.innerType as z.ZodType, depth);
    case 'pipe':
      return shapedBy(def.in as z.ZodType, depth);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => shapedBy(o, depth + 1)));
    case 'enum':
      return leaf(fc.constantFrom(...Object.values(def.entries as Record<string, string>)));
    case 'literal':
      return leaf(fc.constantFrom(...(def.values as unknown[])));
    case 'string':
      return leaf(fc.string({ maxLength: 30 }));
    case 'number':
    case 'int':
      return leaf(fc.oneof(fc.integer({ min: -5, max: 100 }), fc.double()));
    case 'boolean':
      return leaf(fc.boolean());
    default:
      return hostileValue;
  }
}

/** Percent-encoded for a URL; a lone surrogate (which no URL can carry) becomes U+FFFD first. */
export const encode = (s: string): string => encodeURIComponent(s.toWellFormed());

/** A path segment as sent on the wire (already %-encoded or deliberately broken). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%0A', '%0D%0A', '%09', '%1F', '%7F', '%', '%25', '%2525', '%E0%A4%A', '%C0%AF', '%FF%FE', '%ED%A0%80', '%zz', '..', '%2e%2e', '%2F', '%5C', 'x'.repeat(4_000), '%F0%9F%90%96', 'P0001%00'),
  fc.string({ maxLength: 20 }).map(encode),
  fc.string({ unit: 'binary', maxLength: 12 }).map(encode).map((s) => s.replace(/%2[0-9A-F]/g, '%')),
);

/** A raw query string (after '?'): broken encodings, control characters, odd keys, huge values. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('q=%00', '%00=1', 'q=%', 'q=%E0%A4%A', 'q=%0D%0A', 'lang=%00', 'limit=%00', 'limit=-1,-1', 'limit=0,99999999', 'page=1e9', '&&&', '=', '%%%', 'q[]=1&q[]=2', '__proto__=1', `q=${'%41'.repeat(20_000)}`),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText.filter((s) => s.length < 100_000), { maxKeys: 4 }).map((d) => new URLSearchParams(d as Record<string, string>).toString()),
);

/** Bytes that are not UTF-8 (a request body must still get a clean 400). */
export const invalidUtf8: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.constantFrom(Uint8Array.from([0xff, 0xfe, 0xfd]), Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]), Uint8Array.from([0x5b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x5d])),
  fc.uint8Array({ minLength: 1, maxLength: 64 }),
);

/** The fuzz's seed and size knobs: FUZZ_SEED (default fixed, so a failure reproduces) and FUZZ_SCALE (1 in CI). */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
export const FUZZ_SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1));

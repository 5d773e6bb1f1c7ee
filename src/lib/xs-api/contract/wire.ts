/**
 * The contract's values in and out of their wire form at the codec fields only (ADR 37;
 * docs/architecture.md "Money"). Inside the process the contract's amounts are integer sen; on the
 * wire they are ringgit text with 2 decimals ('16.90'), mapped by the zod codecs of ./operation.ts
 * (`amount`, `amountInput`). `toWire` encodes every codec field of a value and leaves everything
 * else exactly as it is (key order, keys the schema does not name, text that a one-way transform of
 * the schema would change): the HTTP edge writes what it always wrote, byte for byte. `fromWire`
 * decodes the codec fields of a wire value and leaves the rest as it is.
 *
 * Why not `z.encode(schema, value)`: it strips keys the schema does not name and orders them as the
 * schema does, refuses a schema holding a one-way transform (a trimmed remark, a coerced flag), and
 * wants every defaulted field present; a schema walk that converts only the codec fields has none
 * of these effects.
 */
import { z } from 'zod';

/** A zod schema as the walk reads it (its definition). */
type Node = { _zod: { def: Def } };
type Def = {
  type: string;
  innerType?: Node;
  shape?: Record<string, Node>;
  element?: Node;
  options?: Node[];
  in?: Node;
  out?: Node;
  reverseTransform?: unknown;
  getter?: () => Node;
  left?: Node;
  right?: Node;
  items?: Node[];
  rest?: Node | null;
  valueType?: Node;
};
type Path = (string | number)[];

/** Schemas around one inner schema whose value is the inner one's (or undefined/null). */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** True for a codec (a pipe with both directions). */
function isCodec(def: Def): boolean {
  return def.type === 'pipe' && typeof def.reverseTransform === 'function';
}

const holding = new WeakMap<Node, boolean>();

/** True when `schema` has a codec somewhere inside (memoised; a schema that refers to itself counts as not, until proven). */
function holdsCodec(schema: Node | null | undefined): boolean {
  if (!schema) return false;
  const known = holding.get(schema);
  if (known !== undefined) return known;
  holding.set(schema, false); // a cycle (z.lazy) ends here
  const def = schema._zod.def;
  const found =
    isCodec(def) ||
    [def.innerType, def.element, def.in, def.out, def.left, def.right, def.valueType, def.rest, ...(def.options ?? []), ...(def.items ?? []), ...Object.values(def.shape ?? {})].some((s) => holdsCodec(s)) ||
    (def.type === 'lazy' && !!def.getter && holdsCodec(def.getter()));
  holding.set(schema, found);
  return found;
}

/** True for a plain object (what JSON gives and what a handler builds). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `error`'s issues under `path`, as one ZodError. */
function under(path: Path, error: z.ZodError): z.ZodError {
  return new z.ZodError(error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] })));
}

/** The walk: `value` with every codec field converted in `direction`. @throws z.ZodError at the first field a codec refuses. */
function walk(schema: Node, value: unknown, direction: 'encode' | 'decode', path: Path): unknown {
  if (!holdsCodec(schema)) return value;
  const def = schema._zod.def;
  if (isCodec(def)) {
    const codec = schema as unknown as z.ZodType;
    const done = direction === 'encode' ? z.safeEncode(codec, value as never) : z.safeDecode(codec, value as never);
    if (!done.success) throw under(path, done.error);
    return done.data;
  }
  if (WRAPPERS.has(def.type)) return value === undefined || value === null ? value : walk(def.innerType!, value, direction, path);
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(value)) return value;
      const shape = def.shape!;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Object.hasOwn(shape, k) ? walk(shape[k]!, v, direction, [...path, k]) : v]));
    }
    case 'array':
      return Array.isArray(value) ? value.map((v, i) => walk(def.element!, v, direction, [...path, i])) : value;
    case 'tuple':
      return Array.isArray(value) ? value.map((v, i) => { const item = def.items![i] ?? def.rest; return item ? walk(item, v, direction, [...path, i]) : v; }) : value;
    case 'record':
      return isPlainObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(def.valueType!, v, direction, [...path, k])])) : value;
    case 'lazy':
      return walk(def.getter!(), value, direction, path);
    case 'intersection':
      return walk(def.right!, walk(def.left!, value, direction, path), direction, path);
    case 'pipe':
      // A pipe that is not a codec (a preprocess, `a.pipe(b)`): the codec is on one side.
      return walk(holdsCodec(def.in) ? def.in! : def.out!, value, direction, path);
    case 'union':
      return walkUnion(def.options!, value, direction, path);
    default:
      return value;
  }
}

/**
 * A union: the first option that takes the value. Encoding, the option whose encoded value it then
 * parses; decoding, the first option that parses the wire value. An option without codecs that
 * takes the value leaves it as it is. @throws the first option's refusal when none takes it.
 */
function walkUnion(options: Node[], value: unknown, direction: 'encode' | 'decode', path: Path): unknown {
  let first: z.ZodError | null = null;
  for (const option of options) {
    const schema = option as unknown as z.ZodType;
    try {
      if (direction === 'decode') {
        if (!schema.safeParse(value).success) continue;
        return walk(option, value, direction, path);
      }
      const wire = walk(option, value, direction, path);
      if (schema.safeParse(wire).success) return wire;
    } catch (err) {
      if (!(err instanceof z.ZodError)) throw err;
      first ??= err;
    }
  }
  if (first) throw first;
  return value;
}

/**
 * `value` (the contract's in-process form: amounts in integer sen) in its wire form: each codec
 * field encoded (1690 → '16.90'), everything else as it is. For an answer leaving the HTTP edge, a
 * body or query the HTTP client sends, and the input of a direct call before its checks.
 * @throws z.ZodError (its issue's path from the value's root) when a codec refuses a field, e.g. an
 *   amount that is not a safe integer of sen.
 */
export function toWire<S extends z.ZodType>(schema: S | undefined, value: unknown): unknown {
  return schema ? walk(schema as unknown as Node, value, 'encode', []) : value;
}

/**
 * `value` from the wire with each codec field decoded ('16.90' → 1690), everything else as it is
 * (no defaults filled in, no other field checked).
 * @throws z.ZodError when a codec refuses a field ('16.9', '1e3').
 */
export function fromWire<S extends z.ZodType>(schema: S | undefined, value: unknown): unknown {
  return schema ? walk(schema as unknown as Node, value, 'decode', []) : value;
}

/** True when `schema` has a codec field (some amount): its in-process and wire forms differ. */
export function hasCodecs(schema: z.ZodType | undefined): boolean {
  return holdsCodec(schema as unknown as Node | undefined);
}

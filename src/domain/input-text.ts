/**
 * What text the shop accepts from the outside (issue "Hardened for the open internet" part 1): the
 * one rule for control characters, used at every edge (the contract's schemas, the site's
 * middleware, the API's entry). PostgreSQL refuses NUL in text (`invalid byte sequence for encoding
 * "UTF8": 0x00`, docs/architecture.md Pitfalls) and no field of the shop has a use for the other control
 * characters, so they are refused with a 4xx before anything is read or stored. Pure, no I/O.
 */

/**
 * C0 controls and DEL, except tab, line feed and carriage return, which a multi-line field (a
 * remark, a review, feedback) may hold; plus lone UTF-16 surrogates (no valid UTF-8 spells them).
 */
// eslint-disable-next-line no-control-regex
const BAD_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** In a URL (a path segment or a query value) no control character at all, tab and line breaks included. */
// eslint-disable-next-line no-control-regex
const BAD_IN_URL = /[\u0000-\u001f\u007f]/;

/** Deepest nesting of arrays and objects a JSON body may have (the contract's deepest is 3). */
export const MAX_INPUT_DEPTH = 32;

/** True when `text` may be stored: no NUL or other control character (tab, LF, CR allowed), well-formed UTF-16. */
export function isCleanText(text: string): boolean {
  return !BAD_IN_TEXT.test(text) && text.isWellFormed();
}

/** True when a decoded URL part (path, query key or value) holds no control character at all. */
export function isCleanUrlText(text: string): boolean {
  return !BAD_IN_URL.test(text) && text.isWellFormed();
}

/** Why a value was refused: a control character at `path`, or nesting deeper than MAX_INPUT_DEPTH. */
export type InputProblem = { kind: 'characters' | 'depth'; path: (string | number)[] };

/**
 * The first problem in a parsed JSON value (strings and object keys at any depth), or null. Walks
 * without recursion, so a hostile 100,000-level body cannot overflow the stack.
 */
export function findInputProblem(value: unknown): InputProblem | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isCleanText(v)) return { kind: 'characters', path };
    } else if (v && typeof v === 'object') {
      if (path.length >= MAX_INPUT_DEPTH) return { kind: 'depth', path };
      if (Array.isArray(v)) v.forEach((item, i) => stack.push({ v: item, path: [...path, i] }));
      else
        for (const [k, item] of Object.entries(v)) {
          if (!isCleanText(k)) return { kind: 'characters', path: [...path, k] };
          stack.push({ v: item, path: [...path, k] });
        }
    }
  }
  return null;
}

/**
 * A URL path decoded for checking, or null when it has a malformed %-sequence ('%E0%A4%A', a lone
 * '%') or, decoded, a control character ('%00', '%0A'). Decoding never throws.
 */
export function decodeCleanPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return isCleanUrlText(decoded) ? decoded : null;
}

/** True when every key and value of a query string is clean (URLSearchParams itself never throws). */
export function isCleanQuery(search: URLSearchParams): boolean {
  for (const [k, v] of search) if (!isCleanUrlText(k) || !isCleanUrlText(v)) return false;
  return true;
}

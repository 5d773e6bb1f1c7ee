/**
 * The contract's rule for text from outside (issue "Hardened for the open internet" part 1): no NUL
 * or other control character in any text field, key or value, at any depth (src/domain/input-text.ts
 * `isCleanText`; tab, LF and CR allowed), and JSON nested at most MAX_INPUT_DEPTH deep. Every
 * operation's `query` and `body` carry it (`defineOperation`), so the server refuses such input with
 * 400 `{ Status: 0, Error }` in the caller's language ('input_invalid_characters', with the `field`)
 * before it reaches a service or the database, and the client refuses to send it.
 */
import { z } from 'zod';
import { findInputProblem, isCleanText } from '../../../domain/input-text';

/** Message keys of the refusals (messages/*.json), answered by the API in the caller's language. */
export const INVALID_CHARACTERS = 'input_invalid_characters';
export const INPUT_TOO_DEEP = 'input_too_deep';

/** A text field: a string without control characters (tab, LF, CR allowed). */
export function safeText(): z.ZodString {
  return z.string().refine(isCleanText, { message: INVALID_CHARACTERS });
}

/**
 * `schema` with the control-character and depth check over everything it accepts: every string and
 * object key inside the parsed value. Keeps the schema's type (zod 4 refinements are checks).
 */
export function refuseControlCharacters<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    const problem = findInputProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.kind === 'depth' ? INPUT_TOO_DEEP : INVALID_CHARACTERS, path: problem.path });
  }) as S;
}

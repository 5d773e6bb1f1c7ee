/**
 * Password hashing in one place (docs/architecture.md Security: argon2id, @node-rs/argon2 defaults). `passwords`
 * is an object so tests can watch its calls (e.g. that a login verifies exactly once whether or not
 * the number is a member's).
 */
import { hash, verify } from '@node-rs/argon2';

export const passwords = {
  /** The argon2id hash of `plain` (PHC string), ~20 ms of CPU. */
  hash: (plain: string): Promise<string> => hash(plain, { algorithm: 2 }),
  /** True when `plain` matches the PHC hash `stored`; false for a wrong password or a malformed hash. */
  verify: (stored: string, plain: string): Promise<boolean> => verify(stored, plain).catch(() => false),
};

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password with the same parameters as members' hashes, made once per process:
 * verified against when a login names an unknown number, so that takes the same work as a member's.
 */
export function dummyPasswordHash(): Promise<string> {
  // eslint-disable-next-line no-restricted-syntax -- a random salt for a dummy hash, not a time
  dummy ??= passwords.hash(`no-member-${Math.random()}-${Date.now()}`);
  return dummy;
}

/**
 * The member's own profile and password (coverage.md §7 update_customer, update_customer_password; §5
 * rules, applied by the contract's body schemas before these run).
 */
import { eq } from 'drizzle-orm';
import type { ProfileInput } from '../../../domain/validation';
import type { Profile } from '../../../lib/xs-api/contract';
import type { LoginThrottle } from '../adapters/rate-limit';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { ApiError, TooManyRequests } from '../errors';
import { passwords } from './passwords';
import { getCustomer, toProfile } from './customers';
import { revokeOtherSessions } from './sessions';

/**
 * Stores the member's first name, last name and email (an empty email is stored as null) and
 * answers the updated profile.
 * @throws ApiError 404 when the member does not exist.
 */
export async function updateProfile(db: Db, memberCode: string, input: ProfileInput): Promise<Profile> {
  const [row] = await db
    .update(customers)
    .set({ firstName: input.customer_firstname, lastName: input.customer_lastname, email: input.customer_email || null })
    .where(eq(customers.memberCode, memberCode))
    .returning();
  if (!row) throw new ApiError(404, 'api_not_found');
  return toProfile(row);
}

/**
 * Changes the member's password: checks `current` against the stored argon2id hash, stores the
 * hash of `next`, and revokes the member's other sessions, keeping the calling `token`. Wrong
 * current passwords count against the same throttle as login (keyed by the member's mobile).
 * @throws ApiError 400 'current_password_incorrect' (field current_password) for a wrong current
 *   password; TooManyRequests 429 'too_many_login_attempts' while the member's mobile must wait; 404 unknown member.
 */
export async function changePassword(db: Db, throttle: LoginThrottle, memberCode: string, token: string, current: string, next: string): Promise<void> {
  const customer = await getCustomer(db, memberCode);
  const wait = await throttle.blockedFor(customer.mobile);
  if (wait > 0) throw new TooManyRequests(wait, 'too_many_login_attempts');
  const ok = await passwords.verify(customer.passwordHash, current);
  if (!ok) {
    await throttle.fail(customer.mobile);
    throw new ApiError(400, 'current_password_incorrect', {}, { field: 'current_password' });
  }
  await throttle.reset(customer.mobile);
  const passwordHash = await passwords.hash(next);
  await db.update(customers).set({ passwordHash }).where(eq(customers.memberCode, memberCode));
  await revokeOtherSessions(db, memberCode, token);
}

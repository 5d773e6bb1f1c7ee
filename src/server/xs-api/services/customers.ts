/**
 * Members: login with mobile and password (argon2id), profile (spec §3 Customer, §7 customer_login,
 * customer_detail).
 */
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Profile } from '../../../lib/xs-api/contract';
import type { Db } from '../db/client';
import { customers, type Customer } from '../db/schema';
import { ApiError } from '../errors';
import { createSession } from './sessions';
import type { LoginThrottle } from '../adapters/rate-limit';
import { shopDate } from '../../../domain/shop-time';

/** Normalises a Malaysian mobile number for lookup: digits only, '+60'/'60' prefix turned into '0'. */
export function normaliseMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  return digits.startsWith('60') ? `0${digits.slice(2)}` : digits;
}

/**
 * Checks credentials and opens a session.
 * @throws ApiError 401 'login_failed' for an unknown mobile or a wrong password (same answer for both);
 *   429 'too_many_login_attempts' after 5 failures for the number within 15 minutes.
 */
export async function login(db: Db, throttle: LoginThrottle, mobile: string, password: string) {
  const key = normaliseMobile(mobile);
  const wait = await throttle.blockedFor(key);
  if (wait > 0) throw new ApiError(429, 'too_many_login_attempts', { minutes: Math.ceil(wait / 60) });
  const [customer] = await db.select().from(customers).where(eq(customers.mobile, key)).limit(1);
  const ok = customer ? await verify(customer.passwordHash, password).catch(() => false) : false;
  if (!customer || !ok) {
    await throttle.fail(key);
    throw new ApiError(401, 'login_failed');
  }
  await throttle.reset(key);
  const { token, expiresAt } = await createSession(db, customer.memberCode);
  return { member_code: customer.memberCode, token, expires_at: expiresAt.toISOString(), customer_firstname: customer.firstName };
}

/** Maps a member row to the contract's profile. `now` decides is_birthday (Malaysian date). */
export function toProfile(c: Customer, now = new Date()): Profile {
  const today = shopDate(now);
  const isBirthday = c.birthday ? c.birthday.slice(5, 7) === today.slice(5, 7) : false;
  return {
    member_code: c.memberCode,
    customer_firstname: c.firstName,
    customer_lastname: c.lastName,
    customer_mobile: c.mobile,
    customer_email: c.email,
    customer_picture: c.picture,
    customer_point: c.points,
    birthday_claimed: c.birthdayClaimedYear === Number(today.slice(0, 4)) ? 1 : 0,
    is_birthday: isBirthday ? 1 : 0,
    language: c.language,
    phone_verified: c.verified ? 1 : 0,
  };
}

/** @throws ApiError 404 when the member does not exist. */
export async function getCustomer(db: Db, memberCode: string): Promise<Customer> {
  const [c] = await db.select().from(customers).where(eq(customers.memberCode, memberCode)).limit(1);
  if (!c) throw new ApiError(404, 'api_not_found');
  return c;
}

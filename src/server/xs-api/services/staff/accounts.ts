/**
 * Staff accounts and their sessions (issue "The outlets run the shop" §1; ADR 25). Staff log in
 * with a login and an argon2id password, like members (services/customers.ts): an unknown login
 * costs the same work as a known one, failures are slowed by the same throttle (keyed 'staff:' +
 * login, so a staff login never slows a member's number). A session is a random token stored as
 * its SHA-256 in `staff_sessions`, for the console's sealed cookie or the CLI's personal token;
 * disabling a member or resetting their password revokes every session they hold.
 *
 * Every change to an account is a `staff_events` row naming who made it (null: the bootstrap token).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { STAFF_SESSION_MAX_AGE_S, type StaffIdentity, type StaffRole } from '../../../../domain/staff';
import type { Locale } from '../../../../domain/constants';
import type { Db } from '../../db/client';
import { staff, staffEvents, staffOutlets, staffSessions, stores } from '../../db/schema';
import { ApiError, TooManyRequests } from '../../errors';
import type { LoginThrottle } from '../../adapters/rate-limit';
import { dummyPasswordHash, passwords } from '../passwords';
import { clock } from '../../../clock';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A staff member as HQ lists them. */
export type StaffRow = StaffIdentity & { active: boolean; language: Locale; created_at: string };

/** The outlets of each of `ids`, sorted. */
async function outletsOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const rows = ids.length
    ? await db.select().from(staffOutlets).where(inArray(staffOutlets.staffId, ids)).orderBy(asc(staffOutlets.storeCode))
    : [];
  const byStaff = new Map<number, string[]>();
  for (const r of rows) byStaff.set(r.staffId, [...(byStaff.get(r.staffId) ?? []), r.storeCode]);
  return byStaff;
}

/** Writes what `actor` (null: the bootstrap token) did to `subject`. */
export async function recordStaffEvent(db: Db, args: { actor: StaffIdentity | null; action: string; subject: string; detail?: string }) {
  await db.insert(staffEvents).values({ actorStaffId: args.actor?.id ?? null, action: args.action, subject: args.subject, detail: args.detail ?? '', createdAt: clock.now() });
}

/**
 * Adds a staff member. `login` is canonical already (src/domain/staff.ts newStaffSchema).
 * @throws ApiError 409 'staff_login_taken'; 404 'store_not_found' for an outlet that does not exist.
 */
export async function addStaff(
  db: Db,
  actor: StaffIdentity | null,
  input: { login: string; name: string; password: string; role: StaffRole; outlets: string[] },
): Promise<StaffRow> {
  if (input.outlets.length) {
    const known = await db.select({ code: stores.storeCode }).from(stores).where(inArray(stores.storeCode, input.outlets));
    const missing = input.outlets.find((o) => !known.some((k) => k.code === o));
    if (missing) throw new ApiError(404, 'store_not_found', { store: missing });
  }
  const passwordHash = await passwords.hash(input.password);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({ login: input.login, name: input.name, passwordHash, role: input.role, createdAt: clock.now() })
      .onConflictDoNothing({ target: staff.login })
      .returning({ id: staff.id });
    if (!row) throw new ApiError(409, 'staff_login_taken', { login: input.login });
    if (input.outlets.length) await tx.insert(staffOutlets).values(input.outlets.map((storeCode) => ({ staffId: row.id, storeCode })));
    await recordStaffEvent(tx, { actor, action: 'staff_added', subject: input.login, detail: `${input.role} ${input.outlets.join(',')}`.trim() });
    return row.id;
  });
  return (await listStaff(db)).find((s) => s.id === id)!;
}

/** Every staff member, active first, then by login. */
export async function listStaff(db: Db): Promise<StaffRow[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.login));
  const outlets = await outletsOf(db, rows.map((r) => r.id));
  return rows
    .map((r) => ({
      id: r.id,
      login: r.login,
      name: r.name,
      role: r.role,
      outlets: outlets.get(r.id) ?? [],
      active: r.active,
      language: r.language,
      created_at: r.createdAt.toISOString(),
    }))
    .sort((a, b) => Number(b.active) - Number(a.active));
}

/** The row of `login`. @throws ApiError 404 'staff_not_found'. */
async function staffByLogin(db: Db, login: string) {
  const [row] = await db.select().from(staff).where(eq(staff.login, login)).limit(1);
  if (!row) throw new ApiError(404, 'staff_not_found', { login });
  return row;
}

/** Revokes every live session of staff member `id`. */
async function revokeAll(db: Db, id: number) {
  await db.update(staffSessions).set({ revokedAt: clock.now() }).where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
}

/**
 * Disables a staff member: they can no longer log in and every session they hold ends at once.
 * Disabling oneself is refused (an HQ must not lock the shop out by mistake).
 * @throws ApiError 404 'staff_not_found'; 409 'staff_disable_self'.
 */
export async function disableStaff(db: Db, actor: StaffIdentity | null, login: string): Promise<{ login: string; active: false }> {
  const row = await staffByLogin(db, login);
  if (actor?.id === row.id) throw new ApiError(409, 'staff_disable_self');
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ active: false }).where(eq(staff.id, row.id));
    await revokeAll(tx, row.id);
    await recordStaffEvent(tx, { actor, action: 'staff_disabled', subject: login });
  });
  return { login, active: false };
}

/**
 * Sets a new password for `login` (and makes the account active again); every session they held ends.
 * @throws ApiError 404 'staff_not_found'.
 */
export async function resetStaffPassword(db: Db, actor: StaffIdentity | null, login: string, password: string): Promise<{ login: string }> {
  const row = await staffByLogin(db, login);
  const passwordHash = await passwords.hash(password);
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash, active: true }).where(eq(staff.id, row.id));
    await revokeAll(tx, row.id);
    await recordStaffEvent(tx, { actor, action: 'password_reset', subject: login });
  });
  return { login };
}

/**
 * Checks a staff login and opens a session for `client` ('console' or 'cli').
 * @returns the token (43 characters), its expiry and who logged in
 * @throws ApiError 401 'staff_login_failed' (unknown login, wrong password or a disabled account:
 *   one answer for all); TooManyRequests 429 'too_many_login_attempts' while failures make the
 *   login or the client IP wait.
 */
export async function staffLogin(
  db: Db,
  throttle: LoginThrottle,
  args: { login: string; password: string; client: 'console' | 'cli'; ip: string | null },
): Promise<{ token: string; expires_at: string; staff: StaffIdentity & { language: Locale } }> {
  const key = `staff:${args.login}`;
  const wait = await throttle.blockedFor(key, args.ip);
  if (wait > 0) throw new TooManyRequests(wait, 'too_many_login_attempts');
  const [row] = args.login ? await db.select().from(staff).where(eq(staff.login, args.login)).limit(1) : [];
  const ok = await passwords.verify(row?.passwordHash ?? (await dummyPasswordHash()), args.password);
  if (!row || !ok || !row.active) {
    await throttle.fail(key, args.ip);
    throw new ApiError(401, 'staff_login_failed');
  }
  await throttle.reset(key);
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MAX_AGE_S * 1000);
  await db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: row.id, client: args.client, createdAt: now, expiresAt });
  const outlets = (await outletsOf(db, [row.id])).get(row.id) ?? [];
  return { token, expires_at: expiresAt.toISOString(), staff: { id: row.id, login: row.login, name: row.name, role: row.role, outlets, language: row.language } };
}

/** Who holds the live session `token`: an active staff member, or null (unknown, expired, revoked, disabled). */
export async function resolveStaffSession(db: Db, token: string): Promise<(StaffIdentity & { language: Locale }) | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .select({ id: staff.id, login: staff.login, name: staff.name, role: staff.role, language: staff.language })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, clock.now()), eq(staff.active, true)))
    .limit(1);
  if (!row) return null;
  return { ...row, outlets: (await outletsOf(db, [row.id])).get(row.id) ?? [] };
}

/** Ends the session `token`. */
export async function staffLogout(db: Db, token: string): Promise<void> {
  await db.update(staffSessions).set({ revokedAt: clock.now() }).where(eq(staffSessions.tokenHash, hashToken(token)));
}

/** Sets the console's language of staff member `id`. */
export async function setStaffLanguage(db: Db, id: number, language: Locale): Promise<{ language: Locale }> {
  await db.update(staff).set({ language }).where(eq(staff.id, id));
  return { language };
}

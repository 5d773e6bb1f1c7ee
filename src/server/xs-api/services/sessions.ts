/**
 * Server sessions (coverage.md §4 Session, docs/architecture.md Security): a random token names a row in `sessions`
 * (stored as its SHA-256), valid for one month, revoked on logout or a password change, so every
 * instance sees the same answer.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { LOGIN_COOKIE_MAX_AGE_S } from '../../../domain/constants';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { clock } from '../../clock';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session for a member; returns the token (43 characters, base64url) and its expiry. */
export async function createSession(db: Db, memberCode: string, now = clock.now()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LOGIN_COOKIE_MAX_AGE_S * 1000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), memberCode, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The member of a live session, or null when the token is unknown, expired or revoked. */
export async function resolveSession(db: Db, token: string, now = clock.now()): Promise<{ memberCode: string } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .select({ memberCode: sessions.memberCode })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Revokes one session. */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Revokes every session of a member (after a password change). */
export async function revokeMemberSessions(db: Db, memberCode: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: clock.now() }).where(and(eq(sessions.memberCode, memberCode), isNull(sessions.revokedAt)));
}

/**
 * Revokes every live session of a member except the one named by `keepToken` (after a password
 * change, coverage.md §7 update_customer_password: the device that changed it stays logged in).
 */
export async function revokeOtherSessions(db: Db, memberCode: string, keepToken: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.memberCode, memberCode), isNull(sessions.revokedAt), ne(sessions.tokenHash, hashToken(keepToken))));
}

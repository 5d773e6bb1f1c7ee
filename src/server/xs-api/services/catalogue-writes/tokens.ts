/**
 * Integration tokens (issue "The chain's own catalogue" §4; ADR 26): HQ issues a token to another
 * system (the point-of-sale system's stock feed, scope 'stock'), sees the list, and revokes one.
 * The token is shown once when issued; only its SHA-256 is stored, with its first characters so HQ
 * can tell tokens apart. A revoked or unknown token is refused (401) and a token used for an
 * operation outside its scope too (403), by src/server/xs-api/http.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrationTokens, staff } from '../../db/schema';
import { ApiError } from '../../errors';
import type { IntegrationScope } from '../../../../domain/catalogue-edit';
import { recordEvents, type Actor } from './record';
import { clock } from '../../../clock';

/** What an operation sees of the integration token that called it. */
export type IntegrationIdentity = { id: number; name: string; scope: IntegrationScope };

/** Tokens start with this, so a leaked one is recognised for what it is. */
export const INTEGRATION_TOKEN_PREFIX = 'xsi_';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** One token as the list shows it (never the token itself). */
export type IntegrationTokenView = {
  id: number;
  name: string;
  scope: IntegrationScope;
  prefix: string;
  created_at: string;
  created_by: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
};

function toView(r: { id: number; name: string; scope: IntegrationScope; prefix: string; createdAt: Date; createdBy: string | null; lastUsedAt: Date | null; revokedAt: Date | null }): IntegrationTokenView {
  return {
    id: r.id,
    name: r.name,
    scope: r.scope,
    prefix: r.prefix,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy,
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  };
}

/** Issues a token: `xsi_` and 43 random base64url characters (32 bytes), returned once with its row. */
export async function issueIntegrationToken(db: Db, actor: Actor, input: { name: string; scope: IntegrationScope }): Promise<{ token: string; data: IntegrationTokenView }> {
  const token = INTEGRATION_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const prefix = token.slice(0, INTEGRATION_TOKEN_PREFIX.length + 6);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(integrationTokens).values({ name: input.name, scope: input.scope, tokenHash: hash(token), prefix, createdBy: actor.staffId }).returning({ id: integrationTokens.id });
    await recordEvents(tx, actor, [{ action: 'token_issued', subject: `token:${row!.id}`, detail: { name: input.name, scope: input.scope, prefix } }]);
    return row!.id;
  });
  const [view] = await listIntegrationTokens(db, id);
  return { token, data: view! };
}

/** Every token (or the one of `id`), newest first, with who issued it. */
export async function listIntegrationTokens(db: Db, id?: number): Promise<IntegrationTokenView[]> {
  const rows = await db
    .select({
      id: integrationTokens.id,
      name: integrationTokens.name,
      scope: integrationTokens.scope,
      prefix: integrationTokens.prefix,
      createdAt: integrationTokens.createdAt,
      createdBy: staff.login,
      lastUsedAt: integrationTokens.lastUsedAt,
      revokedAt: integrationTokens.revokedAt,
    })
    .from(integrationTokens)
    .leftJoin(staff, eq(staff.id, integrationTokens.createdBy))
    .where(id === undefined ? undefined : eq(integrationTokens.id, id))
    .orderBy(desc(integrationTokens.id));
  return rows.map(toView);
}

/**
 * Revokes a token at once: the next call with it is refused. Revoking a revoked token changes nothing.
 * @throws ApiError 404 'integration_token_not_found'.
 */
export async function revokeIntegrationToken(db: Db, actor: Actor, id: number): Promise<IntegrationTokenView> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ revokedAt: integrationTokens.revokedAt }).from(integrationTokens).where(eq(integrationTokens.id, id)).for('update');
    if (!row) throw new ApiError(404, 'integration_token_not_found', { id });
    if (row.revokedAt) return;
    await tx.update(integrationTokens).set({ revokedAt: clock.now(), revokedBy: actor.staffId }).where(eq(integrationTokens.id, id));
    await recordEvents(tx, actor, [{ action: 'token_revoked', subject: `token:${id}`, detail: {} }]);
  });
  const [view] = await listIntegrationTokens(db, id);
  return view!;
}

/**
 * The live token presented as Bearer, or null (unknown, revoked, or not a token of ours). Marks it
 * used (`last_used_at`).
 */
export async function resolveIntegrationToken(db: Db, token: string): Promise<IntegrationIdentity | null> {
  if (!token.startsWith(INTEGRATION_TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await db
    .update(integrationTokens)
    .set({ lastUsedAt: clock.now() })
    .where(and(eq(integrationTokens.tokenHash, hash(token)), isNull(integrationTokens.revokedAt)))
    .returning({ id: integrationTokens.id, name: integrationTokens.name, scope: integrationTokens.scope });
  return row ?? null;
}

/**
 * Who changed the catalogue, and what (issue "The chain's own catalogue" §1; ADR 26): every write
 * of services/catalogue-writes adds `catalogue_events` rows in its own transaction, naming the HQ
 * member or the integration token.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueEvents } from '../../db/schema';
import { ApiError } from '../../errors';
import type { StaffIdentity } from '../../../../domain/staff';
import { clock } from '../../../clock';

/** Who makes a change: an HQ member, or an integration token (the point-of-sale feed). */
export type Actor = { staffId: number; tokenId: null } | { staffId: null; tokenId: number };

/** A transaction or the database: what the services write through. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * The actor of an HQ operation: the named HQ member. The bootstrap token (staff null) stands for
 * HQ without a name, and a catalogue change must name a person.
 * @throws ApiError 403 'catalogue_person_required' for the bootstrap token.
 */
export function hqActor(staff: StaffIdentity | null): Actor {
  if (!staff) throw new ApiError(403, 'catalogue_person_required');
  return { staffId: staff.id, tokenId: null };
}

/**
 * One catalogue event, or many: inserted in chunks of 5,000 rows per statement, each chunk one jsonb
 * parameter (an import records thousands), at the shop's clock.
 */
export async function recordEvents(tx: Tx, actor: Actor, events: { action: string; subject: string; detail: Record<string, unknown> }[]): Promise<void> {
  const at = clock.now().toISOString();
  for (let i = 0; i < events.length; i += 5000) {
    const rows = JSON.stringify(events.slice(i, i + 5000).map((e) => ({ a: e.action, s: e.subject, d: e.detail })));
    await tx.execute(sql`
      insert into ${catalogueEvents} (actor_staff_id, actor_token_id, action, subject, detail, created_at)
      select ${actor.staffId}::integer, ${actor.tokenId}::integer, x.a, x.s, x.d, ${at}::timestamptz
      from rows from (jsonb_to_recordset(${rows}::jsonb) as (a text, s text, d jsonb)) with ordinality as x(a, s, d, n)
      order by x.n`);
  }
}

/** The fields whose values differ, as { field: [old, new] } (compared as JSON). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changed: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(canonical(before[key])) !== JSON.stringify(canonical(value))) changed[key] = [before[key] ?? null, value ?? null];
  }
  return changed;
}

/** Objects with sorted keys and without blank texts (jsonb gives keys back in its own order). */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== undefined && x !== '' && x !== null)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, x]) => [k, canonical(x)]),
    );
  }
  return v ?? null;
}

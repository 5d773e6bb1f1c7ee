/**
 * The console's read of an import run (issue "The chain's own catalogue" §3; ADR 27): the file
 * checked by the logged-in member, its dry run's report and, once applied, what changed
 * (./pending.ts keeps them between the two posts).
 */
import type { StaffContext } from '../staff/queries';
import { readRun, type ImportRun } from './pending';

/** The run `id` of the logged-in staff member, or null (not theirs, expired, unknown, or no id). */
export async function getImportRun(ctx: StaffContext & { locals: Pick<App.Locals, 'staffMember'> }, id: string | null): Promise<ImportRun | null> {
  if (!id) return null;
  const who = await ctx.locals.staffMember?.();
  return who ? readRun(id, who.id) : null;
}

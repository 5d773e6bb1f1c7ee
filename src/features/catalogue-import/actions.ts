/**
 * The console's CSV import (issue "The chain's own catalogue" §3; ADR 27): two plain forms
 * (`accept: 'form'`, working without JavaScript) on /staff/catalogue/import.
 *
 * - `check`: the chosen file (products or stock) is sent to ops_import_<kind> as a dry run, kept on
 *   the server with its report (./pending.ts says why kept rather than posted again), and the page
 *   comes back with `?run=<id>` showing every bad row and what would change.
 * - `apply`: the kept file of that run (only the member who checked it, within the hour) is sent
 *   again without dry run; applied in one transaction when every row is good, and the page shows
 *   what changed. A file that went bad meanwhile (a line removed by someone else) is refused with
 *   the API's text, nothing written.
 */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'zod';
import { paths } from '../../domain/paths';
import { translate } from '../../i18n/messages';
import { staffApi } from '../shared/api';
import { viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';
import { keepRun, markApplied, readRun, runFile, type ImportKind } from './pending';

/** The logged-in staff member. @throws ActionError UNAUTHORIZED without a console session. */
async function member(ctx: ActionAPIContext) {
  const who = ctx.locals.staff ? await ctx.locals.staffMember?.() : null;
  if (!who) throw new ActionError({ code: 'UNAUTHORIZED', message: 'staff session missing' });
  return who;
}

/** Sends `file` to ops_import_<kind> as the staff member, in their language. */
function send(ctx: ActionAPIContext, kind: ImportKind, file: File, dryRun: boolean) {
  const body = { file, dry_run: dryRun ? ('1' as const) : ('0' as const) };
  return viaApi(ctx, () => (kind === 'products' ? staffApi(ctx).call('ops_import_products', { body }) : staffApi(ctx).call('ops_import_stock', { body })), { credentials: true });
}

const runPage = (id: string): FormRedirect => ({ redirect: paths.staff.catalogue.importRun(id) });

export const catalogueImport = {
  /** Dry run of the chosen file: nothing written; the report is kept with the file. */
  check: defineAction({
    accept: 'form',
    input: z.object({
      kind: z.enum(['products', 'stock'], { message: 'import_kind_required' }),
      // No file chosen: the browser still sends an empty part.
      file: z.instanceof(File, { message: 'field_required' }).refine((f) => f.size > 0, 'field_required'),
    }),
    handler: async ({ kind, file }, ctx): Promise<FormRedirect> => {
      const who = await member(ctx);
      const report = await send(ctx, kind, file, true);
      const id = await keepRun(who.id, kind, file.name.slice(0, 200), new Uint8Array(await file.arrayBuffer()), report);
      return runPage(id);
    },
  }),

  /** Applies the file checked in run `run` (the same bytes). */
  apply: defineAction({
    accept: 'form',
    input: z.object({ run: z.string().trim().max(64) }),
    handler: async ({ run: id }, ctx): Promise<FormRedirect> => {
      const who = await member(ctx);
      const run = await readRun(id, who.id);
      if (run?.applied) return runPage(run.id);
      const bytes = run && (await runFile(run.id));
      if (!run || !bytes) throw new ActionError({ code: 'NOT_FOUND', message: translate(ctx.locals.locale, 'import_run_gone') });
      const report = await send(ctx, run.kind, new File([new Uint8Array(bytes)], run.name, { type: 'text/csv' }), false);
      await markApplied(run, report);
      return runPage(run.id);
    },
  }),
};

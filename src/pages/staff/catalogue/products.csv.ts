/**
 * HQ's products export as a file to download (issue 20; src/domain/catalogue-export.ts): the
 * catalogue in the import's columns, to edit in a spreadsheet and import again on
 * /staff/catalogue/import. Staff only (the console's middleware sends a visitor to the login);
 * outlet staff get the API's 403 text; never cached.
 */
import type { APIRoute } from 'astro';
import { getProductsExport, StaffRefusal, StaffSignedOut } from '../../../features/catalogue-hq/queries';
import { paths } from '../../../domain/paths';
import { shopDate } from '../../../domain/shop-time';
import { clock } from '../../../server/clock';

export const GET: APIRoute = async (ctx) => {
  try {
    const { csv } = await getProductsExport(ctx);
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="products-${shopDate(clock.now())}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (err) {
    if (err instanceof StaffSignedOut) return ctx.redirect(paths.staff.login(paths.staff.catalogue.import), 302);
    if (err instanceof StaffRefusal) return new Response(err.message, { status: err.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
    throw err;
  }
};

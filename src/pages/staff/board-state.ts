/**
 * What the staff board's poller reads (src/features/staff/ui/board-poller.ts): the signature of the
 * day's orders and those waiting to be picked, for `?date=` and `?outlet=`. Staff only (the
 * console's middleware answers 401 without a session); never cached.
 */
import type { APIRoute } from 'astro';
import { getBoardState, StaffRefusal, StaffSignedOut } from '../../features/staff/queries';
import { isDateString } from '../../domain/shop-time';

export const GET: APIRoute = async (ctx) => {
  const date = ctx.url.searchParams.get('date') ?? '';
  const outlet = ctx.url.searchParams.get('outlet') ?? '';
  try {
    const state = await getBoardState(ctx, { date: isDateString(date) ? date : undefined, outlet: /^S\d{3}$/.test(outlet) ? outlet : undefined });
    return Response.json(state);
  } catch (err) {
    if (err instanceof StaffSignedOut) return Response.json({ error: 'staff_session_expired' }, { status: 401 });
    if (err instanceof StaffRefusal) return Response.json({ error: err.message }, { status: err.status });
    throw err;
  }
};

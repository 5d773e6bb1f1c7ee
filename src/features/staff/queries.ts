/**
 * The staff console's reads (issue "The outlets run the shop" §2; ADR 25), all through `staffApi`
 * (the console's own session): who is logged in, the day's board, one order's pick list, a slot's
 * pick lists for printing, the outlets' capacity and the board's state for the poller. Answers are
 * reshaped once (./view.ts). A refused session answers null / throws `StaffSignedOut`, which the
 * pages turn into the login page.
 */
import { XsApiError } from '../../lib/xs-api/client';
import type { StaffIdentity } from '../../domain/staff';
import { staffApi } from '../shared/api';
import { toBoardView, toPickRefnos, toStaffOrderView, boardSignature, type BoardView, type StaffOrderView } from './view';

/** What the console's reads need of a page or endpoint context. */
export type StaffContext = { locals: Pick<App.Locals, 'locale' | 'staff' | 'clientIp'> };

/** The staff session is missing, expired or revoked: the page sends the member to /staff/login. */
export class StaffSignedOut extends Error {
  constructor() {
    super('staff session missing or ended');
    this.name = 'StaffSignedOut';
  }
}

/** The API refused a read (403 an outlet not theirs, 400 a bad value): the page shows `message` with `status`. */
export class StaffRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'StaffRefusal';
  }
}

/** Runs a read; 401 becomes `StaffSignedOut`, 404 null, another 4xx `StaffRefusal`; 5xx and faults are thrown as they are. */
export async function read<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof XsApiError && err.status === 401) throw new StaffSignedOut();
    if (err instanceof XsApiError && err.status === 404) return null;
    if (err instanceof XsApiError && err.status >= 400 && err.status < 500) throw new StaffRefusal(err.status, err.message);
    throw err;
  }
}

/** The logged-in staff member, or null (no cookie, or the session ended). */
export async function getStaffMember(ctx: StaffContext): Promise<(StaffIdentity & { language: string }) | null> {
  if (!ctx.locals.staff) return null;
  try {
    return (await staffApi(ctx).call('staff_me')).staff;
  } catch (err) {
    if (err instanceof XsApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * The board of `date` (default today) for one outlet or all of the member's.
 * @throws StaffSignedOut; StaffRefusal 403 for an outlet not theirs, 400 for a bad date.
 */
export async function getBoard(ctx: StaffContext, q: { date?: string; outlet?: string }): Promise<BoardView> {
  const answer = await read(() => staffApi(ctx).call('ops_board', { query: q }));
  if (!answer) throw new StaffSignedOut();
  return toBoardView(answer, ctx.locals.locale);
}

/** What the board's poller compares: the signature of the day's orders and those waiting to be picked. */
export async function getBoardState(ctx: StaffContext, q: { date?: string; outlet?: string }): Promise<{ signature: string; toPick: string[] }> {
  const answer = await read(() => staffApi(ctx).call('ops_board', { query: q }));
  if (!answer) throw new StaffSignedOut();
  return { signature: boardSignature(answer.orders), toPick: toPickRefnos(answer.orders) };
}

/** One order's pick list, or null when the member has no such order (unknown, or another outlet's). @throws StaffSignedOut. */
export async function getStaffOrder(ctx: StaffContext, orderRefno: string): Promise<StaffOrderView | null> {
  if (!/^[A-Za-z0-9-]{1,30}$/.test(orderRefno)) return null;
  const answer = await read(() => staffApi(ctx).call('ops_order_detail', { params: { orderId: orderRefno } }));
  return answer ? toStaffOrderView(answer.data, ctx.locals.locale) : null;
}

/**
 * The pick lists of every order in one pick-up slot of an outlet (paid or ready: what is to pick),
 * earliest placed first, for printing.
 * @throws StaffSignedOut; StaffRefusal 403 for an outlet not theirs.
 */
export async function getSlotPickLists(ctx: StaffContext, q: { date: string; outlet: string; time: string }): Promise<StaffOrderView[]> {
  const board = await read(() => staffApi(ctx).call('ops_board', { query: { date: q.date, outlet: q.outlet } }));
  if (!board) throw new StaffSignedOut();
  const inSlot = board.orders.filter((o) => o.order_del_type === 'PICKUP' && o.order_del_pickup_time === q.time && (o.column === 'to_pick' || o.column === 'ready'));
  const lists = await Promise.all(inSlot.map((o) => getStaffOrder(ctx, o.order_refno)));
  return lists.filter((l): l is StaffOrderView => l !== null);
}

/** Every outlet's capacity the member may see. @throws StaffSignedOut. */
export async function getCapacities(ctx: StaffContext) {
  const answer = await read(() => staffApi(ctx).call('ops_capacity'));
  if (!answer) throw new StaffSignedOut();
  return answer.data.map((c) => ({
    code: c.store_code,
    name: c.store_name,
    pickupSlot: c.pickup_slot_capacity,
    deliveryDay: c.delivery_day_capacity,
    effectivePickupSlot: c.effective_pickup_slot_capacity,
    effectiveDeliveryDay: c.effective_delivery_day_capacity,
  }));
}

/** Every staff member (HQ only), active first. @throws StaffSignedOut; StaffRefusal 403 for an outlet's staff. */
export async function getStaffList(ctx: StaffContext) {
  const answer = await read(() => staffApi(ctx).call('staff_list'));
  if (!answer) throw new StaffSignedOut();
  return answer.data.map((s) => ({ id: s.id, login: s.login, name: s.name, role: s.role, outlets: s.outlets, active: s.active }));
}

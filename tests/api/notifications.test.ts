/**
 * The member's notifications (coverage.md §2 /account/feeds, §3 notification count, §7
 * notification_listing): an order's status change is listed in the reader's language, the unread
 * count comes with the profile, marking read changes only the member's own, and another member's
 * path is refused. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { placePickupOrder } from './place-order';
import { createMembers } from './order-fixtures';
import { changeOrderStatus } from '../../src/server/xs-api/services/orders';

let h: Harness;
let token: string;
const M = DEMO_MEMBER.memberCode;

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await h.login());
});
afterAll(() => h.close());

describe('notification_listing', () => {
  it("lists an order's status change in the reader's language, newest first, with the unread count", async () => {
    const before = (await h.call(`notification_listing/${M}`, { token })).json;
    const refno = await placePickupOrder(h, token, M, ['P0060']);
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Paid', actor: 'provider' });
    const en = (await h.call(`notification_listing/${M}?limit=0,5`, { token })).json;
    expect(en.total).toBe(before.total + 1);
    expect(en.unread).toBe(before.unread + 1);
    expect(en.data[0]).toMatchObject({ kind: 'order_status', title: `Order ${refno}`, body: `Your order ${refno} is now Paid.`, read: false, order_refno: refno });
    const zh = (await h.call(`notification_listing/${M}?limit=0,1`, { token, headers: { 'accept-language': 'zh' } })).json;
    expect(zh.data[0].body).toContain(refno);
    expect(zh.data[0].body).not.toContain('Paid');
    const profile = (await h.call(`customer_detail/${M}`, { token })).json.data;
    expect(profile.notification_unread).toBe(en.unread);
  });

  it('marks one or all read, only the member\'s own', async () => {
    const [other] = await createMembers(h, 1, 'N');
    const list = (await h.call(`notification_listing/${M}`, { token })).json;
    const first = list.data.find((n: { read: boolean }) => !n.read);
    // Another member naming the demo member's notification changes nothing.
    const theirs = await h.call(`update_notification_read/${other!.member}`, { token: other!.token, body: { id: [first.id] } });
    expect(theirs.json).toMatchObject({ Status: 1, changed: 0 });
    const one = await h.call(`update_notification_read/${M}`, { token, body: { id: [first.id] } });
    expect(one.json).toMatchObject({ Status: 1, changed: 1, unread: list.unread - 1 });
    const all = await h.call(`update_notification_read/${M}`, { token, body: {} });
    expect(all.json.unread).toBe(0);
    expect((await h.call(`customer_detail/${M}`, { token })).json.data.notification_unread).toBe(0);
  });

  it("refuses another member's path and bad paging with 4xx", async () => {
    const [other] = await createMembers(h, 1, 'O');
    expect((await h.call(`notification_listing/${M}`, { token: other!.token })).status).toBe(403);
    expect((await h.call(`notification_listing/${M}?limit=0,1000`, { token })).status).toBe(400);
    expect((await h.call(`update_notification_read/${M}`, { token, body: { id: ['x'] } })).status).toBe(400);
  });
});

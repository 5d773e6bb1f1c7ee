/**
 * "Tell me when it's back" (ADR 32): a member asks for a product out of stock at an outlet; asking
 * twice is one request; when any stock write puts the outlet's stock above 0 (HQ's or the
 * point-of-sale system's stock set, a CSV stock import, a cancelled order giving its stock back) the member gets
 * exactly one text message and one push, in their language, and the request ends; later writes send
 * nothing. Twenty stock writes at once still send one (on PostgreSQL the writes really race).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, TEST_API_KEY, type Harness } from './harness';
import { API_BASE, API_KEY_HEADER } from '../../src/lib/xs-api/contract';
import { placePickupOrder } from './place-order';
import { setStock } from './order-fixtures';
import { startPushService, type TestPushService } from './push-service';
import { webPushSender } from '../../src/server/xs-api/adapters/push';
import { outboxSms } from '../../src/server/xs-api/adapters/sms';
import { outboxDispatcher } from '../../src/server/xs-api/services/push/outbox';
import { backInStockRequests, customers, products, stores } from '../../src/server/xs-api/db/schema';
import { normalizeMalaysianPhone } from '../../src/domain/validation';

let h: Harness;
let service: TestPushService;
let token: string;
let hq: { token: string };
let storeNo: string;
const M = DEMO_MEMBER.memberCode;
const phone = normalizeMalaysianPhone(DEMO_MEMBER.mobile);
const texts: { to: string; msg: string }[] = [];
const push = webPushSender({ subject: 'mailto:test@example.com' });
const dispatcher = outboxDispatcher({ db: async () => h.db, push, sms: outboxSms((to, msg) => texts.push({ to, msg })), siteUrl: 'https://shop.example.my' });
const device = () => service.device('phone');
let phoneDevice: ReturnType<typeof device>;

beforeAll(async () => {
  service = await startPushService();
  h = await createHarness({ allowAnyPushEndpoint: true, push, outbox: dispatcher });
  ({ token } = await h.login());
  hq = await h.staff({ role: 'hq' });
  storeNo = (await h.db.select({ no: stores.storeNo }).from(stores).where(eq(stores.storeCode, 'S001')))[0]!.no;
  await h.db.update(customers).set({ language: 'zh' }).where(eq(customers.memberCode, M));
  phoneDevice = device();
  expect((await h.call(`push_subscribe/${M}`, { token, body: phoneDevice.subscription })).status).toBe(200);
});
afterAll(async () => {
  await dispatcher.idle();
  await h.close();
  await service.close();
});

const ask = (product_code: string, store = storeNo) => h.call(`back_in_stock_request/${M}`, { token, body: { product_code, store } });
const stockSet = (product_code: string, quantity: number) => h.call('ops/catalogue/stock_set', { token: hq.token, body: { rows: [{ outlet: 'S001', product_code, quantity }] } });
const smsFor = (code: string, zhName: string) => texts.filter((t) => t.to === phone && t.msg.includes(zhName) && t.msg.includes(`/zh/product/${code}`));
const zhName = async (code: string) => (await h.db.select({ name: products.productName }).from(products).where(eq(products.productCode, code)))[0]!.name.zh!;
const open = (code: string) => h.db.select().from(backInStockRequests).where(and(eq(backInStockRequests.productCode, code), eq(backInStockRequests.memberCode, M)));

describe('asking', () => {
  it('asking twice is one request; the status says so', async () => {
    await setStock(h, 'S001', 'P0010', 0);
    const first = await ask('P0010');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ Status: 1, created: true });
    expect(first.json.store_name).toBeTruthy();
    expect((await ask('P0010')).json).toMatchObject({ Status: 1, created: false });
    expect(await open('P0010')).toHaveLength(1);
    expect((await h.call(`back_in_stock_status/${M}?product_code=P0010&store=${storeNo}`, { token })).json.requested).toBe(true);
    expect((await h.call(`back_in_stock_status/${M}?product_code=P0011&store=${storeNo}`, { token })).json.requested).toBe(false);
  });

  it('cancelling ends the open request (once), and asking again makes a new one', async () => {
    await setStock(h, 'S001', 'P0016', 0);
    expect((await ask('P0016')).json).toMatchObject({ created: true });
    const cancel = () => h.call(`back_in_stock_cancel/${M}`, { token, body: { product_code: 'P0016', store: storeNo } });
    expect((await cancel()).json).toMatchObject({ Status: 1, cancelled: true });
    expect((await cancel()).json).toMatchObject({ Status: 1, cancelled: false });
    expect(await open('P0016')).toHaveLength(0);
    expect((await h.call(`back_in_stock_status/${M}?product_code=P0016&store=${storeNo}`, { token })).json.requested).toBe(false);
    expect((await h.call(`back_in_stock_cancel/${M}`, { body: { product_code: 'P0016', store: storeNo } })).status).toBe(401);
    expect((await h.call(`back_in_stock_cancel/${M}`, { token, body: { product_code: '' } })).status).toBe(400);
    expect((await ask('P0016')).json).toMatchObject({ created: true });
    expect(await open('P0016')).toHaveLength(1);
  });

  it('refuses a guest, a product in stock, unknown products and outlets, and bad input, with a 4xx', async () => {
    expect((await h.call(`back_in_stock_request/${M}`, { body: { product_code: 'P0010', store: storeNo } })).status).toBe(401);
    await setStock(h, 'S001', 'P0011', 5);
    const inStock = await h.call(`back_in_stock_request/${M}`, { token, body: { product_code: 'P0011', store: storeNo }, headers: { 'accept-language': 'ar' } });
    expect(inStock.status).toBe(409);
    expect(inStock.json.Error).toBe('المنتج متوفر الآن في هذا الفرع: يمكنك طلبه.');
    expect((await ask('NOPE')).status).toBe(404);
    expect((await ask('P0010', 'NOPE')).status).toBe(404);
    for (const body of [{ product_code: 'P0010\u0000', store: storeNo }, { product_code: 'x'.repeat(5000), store: storeNo }, { product_code: 'P0010' }, []]) {
      const r = await h.call(`back_in_stock_request/${M}`, { token, body });
      expect(r.status).toBe(400);
    }
  });
});

describe('told once when it is back', () => {
  it('a stock set above 0 sends one text and one push in the member’s language; later writes send nothing', async () => {
    const name = await zhName('P0010');
    expect((await stockSet('P0010', 3)).status).toBe(200);
    await dispatcher.idle();
    expect(smsFor('P0010', name)).toHaveLength(1);
    const pushed = phoneDevice.received().filter((p) => p.tag === 'back-in-stock-P0010');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ title: '已到货', url: '/zh/product/P0010' });
    expect(pushed[0]!.body).toContain(name);
    const [request] = await open('P0010');
    expect(request!.fulfilledAt).not.toBeNull();
    expect(request!.quantity).toBe(3);
    expect((await stockSet('P0010', 0)).status).toBe(200);
    expect((await stockSet('P0010', 8)).status).toBe(200);
    await dispatcher.idle();
    expect(smsFor('P0010', name)).toHaveLength(1);
    expect(phoneDevice.received().filter((p) => p.tag === 'back-in-stock-P0010')).toHaveLength(1);
    // Asking again after the request ended is a new request.
    expect((await stockSet('P0010', 0)).status).toBe(200);
    expect((await ask('P0010')).json.created).toBe(true);
  });

  it('a cancelled order giving its stock back ends the wait', async () => {
    const name = await zhName('P0012');
    const refno = await placePickupOrder(h, token, M, ['P0012']);
    await setStock(h, 'S001', 'P0012', 0);
    expect((await ask('P0012')).json.created).toBe(true);
    expect((await h.call(`update_order_status_cancelled/${M}`, { token, body: { order_refno: refno } })).status).toBe(200);
    await dispatcher.idle();
    expect(smsFor('P0012', name)).toHaveLength(1);
    expect((await open('P0012'))[0]!.quantity).toBe(1);
  });

  it('a CSV stock import that restocks the outlet ends the wait', async () => {
    const name = await zhName('P0014');
    await setStock(h, 'S001', 'P0014', 0);
    expect((await ask('P0014')).json.created).toBe(true);
    const form = new FormData();
    form.append('file', new Blob(['store_code,product_code,quantity\nS001,P0014,6\n'], { type: 'text/csv' }), 'stock.csv');
    form.append('dry_run', '0');
    const res = await h.app.request(`${API_BASE}/ops/catalogue/import_stock`, { method: 'POST', headers: { [API_KEY_HEADER]: TEST_API_KEY, authorization: `Bearer ${hq.token}` }, body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    await dispatcher.idle();
    expect(smsFor('P0014', name)).toHaveLength(1);
    expect((await open('P0014'))[0]!.quantity).toBe(6);
  });

  it('twenty stock writes at once send exactly one text and one push', async () => {
    const name = await zhName('P0013');
    await setStock(h, 'S001', 'P0013', 0);
    expect((await ask('P0013')).json.created).toBe(true);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => stockSet('P0013', i + 1)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    await dispatcher.idle();
    expect(smsFor('P0013', name)).toHaveLength(1);
    expect(phoneDevice.received().filter((p) => p.tag === 'back-in-stock-P0013')).toHaveLength(1);
    const rows = await open('P0013');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.fulfilledAt).not.toBeNull();
  });
});

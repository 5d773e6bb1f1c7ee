/**
 * The server's log (src/server/log.ts): JSON lines with no password, token, reset link, phone number
 * or address, whether they come as fields, headers or inside an error's text; reset links kept out
 * of `sms_outbox`; one line per order status change (order number, from, to, actor); the request id
 * of the edge (src/server/request-edge.ts) on every line and in the answer.
 */
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { createLogger, errorFields, log, requestId, scrub, setLogger } from '../../src/server/log';
import { customers, orders, smsOutbox, stores } from '../../src/server/xs-api/db/schema';
import { SMS_OUTBOX_KEEP_MS } from '../../src/server/xs-api/adapters/sms';
import { catalogueLines, pickupOrderBody, setStock } from './order-fixtures';
import { earliestPickupDate, pickupTimeSlots } from '../../src/domain/pickup';
import { clock } from '../../src/server/clock';

let lines: Record<string, unknown>[] = [];
let previous: ReturnType<typeof setLogger>;
let h: Harness;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  previous = setLogger(createLogger(sink, 'info'));
  h = await createHarness();
});
afterAll(async () => {
  setLogger(previous);
  await h?.close();
});
afterEach(() => {
  lines = [];
});

const PHONE = '0123456789';
const all = () => JSON.stringify(lines);

describe('redaction', () => {
  it('masks passwords, tokens, cookies, keys, phones and addresses given as fields', () => {
    log.info(
      {
        body: { password: 'hunter22', customer_mobile: PHONE, address1: '12 Jalan Bukit Bintang', token: 'tok-abcdef' },
        req: { headers: { authorization: 'Bearer sess-123456', cookie: 'xs_session=sealed-value', 'x-api-key': 'the-api-key' } },
        mobile: PHONE,
        order: { delivery: { address1: '7 Lorong Maarof', customer_firstname: 'Mei Ling' } },
        link: 'https://shop.my/password-reset?token=reset-abcdef',
      },
      'a request',
    );
    const text = all();
    for (const secret of ['hunter22', PHONE, 'Jalan Bukit', 'tok-abcdef', 'sess-123456', 'sealed-value', 'the-api-key', 'reset-abcdef', 'Lorong Maarof', 'Mei Ling']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'a request', service: 'xs-storefront' });
  });

  it('scrubs free text: SQL parameters, reset links, bearer tokens, phone numbers, emails, key values', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "customers_mobile_unique"'), { code: '23505', detail: `Key (mobile)=(${PHONE}) already exists.` });
    const err = new Error(`Failed query: insert into "addresses" ("name", "phone", "address1") values ($1, $2, $3)\nparams: Siti,${PHONE},12 Jalan Ampang`, { cause });
    log.error(errorFields(err), 'db failed');
    log.warn({ detail: scrub('duplicate key: Key (mobile)=(0198765432) already exists; sent to +60 12-345 6789 and siti@example.my, Bearer abc.def') }, 'x');
    log.info({ note: scrub('see https://shop.my/zh/password-reset?token=AbC_dEf-123 now') }, 'y');
    const text = all();
    for (const secret of [PHONE, '12 Jalan Ampang', 'Siti', '0198765432', '12-345 6789', 'siti@example.my', 'abc.def', 'AbC_dEf-123']) expect(text).not.toContain(secret);
    expect(text).toContain('Failed query: insert into');
    expect(lines[0]).toMatchObject({ error: { cause: { code: '23505' } } });
    expect(text).toContain('password-reset?token=[redacted]');
  });

  it('keeps dates, times and order numbers readable', () => {
    expect(scrub('order WEB26112200000012 on 2026-11-22 at 10:30')).toBe('order WEB26112200000012 on 2026-11-22 at 10:30');
  });
});

describe('text messages', () => {
  it('keep the reset link out of the log; the outbox (the local gateway) keeps a message no longer than a reset link lives', async () => {
    const stale = new Date(clock.ms() - SMS_OUTBOX_KEEP_MS - 60_000);
    await h.db.insert(smsOutbox).values({ to: '60111111111', message: 'old code 123456', createdAt: stale });
    const r = await h.call(`retrieve_password_by_SMS/${DEMO_MEMBER.mobile}/${DEMO_MEMBER.mobile}`, { body: {} });
    expect(r.status).toBe(200);
    const [sent] = h.sent('60123456789');
    const token = /token=([\w-]+)/.exec(sent!)![1]!;
    expect(token.length).toBeGreaterThan(40);
    const rows = await h.db.select().from(smsOutbox);
    expect(rows.map((row) => row.message)).not.toContain('old code 123456');
    expect(rows.at(-1)!.message).toContain(token);
    expect(all()).not.toContain(token);
    expect(all()).not.toContain('123456789');
  });
});

describe('order status changes', () => {
  it('write one line with the order number, from, to and actor, and no personal data', async () => {
    const { token, member } = await h.login();
    const [store] = await h.db.select().from(stores).limit(1);
    const lineItems = await catalogueLines(h, 0, 1);
    await setStock(h, store!.storeCode, lineItems[0]!.code, 5);
    const settings = (await h.call('self_pickup_min_time')).json.data;
    const now = clock.now();
    const date = earliestPickupDate(settings, now)!;
    const placed = await h.call(`add_order/${member}`, { token, body: pickupOrderBody(lineItems, { storeNo: store!.storeNo, date, time: pickupTimeSlots(date, settings, now)[0]! }) });
    expect(placed.status).toBe(200);
    const refno = placed.json.order_refno as string;
    lines = [];
    expect((await h.call(`update_order_status_cancelled/${member}`, { token, body: { order_refno: refno } })).status).toBe(200);
    const changes = lines.filter((l) => l.msg === 'order status changed');
    expect(changes).toHaveLength(1);
    const [status] = await h.db.select({ status: orders.status }).from(orders).where(eq(orders.orderRefno, refno));
    expect(changes[0]).toMatchObject({ order_refno: refno, from: 'Pending', to: status!.status, actor: 'member' });
    const [me] = await h.db.select().from(customers).where(eq(customers.memberCode, member));
    expect(all()).not.toContain(me!.mobile);
    expect(all()).not.toContain(me!.firstName);
  });
});

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id and replaces anything else with a UUID', () => {
    expect(requestId('abc-123_DEF.456')).toBe('abc-123_DEF.456');
    for (const bad of [null, '', 'short', 'has space in it', 'x'.repeat(200), 'inject\n{"level":"fatal"}']) {
      expect(requestId(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});

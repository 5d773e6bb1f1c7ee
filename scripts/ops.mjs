#!/usr/bin/env node
/**
 * `npm run ops -- <command>`: the shop staff's commands (issue "Money in" §6). It talks to the
 * running shop over HTTP (the operator operations of the bundled API, contract/ops.ts), so the same
 * order rules apply as in the shop, it works with the embedded database (which one process owns)
 * and on PostgreSQL with several instances alike.
 *
 * Where: OPS_URL (default http://127.0.0.1:$PORT, PORT default 4321). Who: OPS_TOKEN, else the token
 * the shop generated beside its embedded database (<dirname of DATA_DIR>/ops-token). API key:
 * XS_API_KEY (default xs-local-dev-key).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';

const API_BASE = '/api/mobile_ecom/xs_api.php';

function defaultToken() {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  const file = path.join(path.dirname(path.resolve(process.env.DATA_DIR ?? '.data/pglite')), 'ops-token');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

const program = new Command()
  .name('npm run ops --')
  .description("The shop staff's commands: orders, pick-ups, order status, cancels with refunds, expiry, payment reconciliation and the SMS outbox.")
  .option('--url <origin>', 'the running shop', process.env.OPS_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4321}`)
  .option('--token <token>', 'operator token (default: OPS_TOKEN, else the one beside the embedded database)')
  .option('--json', 'print the answer as JSON')
  .showHelpAfterError();

/** Calls an operator operation; prints the error and exits on a refusal or when the shop cannot be reached. */
async function call(operation, { query, body } = {}) {
  const { url, token = defaultToken() } = program.opts();
  const target = new URL(`${API_BASE}/ops/${operation}`, url);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== false) target.searchParams.set(k, v === true ? '1' : String(v));
  let res;
  try {
    res = await fetch(target, {
      method: body ? 'POST' : 'GET',
      headers: { 'x-api-key': process.env.XS_API_KEY ?? 'xs-local-dev-key', authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    console.error(`The shop is not answering at ${url} (${err.cause?.code ?? err.message}). Start it (npm start) or set OPS_URL.`);
    process.exit(2);
  }
  const answer = await res.json().catch(() => ({ Status: 0, Error: `HTTP ${res.status}` }));
  if (answer.Status !== 1) {
    console.error(`Refused (${res.status}): ${answer.Error}`);
    process.exit(1);
  }
  return answer;
}

/** Prints rows as aligned columns (or JSON with --json). */
function print(rows, columns, empty = 'Nothing.') {
  if (program.opts().json) return console.log(JSON.stringify(rows, null, 2));
  if (!rows.length) return console.log(empty);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells) => cells.map((v, i) => String(v ?? '').padEnd(widths[i])).join('  ').trimEnd();
  console.log(line(columns));
  for (const r of rows) console.log(line(columns.map((c) => r[c])));
}

const ORDER_COLUMNS = ['order_refno', 'order_status', 'order_del_type', 'store_code', 'order_amount', 'order_del_pickup_date', 'order_del_pickup_time', 'payment_flag'];
const date = (v) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new InvalidArgumentError('Use YYYY-MM-DD.');
  return v;
};

program
  .command('orders')
  .description('list orders, newest first (at most 500)')
  .option('-s, --status <statuses>', "comma-separated statuses, e.g. 'Paid,Ready To Pickup'")
  .option('-o, --outlet <store_code>', 'one outlet, e.g. S001')
  .option('-d, --date <YYYY-MM-DD>', 'order date', date)
  .option('--flagged', 'only orders whose payment an operator must look at')
  .action(async (o) => print((await call('orders', { query: { status: o.status, outlet: o.outlet, date: o.date, flagged: o.flagged } })).data, ORDER_COLUMNS, 'No orders.'));

program
  .command('pickups')
  .description("a day's pick-ups per outlet (default: today in Malaysia): paid or ready, not yet collected")
  .option('-d, --date <YYYY-MM-DD>', 'pick-up date', date)
  .option('-o, --outlet <store_code>', 'one outlet')
  .action(async (o) => {
    const answer = await call('pickups', { query: { date: o.date, outlet: o.outlet } });
    if (program.opts().json) return console.log(JSON.stringify(answer, null, 2));
    console.log(`Pick-ups on ${answer.date}`);
    if (!answer.data.length) console.log('None.');
    for (const store of answer.data) {
      console.log(`\n${store.store_code} ${store.store_name} (${store.orders.length})`);
      print(store.orders, ['order_del_pickup_time', 'order_refno', 'order_status', 'items', 'order_amount']);
    }
  });

/** A command that moves an order to `to`. */
function move(name, to, description) {
  return program
    .command(`${name} <order_refno>`)
    .description(description)
    .option('-r, --reason <text>', 'note for the order history')
    .action(async (refno, o) => {
      const answer = await call('order_status', { body: { order_refno: refno, to, reason: o.reason ?? '', ...(o.tracking && { tracking_code: o.tracking }) } });
      console.log(program.opts().json ? JSON.stringify(answer) : `${answer.order_refno}: ${answer.from} → ${answer.to}`);
    });
}
move('ready', 'Ready To Pickup', 'mark a paid pick-up order ready for collection at its outlet');
move('deliver', 'Delivering', 'mark a paid delivery order out for delivery').option('-t, --tracking <code>', 'tracking code the member can copy');
move('complete', 'Waiting Comment', 'mark an order delivered or collected (the member may then review it)');

program
  .command('cancel <order_refno>')
  .description('cancel an order; what was paid is refunded through the payment provider (again: retries refunds still owed)')
  .requiredOption('-r, --reason <text>', 'why (kept in the order history)')
  .action(async (refno, o) => {
    const a = await call('order_cancel', { body: { order_refno: refno, reason: o.reason } });
    if (program.opts().json) return console.log(JSON.stringify(a, null, 2));
    console.log(a.from ? `${a.order_refno}: ${a.from} → Cancelled` : `${a.order_refno} was already cancelled`);
    for (const r of a.refunded) console.log(`refunded ${r.payment_id}: ${r.amount_sen} sen (${r.refund_ref})`);
    for (const r of a.refund_failed) console.log(`REFUND FAILED ${r.payment_id}: ${r.error} (run the cancel again to retry)`);
    if (a.refund_failed.length) process.exitCode = 1;
  });

program
  .command('expire')
  .description('cancel now every order whose payment window is over (the shop also does it every minute)')
  .action(async () => {
    const a = await call('expire_unpaid', { body: {} });
    console.log(program.opts().json ? JSON.stringify(a) : a.expired.length ? `Expired: ${a.expired.join(', ')}` : 'No unpaid order is past its payment window.');
  });

program
  .command('reconcile')
  .description('ask the payment provider about every payment still open and apply what it says')
  .action(async () => {
    const a = await call('reconcile_payments', { body: {} });
    if (program.opts().json) return console.log(JSON.stringify(a, null, 2));
    console.log(`checked ${a.checked}, applied ${a.applied}, flagged ${a.flagged}, failed ${a.failed.length}`);
    for (const f of a.failed) console.log(`  ${f.payment_id}: ${f.error}`);
    if (a.failed.length) process.exitCode = 1;
  });

program
  .command('sms <number>')
  .description('text messages in the outbox for a number, newest first (only when the shop runs without an SMS gateway; kept 30 minutes)')
  .action(async (number) => print((await call('sms_outbox', { query: { to: number } })).data, ['created_at', 'to', 'message'], 'No messages for this number.'));

await program.parseAsync();

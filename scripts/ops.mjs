#!/usr/bin/env node
/**
 * `npm run ops -- <command>`: the shop staff's commands (issue "Money in" §6, issue "The outlets run
 * the shop"; ADR 25). It talks to the running shop over HTTP (the operator and staff operations of
 * the bundled API, contract/ops.ts and contract/staff.ts), so the same order rules apply as in the
 * console at /staff, it works with the embedded database (which one process owns) and on
 * PostgreSQL with several instances alike.
 *
 * Who: a staff member, after `npm run ops -- login LOGIN` (a personal token kept in OPS_SESSION_FILE,
 * default ~/.config/xs-storefront/ops-session.json, mode 600), so every change names them. Before
 * any staff member exists, and for HQ's own commands (staff, expire, reconcile, sms), the bootstrap
 * token: OPS_TOKEN, else the one the shop generated beside its embedded database
 * (<dirname of DATA_DIR>/ops-token). `--bootstrap` uses it even when logged in.
 * Where: OPS_URL (default http://127.0.0.1:$PORT, PORT default 4321). API key: XS_API_KEY (default
 * xs-local-dev-key).
 * Except `backup` and `restore` (issue "Safe to run in production" §5; scripts/lib/backup.mjs): they
 * work on the database itself (DATABASE_URL, or the embedded one in DATA_DIR) and UPLOADS_DIR, with
 * or (restore, and backup of the embedded database) without the shop running.
 */
import './lib/project-node.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Command, InvalidArgumentError } from 'commander';

const API_BASE = '/api/mobile_ecom/xs_api.php';
const SESSION_FILE = path.resolve(process.env.OPS_SESSION_FILE || path.join(os.homedir(), '.config', 'xs-storefront', 'ops-session.json'));

function bootstrapToken() {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  const file = path.join(path.dirname(path.resolve(process.env.DATA_DIR ?? '.data/pglite')), 'ops-token');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The saved staff session for `url`, or null. */
function savedSession(url) {
  try {
    const s = JSON.parse(fs.readFileSync(SESSION_FILE, 'utf8'));
    return s?.url === url && typeof s.token === 'string' ? s : null;
  } catch {
    return null;
  }
}

const program = new Command()
  .name('npm run ops --')
  .description("The shop staff's commands: log in, the day's board and pick lists, moving orders on, hand-overs, short picks, cancels with refunds, slot capacity, staff accounts, integration tokens, the catalogue import and export, product pictures, expiry, payment reconciliation, the SMS outbox, and backups.")
  .option('--url <origin>', 'the running shop', process.env.OPS_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4321}`)
  .option('--token <token>', 'a staff session token (default: the one saved by `login`, else the bootstrap token)')
  .option('--bootstrap', 'use the bootstrap token (OPS_TOKEN, or the one beside the embedded database) even when logged in')
  .option('--json', 'print the answer as JSON')
  .showHelpAfterError();

/** The token of this call: --token, else the saved session (unless --bootstrap), else the bootstrap token. */
function token() {
  const o = program.opts();
  if (o.token) return o.token;
  if (!o.bootstrap) {
    const s = savedSession(o.url);
    if (s) return s.token;
  }
  return bootstrapToken();
}

/** Calls an operation; prints the error and exits on a refusal or when the shop cannot be reached. */
async function call(operation, { query, body, auth = token() } = {}) {
  const { url } = program.opts();
  const target = new URL(`${API_BASE}/${operation}`, url);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== false) target.searchParams.set(k, v === true ? '1' : String(v));
  let res;
  try {
    res = await fetch(target, {
      method: body ? 'POST' : 'GET',
      headers: { 'x-api-key': process.env.XS_API_KEY ?? 'xs-local-dev-key', authorization: `Bearer ${auth}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    console.error(`The shop is not answering at ${url} (${err.cause?.code ?? err.message}). Start it (npm start) or set OPS_URL.`);
    process.exit(2);
  }
  const answer = await res.json().catch(() => ({ Status: 0, Error: `HTTP ${res.status}` }));
  if (answer.Status !== 1) {
    console.error(`Refused (${res.status}): ${answer.Error}`);
    if (res.status === 401) console.error('Log in first: npm run ops -- login <login>');
    if (res.status === 403 && savedSession(url)) console.error('Logged in as a staff member without this right; HQ commands also take --bootstrap.');
    process.exit(1);
  }
  return answer;
}
const ops = (name, input) => call(`ops/${name}`, input);

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
/** An outlet as typed: '1', '001' or 'S001' → 'S001'. */
const outlet = (v) => {
  const t = v.trim().toUpperCase();
  if (/^\d{1,3}$/.test(t)) return `S${t.padStart(3, '0')}`;
  if (/^S\d{3}$/.test(t)) return t;
  throw new InvalidArgumentError('An outlet code such as 001 or S001.');
};
const outlets = (v) => v.split(',').filter(Boolean).map(outlet);
const count = (v) => {
  if (v === 'default') return null;
  if (!/^\d{1,5}$/.test(v)) throw new InvalidArgumentError("A whole number of orders, or 'default'.");
  return Number(v);
};

/** Reads a password from the terminal without echoing it, or one line of standard input. */
async function askPassword(prompt) {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    process.stdout.write(prompt);
    rl._writeToOutput = () => {};
  }
  const answer = await new Promise((resolve) => rl.question(process.stdin.isTTY ? '' : '', resolve));
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return answer;
}

// ── Who ─────────────────────────────────────────────────────────────────────────────────────────

program
  .command('login <login>')
  .description('log in as a staff member: every change you make then names you (the token is kept in OPS_SESSION_FILE)')
  .option('-p, --password <password>', 'the password (asked when not given)')
  .action(async (login, o) => {
    const password = o.password ?? (await askPassword('Password: '));
    const a = await call('staff/login', { body: { login, password, client: 'cli' }, auth: '' });
    fs.mkdirSync(path.dirname(SESSION_FILE), { recursive: true });
    fs.writeFileSync(SESSION_FILE, JSON.stringify({ url: program.opts().url, token: a.token, login: a.staff.login, name: a.staff.name, expires_at: a.expires_at }), { mode: 0o600 });
    console.log(`Logged in as ${a.staff.name} (${a.staff.role}${a.staff.outlets.length ? ` ${a.staff.outlets.join(',')}` : ''}) until ${a.expires_at}.`);
  });

program
  .command('logout')
  .description('end the saved staff session')
  .action(async () => {
    const s = savedSession(program.opts().url);
    if (!s) return console.log('Not logged in.');
    await call('staff/logout', { body: {}, auth: s.token }).catch(() => {});
    fs.rmSync(SESSION_FILE, { force: true });
    console.log(`Logged out ${s.name}.`);
  });

program
  .command('whoami')
  .description('the staff member of the saved session')
  .action(async () => {
    const { staff } = await call('staff/me');
    console.log(program.opts().json ? JSON.stringify(staff) : `${staff.name} (${staff.login}, ${staff.role}${staff.outlets.length ? ` ${staff.outlets.join(',')}` : ''})`);
  });

// ── Staff accounts (HQ, or the bootstrap token) ───────────────────────────────────────────────────

const staffCmd = program.command('staff').description("staff accounts (HQ, or the bootstrap token for the first HQ account)");
staffCmd
  .command('add')
  .description('add a staff member')
  .requiredOption('--role <role>', 'hq (every outlet, staff, capacity) or outlet (its outlets only)')
  .requiredOption('--login <login>', "username (3–40 of a–z 0–9 . _ -) or Malaysian mobile number")
  .requiredOption('--name <name>', 'the name shown in order histories')
  .requiredOption('--password <password>', 'at least 10 characters')
  .option('--outlet <codes>', 'outlets of an outlet member, comma-separated: 001,002', outlets, [])
  .action(async (o) => {
    const a = await call('staff/add', { body: { login: o.login, name: o.name, password: o.password, role: o.role, outlets: o.outlet } });
    console.log(program.opts().json ? JSON.stringify(a.staff) : `Added ${a.staff.name} (${a.staff.login}, ${a.staff.role}${a.staff.outlets.length ? ` ${a.staff.outlets.join(',')}` : ''}).`);
  });
staffCmd
  .command('list')
  .description('every staff member')
  .action(async () => print((await call('staff/list')).data.map((s) => ({ ...s, outlets: s.outlets.join(',') || 'all', active: s.active ? 'yes' : 'no' })), ['login', 'name', 'role', 'outlets', 'active', 'language'], 'No staff yet.'));
staffCmd
  .command('disable <login>')
  .description('disable a staff member; their sessions end at once')
  .action(async (login) => console.log(`Disabled ${(await call('staff/disable', { body: { login } })).login}.`));
staffCmd
  .command('reset-password <login>')
  .description('set a new password (the account becomes active again; their sessions end)')
  .requiredOption('--password <password>', 'at least 10 characters')
  .action(async (login, o) => console.log(`New password set for ${(await call('staff/reset_password', { body: { login, password: o.password } })).login}.`));

// ── Orders ────────────────────────────────────────────────────────────────────────────────────────

program
  .command('orders')
  .description('list orders of your outlets, newest first (at most 500)')
  .option('-s, --status <statuses>', "comma-separated statuses, e.g. 'Paid,Ready To Pickup'")
  .option('-o, --outlet <store_code>', 'one outlet, e.g. 001', outlet)
  .option('-d, --date <YYYY-MM-DD>', 'order date', date)
  .option('--flagged', 'only orders whose payment an operator must look at')
  .action(async (o) => print((await ops('orders', { query: { status: o.status, outlet: o.outlet, date: o.date, flagged: o.flagged } })).data, ORDER_COLUMNS, 'No orders.'));

program
  .command('pickups')
  .description("a day's pick-ups per outlet (default: today in Malaysia): paid or ready, not yet collected")
  .option('-d, --date <YYYY-MM-DD>', 'pick-up date', date)
  .option('-o, --outlet <store_code>', 'one outlet', outlet)
  .action(async (o) => {
    const answer = await ops('pickups', { query: { date: o.date, outlet: o.outlet } });
    if (program.opts().json) return console.log(JSON.stringify(answer, null, 2));
    console.log(`Pick-ups on ${answer.date}`);
    if (!answer.data.length) console.log('None.');
    for (const store of answer.data) {
      console.log(`\n${store.store_code} ${store.store_name} (${store.orders.length})`);
      print(store.orders, ['order_del_pickup_time', 'order_refno', 'order_status', 'items', 'order_amount']);
    }
  });

program
  .command('board')
  .description("a day's board of your outlets: every order with its customer and units, and the slots' places taken")
  .option('-d, --date <YYYY-MM-DD>', 'the day (default: today in Malaysia)', date)
  .option('-o, --outlet <store_code>', 'one outlet', outlet)
  .action(async (o) => {
    const a = await ops('board', { query: { date: o.date, outlet: o.outlet } });
    if (program.opts().json) return console.log(JSON.stringify(a, null, 2));
    console.log(`Board of ${a.date}`);
    print(a.orders, ['order_refno', 'store_code', 'order_del_type', 'order_del_pickup_time', 'order_status', 'customer_firstname', 'units', 'order_amount'], 'No orders.');
    if (a.loads.length) {
      console.log('\nPlaces taken');
      print(a.loads.map((l) => ({ ...l, time: l.time ?? 'delivery day' })), ['store_code', 'time', 'taken', 'capacity']);
    }
  });

program
  .command('order <order_refno>')
  .description("an order's pick list: lines with units, customer, remark, slot or address, payment and history")
  .action(async (refno) => {
    const { data: d } = await ops(`order/${encodeURIComponent(refno)}`);
    if (program.opts().json) return console.log(JSON.stringify(d, null, 2));
    console.log(`${d.order_refno}  ${d.order_status}  ${d.store_code} ${d.store_name}`);
    console.log(`Customer: ${d.customer_firstname}, ${d.customer_phone}`);
    console.log(d.order_del_type === 'PICKUP' ? `Pick-up: ${d.order_del_pickup_date} ${d.order_del_pickup_time}` : `Delivery: ${Object.values(d.delivery_address ?? {}).filter(Boolean).join(', ')}`);
    if (d.order_remark) console.log(`Remark: ${d.order_remark}`);
    if (d.tracking_code) console.log(`Tracking: ${d.tracking_courier ? `${d.tracking_courier} ` : ''}${d.tracking_code}`);
    console.log(`Payment: ${d.payment.state}, paid RM ${d.payment.paid}, refunded RM ${d.payment.refunded}${d.payment.flag ? `, FLAG ${d.payment.flag}` : ''}\n`);
    print(d.product.map((l) => ({ ...l, short: l.product_short_quantity || '' })), ['product_code', 'product_quantity', 'unit', 'product_name', 'short', 'product_amount']);
    console.log(`\nTotal RM ${d.order_amount}${d.order_refunded !== '0.00' ? ` (RM ${d.order_refunded} refunded)` : ''}\n`);
    print(d.history.map((e) => ({ ...e, who: e.staff_name ?? e.actor })), ['at', 'from', 'to', 'kind', 'who', 'reason']);
  });

/** A command that moves an order to `to`. */
function move(name, to, description) {
  return program
    .command(`${name} <order_refno>`)
    .description(description)
    .action(async (refno, o) => {
      const answer = await ops('order_status', { body: { order_refno: refno, to, ...(o.tracking && { tracking_code: o.tracking }), ...(o.courier && { tracking_courier: o.courier.toUpperCase() }) } });
      console.log(program.opts().json ? JSON.stringify(answer) : `${answer.order_refno}: ${answer.from} → ${answer.to}`);
    });
}
move('ready', 'Ready To Pickup', 'mark a paid pick-up order ready: the shopper gets a text with the collection code');
move('deliver', 'Delivering', 'mark a paid delivery order out for delivery: the shopper gets a text with the tracking code, and a link to the courier\'s tracking page on the order')
  .requiredOption('-t, --tracking <code>', 'tracking code the member can copy (up to 60 printable characters)')
  .requiredOption('--courier <code>', 'the courier: JNT, POSLAJU, GDEX, NINJAVAN, DHL or CITYLINK (README "Couriers")');
move('complete', 'Waiting Comment', 'mark a delivery order delivered (the member may then review it); a pick-up is handed over with `handover`');

program
  .command('handover <order_refno>')
  .description('hand a ready pick-up order over at the counter: the collection code the shopper shows must match')
  .requiredOption('-c, --code <digits>', 'the collection code')
  .action(async (refno, o) => {
    const a = await ops('order_handover', { body: { order_refno: refno, collection_code: o.code } });
    console.log(program.opts().json ? JSON.stringify(a) : `${a.order_refno}: ${a.from} → ${a.to}`);
  });

program
  .command('short <order_refno> <lines...>')
  .description('take units the outlet cannot supply off a paid order before it is ready: PRODUCT=NEW_QUANTITY… (0 removes the line); the difference is refunded')
  .option('-r, --reason <text>', 'note for the order history')
  .action(async (refno, lines, o) => {
    const product = lines.map((l) => {
      const m = /^([^=\s]+)=(\d{1,4})$/.exec(l);
      if (!m) throw new InvalidArgumentError(`"${l}": use PRODUCT=QUANTITY, e.g. P0004=1`);
      return { product_code: m[1], quantity: Number(m[2]) };
    });
    const a = await ops('order_short_pick', { body: { order_refno: refno, product, reason: o.reason ?? '' } });
    if (program.opts().json) return console.log(JSON.stringify(a, null, 2));
    console.log(`${a.order_refno}: ${a.units_taken_off} unit(s) taken off, refund ${a.refund_sen} sen`);
    for (const r of a.refunded) console.log(`refunded ${r.payment_id}: ${r.amount_sen} sen (${r.refund_ref})`);
    for (const r of a.refund_failed) console.log(`REFUND FAILED ${r.payment_id}: ${r.error}`);
    if (a.refund_failed.length) process.exitCode = 1;
  });

program
  .command('cancel <order_refno>')
  .description('cancel an order; what was paid is refunded through the payment provider (again: retries refunds still owed)')
  .requiredOption('-r, --reason <text>', 'why (kept in the order history)')
  .action(async (refno, o) => {
    const a = await ops('order_cancel', { body: { order_refno: refno, reason: o.reason } });
    if (program.opts().json) return console.log(JSON.stringify(a, null, 2));
    console.log(a.from ? `${a.order_refno}: ${a.from} → Cancelled` : `${a.order_refno} was already cancelled`);
    for (const r of a.refunded) console.log(`refunded ${r.payment_id}: ${r.amount_sen} sen (${r.refund_ref})`);
    for (const r of a.refund_failed) console.log(`REFUND FAILED ${r.payment_id}: ${r.error} (run the cancel again to retry)`);
    if (a.refund_failed.length) process.exitCode = 1;
  });

// ── Capacity ──────────────────────────────────────────────────────────────────────────────────────

const capacityCmd = program.command('capacity').description('orders per pick-up slot and deliveries per day, per outlet');
capacityCmd
  .command('list', { isDefault: true })
  .description('the capacity of your outlets (HQ: every outlet)')
  .action(async () =>
    print(
      (await ops('capacity')).data.map((c) => ({ ...c, pickup_slot: `${c.effective_pickup_slot_capacity}${c.pickup_slot_capacity === null ? ' (default)' : ''}`, delivery_day: `${c.effective_delivery_day_capacity}${c.delivery_day_capacity === null ? ' (default)' : ''}` })),
      ['store_code', 'store_name', 'pickup_slot', 'delivery_day'],
    ));
capacityCmd
  .command('set <store_code>')
  .description("set an outlet's own capacity (HQ); 'default' follows PICKUP_SLOT_CAPACITY / DELIVERY_DAY_CAPACITY")
  .requiredOption('--pickup-slot <n>', "orders per pick-up slot, or 'default'", count)
  .requiredOption('--delivery-day <n>', "delivery orders per day, or 'default'", count)
  .action(async (code, o) => {
    const { data: c } = await ops('capacity_set', { body: { store_code: outlet(code), pickup_slot_capacity: o.pickupSlot, delivery_day_capacity: o.deliveryDay } });
    console.log(`${c.store_code}: ${c.effective_pickup_slot_capacity} per pick-up slot, ${c.effective_delivery_day_capacity} deliveries per day.`);
  });

// ── Integration tokens (HQ, logged in: every change names a person; ADR 26) ────────────────────────

const tokenCmd = program.command('token').description("integration tokens for other systems (the point-of-sale system's stock feed, pos_stock)");
tokenCmd
  .command('issue <name>')
  .description('issue a token (shown once: store it in the other system now)')
  .option('--scope <scope>', 'what it may do: stock (pos_stock)', 'stock')
  .action(async (name, o) => {
    const a = await ops('integration_tokens/issue', { body: { name, scope: o.scope } });
    if (program.opts().json) return console.log(JSON.stringify(a, null, 2));
    console.log(`Token ${a.data.id} (${a.data.name}, scope ${a.data.scope}), shown this once:\n${a.token}`);
  });
tokenCmd
  .command('list', { isDefault: true })
  .description('every token (never the token itself), newest first')
  .action(async () => print((await ops('integration_tokens/list')).data, ['id', 'name', 'scope', 'prefix', 'created_by', 'created_at', 'last_used_at', 'revoked_at'], 'No integration tokens.'));
tokenCmd
  .command('revoke <id>')
  .description('revoke a token at once: its next call is refused')
  .action(async (id) => {
    const { data: t } = await ops('integration_tokens/revoke', { body: { id: Number(id) } });
    console.log(`Token ${t.id} (${t.name}) revoked at ${t.revoked_at}.`);
  });

// ── Catalogue import (HQ, logged in: every change names a person; ADR 27) ─────────────────────────

const importCmd = program.command('import').description("import the point-of-sale system's CSV export: products and prices, or stock per outlet (UTF-8, a header row; the columns are in the README)");
for (const [kind, what] of [
  ['products', 'products and prices: product_code, product_name_en|zh|ar, line_code, price, final_price, unit, visible (1/0)'],
  ['stock', 'stock per outlet: store_code, product_code, quantity'],
]) {
  importCmd
    .command(`${kind} <file>`)
    .description(`${what}; exit 0 when every row is good, 1 with the report when one is not (nothing written)`)
    .option('--dry-run', 'check every row and report what would change; write nothing')
    .option('--lang <lang>', 'language of the messages: en, zh or ar (default: from LANG, else en)', (v) => {
      if (!['en', 'zh', 'ar'].includes(v)) throw new InvalidArgumentError('en, zh or ar.');
      return v;
    })
    .action(async (file, o) => {
      const { importFile, defaultLanguage } = await import('./lib/ops-import.mjs');
      const { url, json } = program.opts();
      process.exitCode = await importFile({ kind, file, dryRun: !!o.dryRun, lang: o.lang ?? defaultLanguage(), url, token: token(), apiKey: process.env.XS_API_KEY ?? 'xs-local-dev-key', json: !!json });
    });
}

program
  .command('export <what> <file>')
  .description("write the catalogue as a CSV file in the import's columns ('products'), to edit in a spreadsheet and import again; texts that would run as a formula are written as text")
  .action(async (what, file) => {
    if (what !== 'products') throw new InvalidArgumentError("Only 'products' can be exported.");
    const answer = await ops('catalogue/export_products');
    fs.writeFileSync(file, answer.csv);
    console.log(`${answer.products} products written to ${file}.`);
  });

// ── Product pictures (HQ, logged in; ADR 28) ─────────────────────────────────────────────────────

const pictureCmd = program.command('picture').description("a product's pictures: list, add a JPEG, PNG or WebP file (at most 20 MB), put them in order, remove one; shown at once, no rebuild");

/** The product's pictures now (ops_product). */
async function picturesOf(code) {
  return (await ops('catalogue/product', { query: { product_code: code } })).data.pictures;
}
/** Prints a product's pictures, numbered from 1 (or the answer as JSON). */
function printPictures(answer) {
  if (program.opts().json) return console.log(JSON.stringify(answer, null, 2));
  const { product_code, pictures } = answer.data;
  console.log(pictures.length ? pictures.map((p, i) => `${i + 1}. ${p}`).join('\n') : `${product_code} has no picture (the shop shows its placeholder).`);
}
/** A picture typed as its address or its number, against the product's pictures now. */
async function typedPicture(code, typed) {
  const { pictureOf } = await import('./lib/ops-pictures.mjs');
  try {
    return pictureOf(typed, await picturesOf(code));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

pictureCmd
  .command('list <product>')
  .description("the product's pictures in the order the shop shows them, numbered from 1")
  .action(async (code) => printPictures(await ops('catalogue/product', { query: { product_code: code } })));

pictureCmd
  .command('add <product> <file>')
  .description('add a picture, last in the gallery: JPEG, PNG or WebP judged by its content, at most 20 MB, made into every size the shop shows')
  .action(async (code, file) => {
    const { sendPicture } = await import('./lib/ops-pictures.mjs');
    const { status, answer } = await sendPicture({ code, file, url: program.opts().url, token: token(), apiKey: process.env.XS_API_KEY ?? 'xs-local-dev-key' });
    if (answer.Status !== 1) {
      console.error(status > 0 ? `Refused (${status}): ${answer.Error}` : answer.Error);
      if (status === 401) console.error('Log in first as an HQ member: npm run ops -- login <login>');
      if (status === 403) console.error('Pictures need an HQ member who is logged in (npm run ops -- login <login>), not the bootstrap token or an outlet account.');
      process.exitCode = status === -1 ? 2 : 1;
      return;
    }
    if (!program.opts().json) console.log(`Added ${answer.picture}:`);
    printPictures(answer);
  });

pictureCmd
  .command('order <product> <pictures...>')
  .description('put the pictures in this order: every picture once, by number (as listed) or address, e.g. `order P0001 3 1 2`')
  .action(async (code, typed) => {
    const { pictureOf } = await import('./lib/ops-pictures.mjs');
    const now = await picturesOf(code);
    let pictures;
    try {
      pictures = typed.map((t) => pictureOf(t, now));
    } catch (err) {
      console.error(err.message);
      process.exit(1);
    }
    const answer = await ops('catalogue/product_picture_order', { body: { product_code: code, pictures } });
    if (!program.opts().json && !answer.changed) console.log('Already in this order: nothing changed.');
    printPictures(answer);
  });

pictureCmd
  .command('remove <product> <picture>')
  .description('remove a picture, by number (as listed) or address; an uploaded file is deleted unless an order shows it')
  .action(async (code, typed) => {
    const picture = await typedPicture(code, typed);
    const answer = await ops('catalogue/product_picture_remove', { body: { product_code: code, picture } });
    if (!program.opts().json) console.log(`Removed ${picture}.`);
    printPictures(answer);
  });

// ── The shop's own jobs (HQ, or the bootstrap token) ──────────────────────────────────────────────

program
  .command('expire')
  .description('cancel now every order whose payment window is over (the shop also does it every minute)')
  .action(async () => {
    const a = await ops('expire_unpaid', { body: {} });
    console.log(program.opts().json ? JSON.stringify(a) : a.expired.length ? `Expired: ${a.expired.join(', ')}` : 'No unpaid order is past its payment window.');
  });

program
  .command('reconcile')
  .description('ask the payment provider about every payment still open and apply what it says')
  .action(async () => {
    const a = await ops('reconcile_payments', { body: {} });
    if (program.opts().json) return console.log(JSON.stringify(a, null, 2));
    console.log(`checked ${a.checked}, applied ${a.applied}, flagged ${a.flagged}, failed ${a.failed.length}`);
    for (const f of a.failed) console.log(`  ${f.payment_id}: ${f.error}`);
    if (a.failed.length) process.exitCode = 1;
  });

program
  .command('sms <number>')
  .description('text messages in the outbox for a number, newest first (only when the shop runs without an SMS gateway; kept 30 minutes)')
  .action(async (number) => print((await ops('sms_outbox', { query: { to: number } })).data, ['created_at', 'to', 'message'], 'No messages for this number.'));

// ── Backups (on the shop's machine, with its settings; they talk to the database, not the shop) ──

/** Runs a backup or restore step; a BackupError is printed as it is and exits with its code. */
async function backupStep(step) {
  const { BackupError } = await import('./lib/backup.mjs');
  try {
    await step();
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    process.exit(err.exitCode);
  }
}

/** The restored database against the manifest: every table's rows, and the ledgers' checksums. */
function printVerification(manifest, facts) {
  print(
    Object.entries(manifest.tables).map(([table, rows]) => ({ table, backup: rows, restored: facts.tables[table] ?? 'missing', ok: facts.tables[table] === rows ? 'ok' : 'DIFFERS' })),
    ['table', 'backup', 'restored', 'ok'],
  );
  console.log('');
  print(
    Object.entries(manifest.checksums).map(([table, c]) => ({ ledger: table, rows: c.rows, 'md5 (backup)': c.md5, 'md5 (restored)': facts.checksums[table]?.md5 ?? 'missing', ok: facts.checksums[table]?.md5 === c.md5 ? 'ok' : 'DIFFERS' })),
    ['ledger', 'rows', 'md5 (backup)', 'md5 (restored)', 'ok'],
  );
}

program
  .command('backup [file]')
  .description('back up the database (PostgreSQL: pg_dump; the embedded database: its data folder, with the shop stopped) and the uploaded pictures into one tar file (default: BACKUP_DIR/xs-<kind>-<time>.tar)')
  .action((file) =>
    backupStep(async () => {
      const { makeBackup } = await import('./lib/backup.mjs');
      const json = program.opts().json;
      const { file: made, bytes, manifest } = await makeBackup({ file, log: json ? undefined : (line) => console.log(line) });
      if (json) return console.log(JSON.stringify({ file: made, bytes, manifest }, null, 2));
      const c = manifest.checksums;
      console.log(`Backup written: ${made} (${(bytes / 1048576).toFixed(1)} MB, mode 600)`);
      console.log(`${manifest.kind}, ${manifest.migrations.applied} migrations (last ${manifest.migrations.last ?? 'unknown'}), ${Object.keys(manifest.tables).length} tables, ${manifest.uploads.files} uploaded pictures`);
      for (const [table, s] of Object.entries(c)) console.log(`  ${table}: ${s.rows} rows, md5 ${s.md5}`);
    }),
  );

program
  .command('restore <file>')
  .description('restore a backup into the database and uploads folder of this environment, then check its row counts and the orders, payments and points checksums against the backup (exit 1 on a difference)')
  .option('--yes', 'replace a database that is not empty')
  .action((file, o) =>
    backupStep(async () => {
      const { restoreBackup } = await import('./lib/backup.mjs');
      const json = program.opts().json;
      const r = await restoreBackup({ file, yes: o.yes, log: json ? undefined : (line) => console.log(line) });
      if (json) console.log(JSON.stringify({ manifest: r.manifest, restored: r.facts, problems: r.problems, uploads: r.uploads, aside: r.aside, pending_migrations: r.pendingMigrations }, null, 2));
      else {
        console.log(`Backup of ${r.manifest.created_at} (${r.manifest.kind}, ${r.manifest.migrations.applied} migrations)\n`);
        printVerification(r.manifest, r.facts);
        console.log(`\nPictures: ${r.uploads.restored} restored${r.uploads.kept ? `, ${r.uploads.kept} newer ones left in place` : ''}.`);
        if (r.aside) console.log(`The data folder as it was is kept in ${r.aside}: delete it once the shop runs well.`);
        if (r.pendingMigrations.length) console.log(`The shop applies ${r.pendingMigrations.length} newer migration(s) at its next start (${r.pendingMigrations.join(', ')}).`);
      }
      if (r.problems.length) {
        console.error(`\nRESTORE CHECK FAILED: the restored database differs from the backup:\n${r.problems.map((p) => `  ${p}`).join('\n')}`);
        if (r.manifest.kind === 'pglite') console.error('The embedded database was left as it was.');
        process.exit(1);
      }
      if (!json) console.log('\nRestored and checked: every row count and checksum matches the backup. Start the shop.');
    }),
  );

await program.parseAsync();

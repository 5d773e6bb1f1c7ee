/**
 * Product pictures at run time (issue 20 item 2; ADR 28; ops_product_picture_add|order|remove,
 * services/catalogue-writes/pictures.ts): JPEG, PNG and WebP judged by their bytes, re-encoded into
 * every size the pages use under UPLOADS_DIR; a text file named .jpg, a truncated picture and a file
 * over 20 MB refused with nothing kept; outlet staff refused; reorder and removal of a picture the
 * product does not have refused; every change recorded with the HQ member and the product's pages
 * dropped; `npm run ops -- picture` does the same from a shell. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, TEST_API_KEY, type Harness } from './harness';
import { API_BASE, API_KEY_HEADER } from '../../src/lib/xs-api/contract';
import { catalogueEvents, products } from '../../src/server/xs-api/db/schema';
import { PAGE_CACHE_HOOK } from '../../src/server/page-cache-provider';
import { PRODUCT_PICTURE_MAX_BYTES } from '../../src/domain/product-picture';
import { uploadedPictureFiles, uploadedPictureId } from '../../src/server/http/uploaded-pictures.ts';

let h: Harness;
let dir: string;
let hq: { token: string; id: number; login: string };
let outlet: { token: string; id: number; login: string };
const dropped: string[][] = [];
const CODE = 'P0001';

/** A photo-like picture of `width` × `height` px in `format`. */
async function picture(format: 'png' | 'jpeg' | 'webp', width = 640, height = 480): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const px = i / 3;
    raw[i] = px % 256;
    raw[i + 1] = Math.floor(px / width) % 256;
    raw[i + 2] = 90;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of the answer
async function call(op: string, body: FormData | object, { token = hq.token, lang = 'en' } = {}): Promise<{ status: number; json: any }> {
  const form = body instanceof FormData;
  const res = await h.app.request(`${API_BASE}/ops/catalogue/${op}`, {
    method: 'POST',
    headers: { [API_KEY_HEADER]: TEST_API_KEY, authorization: `Bearer ${token}`, 'accept-language': lang, ...(!form && { 'content-type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** Adds `bytes` (named `name`, claimed `type`) to product `code`. */
function add(bytes: Uint8Array, { code = CODE, name = 'photo.jpg', type = 'image/jpeg', token = hq.token, lang = 'en' } = {}) {
  const form = new FormData();
  form.append('product_code', code);
  form.append('picture', new File([new Uint8Array(bytes)], name, { type }));
  return call('product_picture_add', form, { token, lang });
}

const files = async () => (await fs.readdir(dir).catch(() => [])).filter((n) => n.startsWith('product-')).sort();
const picturesOf = async (code = CODE) => (await h.db.select({ p: products.pictures }).from(products).where(eq(products.productCode, code)))[0]!.p;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'product-pictures-'));
  h = await createHarness({ uploadsDir: dir });
  hq = await h.staff({ role: 'hq', login: 'hq.pictures' });
  outlet = await h.staff({ role: 'outlet', outlets: ['S001'] });
  (globalThis as Record<symbol, unknown>)[PAGE_CACHE_HOOK] = { invalidate: ({ tags }: { tags: string[] }) => dropped.push(tags) };
});
afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[PAGE_CACHE_HOOK];
  await h.close();
  await fs.rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  dropped.length = 0;
});

describe('adding a picture', () => {
  it('takes JPEG, PNG and WebP by their bytes, makes every size, records the HQ member and drops the product pages', async () => {
    const before = await picturesOf();
    const added: string[] = [];
    for (const [format, name, type] of [['jpeg', 'shelf.jpg', 'image/jpeg'], ['png', 'shelf.bin', 'application/octet-stream'], ['webp', 'shelf.webp', 'image/webp']] as const) {
      const { status, json } = await add(await picture(format), { name, type });
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json.picture).toMatch(/^\/_u\/[0-9a-f]{32}\.webp$/);
      expect(json.data.pictures.at(-1)).toBe(json.picture);
      added.push(json.picture);
      const id = uploadedPictureId(json.picture)!;
      for (const { name: file, width, format: out } of uploadedPictureFiles(id)) {
        const meta = await sharp(path.join(dir, file)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([out, width, width]);
        // No metadata survives the re-encoding.
        expect(meta.exif).toBeUndefined();
      }
    }
    expect(await picturesOf()).toEqual([...before, ...added]);
    expect(dropped.flat()).toEqual(expect.arrayContaining([`product:${CODE}`, 'listing']));
    const events = await h.db.select().from(catalogueEvents).where(and(eq(catalogueEvents.subject, CODE), eq(catalogueEvents.action, 'product_picture_added')));
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.actorStaffId === hq.id)).toBe(true);
  });

  it('refuses a text file named .jpg, a truncated picture and a file over the limit, in the caller’s language, keeping nothing', async () => {
    const before = await picturesOf();
    const kept = await files();
    const text = await add(new TextEncoder().encode('not a picture at all, just words\n'.repeat(20)), { name: 'photo.jpg', type: 'image/jpeg' });
    expect(text.status).toBe(415);
    expect(text.json.Error).toBe('A picture must be a JPEG, PNG or WebP file.');
    const jpeg = await picture('jpeg');
    const truncated = await add(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { lang: 'zh' });
    expect(truncated.status).toBe(422);
    expect(truncated.json.Error).toBe('无法读取图片：文件已损坏或不完整。');
    const big = new Uint8Array(PRODUCT_PICTURE_MAX_BYTES + 1);
    big.set(jpeg.subarray(0, 16));
    const tooBig = await add(big, { lang: 'ar' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.Error).toContain('20');
    expect(await picturesOf()).toEqual(before);
    expect(await files()).toEqual(kept);
    expect(dropped).toHaveLength(0);
  });

  it('refuses outlet staff (403) and an unknown product (404)', async () => {
    const png = await picture('png', 64, 64);
    expect((await add(png, { token: outlet.token })).status).toBe(403);
    expect((await add(png, { code: 'NOPE999' })).status).toBe(404);
  });
});

describe('ordering and removing', () => {
  it('reorders the pictures, refuses a list that is not the product’s pictures, and removes one with its files', async () => {
    const { json } = await add(await picture('png', 300, 300), { name: 'x.png', type: 'image/png' });
    const mine = json.picture as string;
    const current = await picturesOf();
    const reversed = [...current].reverse();
    const ordered = await call('product_picture_order', { product_code: CODE, pictures: reversed });
    expect(ordered.status).toBe(200);
    expect(ordered.json.changed).toBe(true);
    expect(await picturesOf()).toEqual(reversed);
    const again = await call('product_picture_order', { product_code: CODE, pictures: reversed });
    expect(again.json.changed).toBe(false);

    const unknown = await call('product_picture_order', { product_code: CODE, pictures: [...reversed.slice(1), '/_u/0123456789abcdef0123456789abcdef.webp'] });
    expect(unknown.status).toBe(409);
    const missing = await call('product_picture_order', { product_code: CODE, pictures: reversed.slice(1) });
    expect(missing.status).toBe(409);
    expect(await picturesOf()).toEqual(reversed);

    const notThere = await call('product_picture_remove', { product_code: CODE, picture: '/_u/0123456789abcdef0123456789abcdef.webp' });
    expect(notThere.status).toBe(404);
    expect(notThere.json.Error).toBe('This product has no such picture.');
    expect((await call('product_picture_remove', { product_code: CODE, picture: mine }, { token: outlet.token })).status).toBe(403);

    const id = uploadedPictureId(mine)!;
    expect(await files()).toContain(`product-${id}-800.webp`);
    const removed = await call('product_picture_remove', { product_code: CODE, picture: mine });
    expect(removed.status).toBe(200);
    expect(removed.json.data.pictures).not.toContain(mine);
    expect((await files()).some((n) => n.includes(id))).toBe(false);
    expect(dropped.flat()).toContain(`product:${CODE}`);
    const actions = (await h.db.select({ a: catalogueEvents.action, s: catalogueEvents.actorStaffId }).from(catalogueEvents).where(eq(catalogueEvents.subject, CODE))).map((e) => e.a);
    expect(actions).toEqual(expect.arrayContaining(['product_pictures_ordered', 'product_picture_removed']));
  });
});

describe('npm run ops -- picture', () => {
  const run = promisify(execFile);
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // The app behind a real HTTP server, as the CLI talks to a running shop.
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])));
      const answer = await h.app.fetch(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : Buffer.concat(chunks) }));
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function ops(args: string[], token = hq.token) {
    const env = { ...process.env, XS_API_KEY: TEST_API_KEY, OPS_SESSION_FILE: path.join(dir, 'no-session.json') };
    try {
      const { stdout, stderr } = await run(process.execPath, ['scripts/ops.mjs', '--url', url, '--token', token, 'picture', ...args], { env, timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  it('adds a file, lists, orders by number and removes; a text file is refused with exit 1', async () => {
    const code = 'P0002';
    const file = path.join(dir, 'cli.webp');
    await fs.writeFile(file, await picture('webp', 200, 200));
    const added = await ops(['add', code, file]);
    expect(added.code, added.stderr).toBe(0);
    const mine = /Added (\/_u\/[0-9a-f]{32}\.webp)/.exec(added.stdout)![1]!;
    const now = await picturesOf(code);
    expect(now.at(-1)).toBe(mine);
    const listed = await ops(['list', code]);
    expect(listed.stdout).toContain(`${now.length}. ${mine}`);
    const order = [String(now.length), ...now.slice(0, -1).map((_, i) => String(i + 1))];
    expect((await ops(['order', code, ...order])).code).toBe(0);
    expect((await picturesOf(code))[0]).toBe(mine);
    expect((await ops(['remove', code, '1'])).code).toBe(0);
    expect(await picturesOf(code)).toEqual(now.slice(0, -1));
    const text = path.join(dir, 'notes.jpg');
    await fs.writeFile(text, 'just words');
    const refused = await ops(['add', code, text]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Refused (415)');
    expect(await picturesOf(code)).toEqual(now.slice(0, -1));
  });
});

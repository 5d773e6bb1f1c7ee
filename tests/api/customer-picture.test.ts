/**
 * The member's profile picture (coverage.md §7 upload_customer_picture/{customer}, §5, §8, §9): judged
 * by content, never by name or claimed type; at most 5 MB, refused before the body is read whole;
 * re-encoded (WebP 512 × 512, no metadata) under a server-made name; the old file removed; served
 * only for server-made names. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { createHarness, DEMO_MEMBER, TEST_API_KEY, type Harness } from './harness';
import { customers } from '../../src/server/xs-api/db/schema';
import { API_BASE, API_KEY_HEADER } from '../../src/lib/xs-api/contract';
import { PICTURE_SIZE_PX, readPicture } from '../../src/server/xs-api/services/pictures';

let h: Harness;
let dir: string;
const M: string = DEMO_MEMBER.memberCode;
const OTHER = { memberCode: 'M900201', mobile: '0199990201', password: 'other-pass-2' };
const MB = 1024 * 1024;
const TYPE_MESSAGE = 'Only accept file type with jpg,jpeg and png format.';
const SIZE_MESSAGE = 'Maximum file size accepted is 5MB';

/** A photo-like picture: a gradient of `width` × `height` px, with EXIF metadata for JPEG. */
async function picture(format: 'png' | 'jpeg', width = 800, height = 600): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const px = i / 3;
    raw[i] = px % 256;
    raw[i + 1] = Math.floor(px / width) % 256;
    raw[i + 2] = 128;
  }
  const img = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'png' ? img.png().toBuffer() : img.withExif({ IFD0: { Copyright: 'secret-location' } }).jpeg().toBuffer();
}

/** Posts a multipart upload with one file part (name and claimed type as given) as `token`. */
async function upload(member: string, token: string | null, bytes: Uint8Array, { name = 'me.png', type = 'image/png', field = 'customer_picture', lang = 'en' } = {}) {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return send(member, token, form, lang);
}

async function send(member: string, token: string | null, body: BodyInit, lang = 'en', headers: Record<string, string> = {}) {
  const res = await h.app.request(`${API_BASE}/upload_customer_picture/${member}`, {
    method: 'POST',
    headers: { [API_KEY_HEADER]: TEST_API_KEY, 'accept-language': lang, ...(token && { authorization: `Bearer ${token}` }), ...headers },
    body,
    // A streamed body (no Content-Length) needs half duplex.
    ...(body instanceof ReadableStream && { duplex: 'half' }),
  } as RequestInit);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of the answer
  return { status: res.status, json: (await res.json()) as any };
}

async function storedFiles(): Promise<string[]> {
  return (await fs.readdir(dir).catch(() => [])).sort();
}

async function currentPicture(): Promise<string | null> {
  const { token } = await h.login();
  return (await h.call(`customer_detail/${M}`, { token })).json.data.customer_picture;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pictures-'));
  h = await createHarness({ uploadsDir: dir });
  await h.db.insert(customers).values({
    memberCode: OTHER.memberCode,
    firstName: 'Other',
    mobile: OTHER.mobile,
    passwordHash: await hash(OTHER.password, { algorithm: 2 }),
  });
});
afterAll(async () => {
  await h?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('upload_customer_picture', () => {
  it('stores a PNG and then a JPEG re-encoded as 512 × 512 WebP without metadata, removing the old file', async () => {
    const { token } = await h.login();
    const png = await upload(M, token, await picture('png'), { name: 'holiday.png' });
    expect(png.status).toBe(200);
    const first: string = png.json.data.customer_picture;
    expect(first).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(png.json.data.member_code).toBe(M);
    expect(await storedFiles()).toEqual([path.basename(first)]);

    // Claimed type and name do not matter: a JPEG sent as 'x.gif' of type text/plain is a JPEG.
    const jpeg = await upload(M, token, await picture('jpeg', 600, 900), { name: 'x.gif', type: 'text/plain' });
    expect(jpeg.status).toBe(200);
    const second: string = jpeg.json.data.customer_picture;
    expect(second).not.toBe(first);
    expect(await storedFiles()).toEqual([path.basename(second)]);
    expect(await currentPicture()).toBe(second);

    const stored = await readPicture(dir, path.basename(second));
    expect(stored).not.toBeNull();
    const meta = await sharp(stored!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: PICTURE_SIZE_PX, height: PICTURE_SIZE_PX });
    expect(meta.exif).toBeUndefined();
    expect(stored!.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it('refuses a PDF renamed .png with the type message in the caller language, changing nothing', async () => {
    const { token } = await h.login();
    const before = await currentPicture();
    const files = await storedFiles();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
    const r = await upload(M, token, pdf, { name: 'me.png', type: 'image/png' });
    expect(r.status).toBe(415);
    expect(r.json).toEqual({ Status: 0, Error: TYPE_MESSAGE });
    const zh = await upload(M, token, pdf, { lang: 'zh' });
    expect(zh.status).toBe(415);
    expect(zh.json.Error).not.toBe(TYPE_MESSAGE);
    expect(zh.json.Error).toMatch(/png/);
    expect(await currentPicture()).toBe(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('refuses a 6 MB file with the size message, by Content-Length and by a capped stream', async () => {
    const { token } = await h.login();
    const before = await currentPicture();
    const big = Buffer.alloc(6 * MB, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const r = await upload(M, token, big);
    expect(r.status).toBe(413);
    expect(r.json).toEqual({ Status: 0, Error: SIZE_MESSAGE });
    const ar = await upload(M, token, big, { lang: 'ar' });
    expect(ar.status).toBe(413);
    expect(ar.json.Error).not.toBe(SIZE_MESSAGE);

    // A body announced as 50 MB is refused from its header alone.
    const announced = await send(M, token, 'x', 'en', { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(50 * MB) });
    expect(announced.status).toBe(413);
    expect(announced.json.Error).toBe(SIZE_MESSAGE);

    // Without Content-Length the stream is read only up to the cap: pulls stop soon after it.
    let pulled = 0;
    const chunk = new Uint8Array(256 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        if (pulled > 64 * MB) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await send(M, token, endless, 'en', { 'content-type': 'multipart/form-data; boundary=b' });
    expect(streamed.status).toBe(413);
    expect(streamed.json.Error).toBe(SIZE_MESSAGE);
    expect(pulled).toBeLessThan(8 * MB);
    expect(await currentPicture()).toBe(before);
  });

  it('answers 4xx, never 500, for a truncated PNG, garbage behind a PNG header, an empty part or a body that is not multipart', async () => {
    const { token } = await h.login();
    const before = await currentPicture();
    const files = await storedFiles();
    const png = await picture('png');
    const truncated = await upload(M, token, png.subarray(0, Math.floor(png.length / 2)));
    expect(truncated.status).toBe(422);
    expect(truncated.json.Error).toMatch(/could not be read/);
    const garbage = Buffer.concat([png.subarray(0, 8), Buffer.from('IHDR'.repeat(500))]);
    const g = await upload(M, token, garbage);
    expect(g.status).toBeGreaterThanOrEqual(400);
    expect(g.status).toBeLessThan(500);
    const jpegHeaderOnly = await upload(M, token, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]));
    expect(jpegHeaderOnly.status).toBe(422);
    const empty = await upload(M, token, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.json.Error).toBe('This field is required');
    const wrongField = await upload(M, token, png, { field: 'picture' });
    expect(wrongField.status).toBe(400);
    const json = await send(M, token, JSON.stringify({ customer_picture: 'x' }), 'en', { 'content-type': 'application/json' });
    expect(json.status).toBe(400);
    const broken = await send(M, token, '--b\r\nnot a part', 'en', { 'content-type': 'multipart/form-data; boundary=b' });
    expect(broken.status).toBe(400);
    expect(await currentPicture()).toBe(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('lets no one change another member picture: 401 without a session, 403 on another member path', async () => {
    const png = await picture('png', 64, 64);
    const before = await currentPicture();
    const files = await storedFiles();
    expect((await upload(M, null, png)).status).toBe(401);
    const other = await h.login(OTHER.mobile, OTHER.password);
    const r = await upload(M, other.token, png);
    expect(r.status).toBe(403);
    expect(await currentPicture()).toBe(before);
    expect(await storedFiles()).toEqual(files);
    // The other member's own upload touches only their own row.
    const own = await upload(OTHER.memberCode, other.token, png);
    expect(own.status).toBe(200);
    expect(await currentPicture()).toBe(before);
  });

  it('keeps exactly one file per member when two uploads race', async () => {
    const { token } = await h.login();
    const [a, b] = await Promise.all([upload(M, token, await picture('png', 300, 300)), upload(M, token, await picture('jpeg', 300, 300))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const now = await currentPicture();
    expect([a.json.data.customer_picture, b.json.data.customer_picture]).toContain(now);
    const [other] = await h.db.select({ picture: customers.picture }).from(customers).where(eq(customers.memberCode, OTHER.memberCode));
    const expected = [path.basename(now!), path.basename(other!.picture!)].sort();
    expect(await storedFiles()).toEqual(expected);
  });
});

describe('readPicture', () => {
  it('reads only server-made names inside the uploads directory', async () => {
    const name = path.basename((await currentPicture())!);
    expect(await readPicture(dir, name)).not.toBeNull();
    await fs.writeFile(path.join(path.dirname(dir), 'secret.webp'), 'secret');
    for (const bad of ['../secret.webp', `${name}/`, name.toUpperCase(), `${name}.png`, 'a'.repeat(32) + '.webp', '', '..%2fsecret.webp']) {
      expect(await readPicture(dir, bad), bad).toBeNull();
    }
    await fs.rm(path.join(path.dirname(dir), 'secret.webp'), { force: true });
  });
});

/**
 * Copies a Node response as the app writes it (before any compression installed earlier wraps the
 * socket), for the server's caches (./page-cache.ts, ./picture-transforms.ts).
 *
 * `teeResponse(res, { maxBytes, onHeaders })` wraps `res.writeHead`, `res.write` and `res.end`:
 *   - `onHeaders(res)` runs once, just before the status line is sent, with every header already on
 *     `res` (also those the app passed to `writeHead`), so it may read and remove headers;
 *   - the body's chunks are kept as Buffers up to `maxBytes` bytes (more: `overflow` is true and the
 *     chunks are dropped);
 *   - the returned promise resolves on 'finish' with `{ status, body, overflow }`, or with null when
 *     the connection closed before the answer was complete.
 * Install it inside the compression middleware's `next` so the chunks are the app's own bytes.
 */
import type { OutgoingHttpHeader, ServerResponse } from 'node:http';

/** A finished answer's status and body (null when it was over `maxBytes`). */
export interface TeedResponse {
  status: number;
  body: Buffer | null;
  overflow: boolean;
}

/** What `write`, `end` and `writeHead` are called with, loosely: the tee passes every argument on as it came. */
type Loose = (...args: unknown[]) => unknown;

export function teeResponse(res: ServerResponse, { maxBytes, onHeaders }: { maxBytes: number; onHeaders?: (res: ServerResponse) => void }): Promise<TeedResponse | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  let headersSeen = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk == null || overflow || typeof chunk === 'function') return;
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from((chunk as ArrayBufferView).buffer, (chunk as ArrayBufferView).byteOffset, (chunk as ArrayBufferView).byteLength);
    size += buf.length;
    if (size > maxBytes) {
      overflow = true;
      chunks.length = 0;
      return;
    }
    // A copy: the app may reuse its buffer once write() returns.
    chunks.push(Buffer.from(buf));
  };

  const writeHead = res.writeHead as Loose;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (!headersSeen) {
      headersSeen = true;
      const last = rest[rest.length - 1];
      if (last && typeof last === 'object') {
        rest.pop();
        const entries = Array.isArray(last) ? pairs(last) : Object.entries(last as Record<string, OutgoingHttpHeader | undefined>);
        for (const [name, value] of entries) if (value !== undefined) res.setHeader(name, value);
      }
      res.statusCode = status;
      onHeaders?.(res);
    }
    return writeHead.call(this, status, ...rest);
  } as ServerResponse['writeHead'];
  const write = res.write as Loose;
  res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, cb?: unknown) {
    keep(chunk, encoding);
    return write.call(this, chunk, encoding, cb);
  } as ServerResponse['write'];
  const end = res.end as Loose;
  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, cb?: unknown) {
    keep(chunk, encoding);
    return end.call(this, chunk, encoding, cb);
  } as ServerResponse['end'];

  return new Promise((resolve) => {
    let finished = false;
    res.once('finish', () => {
      finished = true;
      resolve({ status: res.statusCode, body: overflow ? null : Buffer.concat(chunks, size), overflow });
    });
    res.once('close', () => {
      if (!finished) resolve(null);
    });
  });
}

/** [name, value, name, value…] or [[name, value]…] as entries. */
export function pairs(list: unknown[]): [string, OutgoingHttpHeader | undefined][] {
  if (list.length > 0 && Array.isArray(list[0])) return list as [string, OutgoingHttpHeader][];
  const out: [string, OutgoingHttpHeader][] = [];
  for (let i = 0; i + 1 < list.length; i += 2) out.push([String(list[i]), list[i + 1] as OutgoingHttpHeader]);
  return out;
}

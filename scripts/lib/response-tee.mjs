/**
 * Copies a Node response as the app writes it (before any compression installed earlier wraps the
 * socket), for the server's caches (scripts/lib/page-cache.mjs, scripts/lib/image-cache.mjs).
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
export function teeResponse(res, { maxBytes, onHeaders }) {
  const chunks = [];
  let size = 0;
  let overflow = false;
  let headersSeen = false;
  const keep = (chunk, encoding) => {
    if (chunk == null || overflow || typeof chunk === 'function') return;
    const buf = Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += buf.length;
    if (size > maxBytes) {
      overflow = true;
      chunks.length = 0;
      return;
    }
    // A copy: the app may reuse its buffer once write() returns.
    chunks.push(Buffer.from(buf));
  };

  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    if (!headersSeen) {
      headersSeen = true;
      const last = rest[rest.length - 1];
      if (last && typeof last === 'object') {
        rest.pop();
        const entries = Array.isArray(last) ? pairs(last) : Object.entries(last);
        for (const [name, value] of entries) if (value !== undefined) res.setHeader(name, value);
      }
      res.statusCode = status;
      onHeaders?.(res);
    }
    return writeHead.call(this, status, ...rest);
  };
  const write = res.write;
  res.write = function (chunk, encoding, cb) {
    keep(chunk, encoding);
    return write.call(this, chunk, encoding, cb);
  };
  const end = res.end;
  res.end = function (chunk, encoding, cb) {
    keep(chunk, encoding);
    return end.call(this, chunk, encoding, cb);
  };

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
function pairs(list) {
  if (list.length > 0 && Array.isArray(list[0])) return list;
  const out = [];
  for (let i = 0; i + 1 < list.length; i += 2) out.push([list[i], list[i + 1]]);
  return out;
}

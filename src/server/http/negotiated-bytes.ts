/**
 * Sends a file held in memory in the encoding the request takes (ADR 16): the answer of the
 * build's precompressed assets (./static-assets.ts) and of the service worker (./service-worker-file.ts).
 *
 * - The encoding: br or gzip by Accept-Encoding, read as the `compression` middleware reads it
 *   (Negotiator), br first when the client takes both equally (browsers list gzip first); identity
 *   when it is offered and nothing compressed is taken.
 * - `Vary: Accept-Encoding` and an ETag per encoding (`"<tag>-<encoding>"`); an If-None-Match equal
 *   to it answers 304 without a body.
 * - The body's length (never chunked); HEAD without a body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';

/** One file's bytes in each encoding it is offered in (no identity: only compressed answers). */
export interface EncodedBodies {
  br: Buffer;
  gzip: Buffer;
  identity?: Buffer;
}

/**
 * Answers `req` with the body of `bodies` in the encoding it takes, with `headers` (its type, its
 * caching…), its ETag (`tag`: a hash of the identity bytes) and Vary, and returns true; 304 when
 * If-None-Match names that encoding's ETag. Returns false, and writes nothing, when the request
 * takes none of the encodings offered (without `identity`: one that takes neither br nor gzip).
 */
export function sendNegotiatedBytes(req: IncomingMessage, res: ServerResponse, bodies: EncodedBodies, tag: string, headers: Record<string, string>): boolean {
  const offered = bodies.identity ? ['br', 'gzip', 'identity'] : ['br', 'gzip'];
  const chosen = new Negotiator(req).encoding(offered, ['br', 'gzip']) ?? (bodies.identity ? 'identity' : undefined);
  const encoding = chosen === 'br' || chosen === 'gzip' || chosen === 'identity' ? chosen : undefined;
  const body = encoding ? bodies[encoding] : undefined;
  if (!encoding || !body) return false;
  const etag = `"${tag}-${encoding}"`;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

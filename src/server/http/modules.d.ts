/**
 * Types of the two small packages the server (./serve.ts) uses that publish none: `negotiator`
 * (content negotiation, as the `compression` middleware reads Accept-Encoding) and `compression`
 * (the Express-style gzip/brotli middleware). Only what the server calls is declared.
 */
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';

  /** Reads a request's Accept-* headers. */
  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, 'headers'>);
    /** The best of `available` by Accept-Encoding; ties go to the first of `preferred`. Undefined when none is acceptable. */
    encoding(available?: string[], preferred?: string[]): string | undefined;
  }
}

declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** The middleware: wraps `res` so what the app writes is compressed by Accept-Encoding, then calls `next`. */
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  /** `threshold`: smallest body compressed, bytes; `level`: zlib level 0–9. */
  export default function compression(options?: { threshold?: number | string; level?: number }): Middleware;
}

/**
 * Answers reach the client whole even when the app answers before reading the request body (a 413
 * for an upload over the Actions' 1 MB limit, a 400 for a refused URL, a redirect). Node closes such
 * a connection once the answer is written; closing a socket with unread upload data makes the kernel
 * send a reset, and the client then loses the end of the answer (docs/architecture.md "Security":
 * a truncated answer). So `res.end` first reads and drops the rest of the upload, at most
 * `maxBytes` (16 MB) or `maxMs` (5,000 ms), then ends the answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export function drainBeforeEnd(req: IncomingMessage, res: ServerResponse, { maxBytes = 16 * 1024 * 1024, maxMs = 5_000 }: { maxBytes?: number; maxMs?: number } = {}): void {
  const end = res.end as (...args: unknown[]) => ServerResponse;
  res.end = function drainThenEnd(...args: unknown[]) {
    if (req.complete || req.destroyed || req.readableEnded) return end.apply(res, args);
    let seen = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off('data', onData);
      end.apply(res, args);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish();
    };
    const timer = setTimeout(finish, maxMs);
    req.on('data', onData);
    req.once('end', finish);
    req.once('error', finish);
    req.once('close', finish);
    req.resume();
    return res;
  } as ServerResponse['end'];
}

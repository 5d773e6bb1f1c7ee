/**
 * Raw HTTP for the hardening tests: requests sent exactly as written (broken %-sequences included),
 * answers read to the last byte, with a flag when the body ended before its announced length or the
 * connection broke mid-answer (a truncated answer).
 */
import http from 'node:http';

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; complete: boolean };

/** Sends one request to `base` (http://host:port) with the path as given; never throws. */
export function raw(base: string, method: string, path: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const req = http.request({ host: hostname, port, method, path, headers: { 'accept-encoding': 'identity', ...options.headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), complete: false }));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const announced = res.headers['content-length'];
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, complete: res.complete && (announced === undefined || Number(announced) === body.length) });
      });
    });
    let answered = false;
    req.on('response', () => (answered = true));
    // A server may answer (413) and close before a large body is written: the answer is what counts.
    req.on('error', (err) => setTimeout(() => answered || resolve({ status: 0, headers: {}, body: Buffer.from(String(err)), complete: false }), 500));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** The session cookie after logging in through the login form's Action (a plain form post). */
export async function loginCookie(base: string, mobile: string, password: string): Promise<string> {
  const answer = await raw(base, 'POST', '/login?_action=access.login', {
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ mobile, password, redirect: '' }).toString(),
  });
  const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
  if (answer.status !== 303 || !cookies.length) throw new Error(`login failed: ${answer.status}`);
  return cookies.join('; ');
}

/**
 * A TLS-terminating reverse proxy for the server tests, behaving as Caddy's `reverse_proxy` does by
 * default (deploy/Caddyfile): it ends HTTPS with a throwaway self-signed certificate (made with the
 * openssl command), passes the Host header unchanged, and replaces X-Forwarded-For with the address
 * of the client it saw (a client's own X-Forwarded-For is not passed on), adding
 * X-Forwarded-Proto: https and X-Forwarded-Host.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

/** A key and self-signed certificate for `hostname` (PEM), valid one day. */
function selfSigned(hostname: string): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${hostname}`, '-addext', `subjectAltName=DNS:${hostname}`, '-keyout', key, '-out', cert], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const pem = { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  fs.rmSync(dir, { recursive: true, force: true });
  return pem;
}

/**
 * Starts the proxy on 127.0.0.1:`port`, in front of `upstreamPort` (plain HTTP on 127.0.0.1).
 * @returns `close()`, which stops it
 */
export async function startTlsProxy({ port, upstreamPort, hostname }: { port: number; upstreamPort: number; hostname: string }) {
  const server = https.createServer(selfSigned(hostname), (req, res) => {
    const headers = { ...req.headers };
    delete headers['x-forwarded-for'];
    headers['x-forwarded-for'] = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
    headers['x-forwarded-proto'] = 'https';
    headers['x-forwarded-host'] = req.headers.host ?? hostname;
    const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** One answer through the proxy: status, headers and body text. */
export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A request to the proxy on 127.0.0.1:`port` as a browser at `from` (a loopback address such as
 * 127.0.0.2: each stands for another client) would send it for `https://<host>/<path>`.
 */
export function viaProxy(port: number, host: string, from: string, pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', port, localAddress: from, servername: host.split(':')[0], rejectUnauthorized: false, method: options.method ?? 'GET', path: pathname, headers: { host, ...options.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * A push service on this machine for the Web Push tests (ADR 32): a local HTTP server that takes
 * what the shop sends to a subscription's endpoint, as FCM or Mozilla's service would, and a
 * browser's side of a subscription (a P-256 key pair and an auth secret) to decrypt it with
 * (aes128gcm, RFC 8291, by http_ece, the library web-push encrypts with). An endpoint whose path
 * holds '/gone/' answers 410, as a push service does for a subscription the browser dropped.
 */
import http from 'node:http';
import { createECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const ece = createRequire(import.meta.url)('http_ece') as { decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer };

/** One request the push service received: the endpoint's path, the headers and the encrypted body. */
export type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

/** A browser's subscription: what it sends to push_subscribe, and how it reads a message. */
export type TestDevice = {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The payloads this device received, decrypted, oldest first. */
  received(): { title: string; body: string; url: string; tag?: string }[];
};

export type TestPushService = {
  url: string;
  requests: Received[];
  /** A new device whose endpoint is on this service (`gone`: the service answers 410 for it). */
  device(name: string, opts?: { gone?: boolean }): TestDevice;
  close(): Promise<void>;
};

/** Starts the push service on a free local port. */
export async function startPushService(): Promise<TestPushService> {
  const requests: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(path.includes('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    device(name, opts = {}) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/${opts.gone ? 'gone' : 'push'}/${name}`;
      return {
        subscription: { endpoint: `${url}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
        received: () =>
          requests
            .filter((r) => r.path === path)
            .map((r) => JSON.parse(ece.decrypt(r.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8'))),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Free loopback ports and throwaway PostgreSQL databases for the server process tests. */
import net from 'node:net';
import postgres from 'postgres';

let next = Number(process.env.SERVER_TEST_PORT ?? 0);

/** A loopback port nobody listens on: from SERVER_TEST_PORT upwards when set, else one the OS picks. */
export async function freePort(): Promise<number> {
  for (;;) {
    const wanted = next ? next++ : 0;
    const port = await new Promise<number | null>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      srv.listen(wanted, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    if (port) return port;
    if (!wanted) throw new Error('no free port');
  }
}

/**
 * Creates an empty database beside the one `adminUrl` names (the user must be allowed to CREATE
 * DATABASE); its URL and `drop()`, which removes it again (closing its connections).
 */
export async function freshDatabase(adminUrl: string, prefix = 'xs_run'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await a`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
        await a.unsafe(`drop database if exists "${name}"`);
      } finally {
        await a.end();
      }
    },
  };
}

/**
 * A TCP relay on a free loopback port to `targetPort` (e.g. PostgreSQL's), so a test can take a
 * dependency away from a running shop: `cut()` closes the listener and every relayed connection.
 */
export async function tcpRelay(targetPort: number, targetHost = '127.0.0.1'): Promise<{ port: number; cut: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

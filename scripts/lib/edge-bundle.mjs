/**
 * The worker's modules in dist-edge/server (ADR 35), for `npm run build:edge` (scripts/build-edge.mjs,
 * which checks and prints them) and the bench (scripts/lib/bench-edge.mjs, which reports the size).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/**
 * The worker's modules (`.mjs` under `serverDir`, source maps left out, as the platform counts them):
 * how many, their bytes raw and gzip (level 9; the platform's limits are 3 MB gzip on the free plan
 * and 10 MB on a paid one), and each import of a module the bundle does not hold (anything but a
 * relative path or the platform's `cloudflare:*`), as 'file: specifier'.
 * @param {string} serverDir e.g. dist-edge/server
 * @returns {{ modules: number, rawBytes: number, gzipBytes: number, outside: string[] }}
 */
export function workerModules(serverDir) {
  const files = fs.readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'));
  const outside = [];
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const code = fs.readFileSync(path.join(serverDir, f));
    rawBytes += code.length;
    gzipBytes += zlib.gzipSync(code, { level: 9 }).length;
    for (const m of code.toString('utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.') && !spec.startsWith('cloudflare:')) outside.push(`${f}: ${spec}`);
    }
  }
  return { modules: files.length, rawBytes, gzipBytes, outside };
}

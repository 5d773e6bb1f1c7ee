#!/usr/bin/env node
/**
 * The files the production server needs, and nothing else (issue "Safe to run in production" §8;
 * Dockerfile's runtime stage; README "Container deployment"): `scripts/serve.mjs` and the server's
 * TypeScript it runs (src/server/http/serve.ts and the modules it imports, run as they are by
 * Node's type stripping, ADR 34), `scripts/ops.mjs`, the build (`dist/`), the migrations, and of
 * `node_modules` only the files those
 * programs load, found by following their imports with @vercel/nft (Vercel's node-file-trace, which
 * also follows native bindings, WebAssembly and `new URL(…, import.meta.url)` assets). Build tools
 * listed among the dependencies (Tailwind, Vite's plugins, the type checker…) stay out.
 *
 *   node scripts/lib/runtime-files.mjs OUT_DIR
 *
 * copies them into OUT_DIR (which must not exist), keeping their paths, and prints what it copied.
 * Run after `npm run build` and `node scripts/make-pictures.mjs`. tests/server/runtime-files.spec.ts
 * starts the server from such a folder and uses the database, password hashing and pictures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripTypeScriptTypes } from 'node:module';
import { nodeFileTrace } from '@vercel/nft';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every file under `dir` (relative to the root), recursively. */
function filesUnder(dir) {
  return fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/**
 * The relative paths of every file the server and the operators' CLI need.
 * @returns {Promise<{ files: string[], warnings: string[] }>}
 */
export async function runtimeFiles() {
  // The server's modules are loaded by path at run time (serve.ts imports dist/server/entry.mjs,
  // which imports its chunks): start from all of them.
  const entries = ['scripts/serve.mjs', 'scripts/ops.mjs', ...filesUnder('dist/server').filter((f) => /\.m?js$/.test(f))];
  // The tracer parses JavaScript: the server's TypeScript is read with its types stripped, as Node runs it.
  const readFile = async (file) => {
    const text = await fs.promises.readFile(file, 'utf8').catch((err) => (err.code === 'ENOENT' || err.code === 'EISDIR' ? null : Promise.reject(err)));
    return text !== null && file.endsWith('.ts') ? stripTypeScriptTypes(text) : text;
  };
  const { fileList, warnings } = await nodeFileTrace(entries, { base: root, processCwd: root, readFile });
  // Of our own sources, the server's TypeScript modules that the entry scripts import.
  const traced = [...fileList].filter((f) => (!f.startsWith('dist/') && !f.startsWith('src/') && !f.startsWith('scripts/')) || (f.startsWith('src/') && f.endsWith('.ts')));
  const own = ['package.json', ...filesUnder('dist'), ...filesUnder('scripts/lib').filter((f) => f.endsWith('.mjs')), 'scripts/serve.mjs', 'scripts/ops.mjs', ...filesUnder('src/server/xs-api/db/migrations')];
  return { files: [...new Set([...own, ...traced])].sort(), warnings: [...warnings].map((w) => String(w?.message ?? w)) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    console.error('Usage: node scripts/lib/runtime-files.mjs OUT_DIR');
    process.exit(2);
  }
  if (fs.existsSync(out)) {
    console.error(`${out} exists already: give a new folder.`);
    process.exit(2);
  }
  const { files } = await runtimeFiles();
  let bytes = 0;
  for (const f of files) {
    const from = path.join(root, f);
    const to = path.join(out, f);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    // Symbolic links (node_modules/.bin and some packages) are copied as what they point to.
    fs.copyFileSync(fs.realpathSync(from), to);
    bytes += fs.statSync(to).size;
  }
  const modules = new Set(files.filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/').slice(1, f.split('/')[1].startsWith('@') ? 3 : 2).join('/')));
  console.log(`${files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB) from ${modules.size} packages copied to ${out}`);
}

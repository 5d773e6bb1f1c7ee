/**
 * The shop's build, as `npm run build` makes it: `astro build`, the embedded database's template
 * (scripts/make-db-template.mjs, ADR 16), then the pictures the pages name (scripts/make-pictures.mjs, ADR 22). Used by `npm start` and the measuring scripts when there is
 * no build yet; `npm test` runs the same two steps with its own report. `npm start`'s build is the
 * quick one (`buildShopQuick`, ADR 38): the pictures kept from earlier builds are linked and no
 * others are made, so the shop serves sooner and makes the rest itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the shop in the repository's root with this Node, as `npm run build` (every picture the
 * pages name made), printing each step's output.
 * @returns {number} 0 when every step succeeded, else the failed step's exit status (1 when killed)
 */
export function buildShop() {
  for (const script of ['node_modules/astro/bin/astro.mjs', 'scripts/make-db-template.mjs', 'scripts/make-pictures.mjs']) {
    const args = script.endsWith('astro.mjs') ? [path.join(root, script), 'build'] : [path.join(root, script)];
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) return r.status ?? 1;
  }
  return 0;
}

/** Runs Node with `args` in the root; resolves with its exit status (1 when killed or not started). */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.once('exit', (code) => resolve(code ?? 1));
    child.once('error', () => resolve(1));
  });
}

/**
 * The quick build of `npm start` (ADR 38): `astro build` and, beside it, the database's template
 * when none is cached (`make-db-template.mjs --cache-only`: on a fresh clone the two overlap instead
 * of following each other); then the template copied into the build and the pictures kept from
 * earlier builds linked (`make-pictures.mjs --quick`), none made.
 * @returns {Promise<number>} 0 when every step succeeded, else the first failed step's exit status
 */
export async function buildShopQuick() {
  const [astro, template] = await Promise.all([
    run([path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build']),
    run([path.join(root, 'scripts/make-db-template.mjs'), '--cache-only']),
  ]);
  if (astro !== 0 || template !== 0) return astro || template;
  for (const args of [['scripts/make-db-template.mjs'], ['scripts/make-pictures.mjs', '--quick']]) {
    const status = await run([path.join(root, args[0]), ...args.slice(1)]);
    if (status !== 0) return status;
  }
  return 0;
}

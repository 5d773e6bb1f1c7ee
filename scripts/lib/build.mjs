/**
 * The shop's build, as `npm run build` makes it: `astro build`, the embedded database's template
 * (scripts/make-db-template.mjs, ADR 16), then the pictures the pages name (scripts/make-pictures.mjs, ADR 22). Used by `npm start` and the measuring scripts when there is
 * no build yet; `npm test` runs the same two steps with its own report. `npm start`'s build is the
 * quick one (ADR 38): the pictures kept from earlier builds are linked and no others are made, so
 * the shop serves sooner and makes the rest itself.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the shop in the repository's root with this Node, printing each step's output.
 * @param {{ quick?: boolean }} [options] quick: make no picture (`make-pictures.mjs --quick`, ADR 38);
 *   default: every picture the pages name, as `npm run build`
 * @returns {number} 0 when every step succeeded, else the failed step's exit status (1 when killed)
 */
export function buildShop({ quick = false } = {}) {
  for (const script of ['node_modules/astro/bin/astro.mjs', 'scripts/make-db-template.mjs', 'scripts/make-pictures.mjs']) {
    const args = script.endsWith('astro.mjs') ? [path.join(root, script), 'build'] : [path.join(root, script), ...(quick && script.endsWith('make-pictures.mjs') ? ['--quick'] : [])];
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) return r.status ?? 1;
  }
  return 0;
}

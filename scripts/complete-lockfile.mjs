#!/usr/bin/env node
/**
 * Completes package-lock.json so that `npm ci` accepts it on every platform (docs/architecture.md Pitfalls:
 * "npm ci needs the lock file to list every platform's optional bindings"). npm writes only the
 * bindings its registry can resolve, and `npm ci` then refuses the lock ("Missing: … from lock
 * file"). For each optional dependency that no lock entry satisfies, this adds an entry with the
 * version asked for and its os / cpu / libc fields, read from the registry (from the nearest
 * published version when that exact one is not there yet), so other platforms' installs skip or
 * fetch it as npm would. Run after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;

/** npm's resolution: the nearest node_modules/<name> walking up from `from`. */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (pkgs[key]) return key;
    if (!dir) return null;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i < 0 ? '' : dir.slice(0, i);
  }
}

function view(spec) {
  try {
    return JSON.parse(execFileSync('npm', ['view', spec, '--json', 'version', 'dist.integrity', 'os', 'cpu', 'libc', 'license'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }) || 'null');
  } catch {
    return null;
  }
}

let added = 0;
for (const [key, meta] of Object.entries(pkgs)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolve(key, name)) continue;
    let info = view(`${name}@${range}`);
    if (Array.isArray(info)) info = info.at(-1);
    const exact = /^\d+\.\d+\.\d+/.test(range) ? range : info?.version;
    const platform = info ?? [view(name)].flat().at(-1) ?? {};
    const entry = { version: exact };
    if (info?.version === exact && info['dist.integrity']) entry.integrity = info['dist.integrity'];
    for (const f of ['cpu', 'os', 'libc']) if (platform[f]) entry[f] = [platform[f]].flat();
    if (platform.license) entry.license = platform.license;
    entry.optional = true;
    if (pkgs[`node_modules/${name}`]) pkgs[`${key}/node_modules/${name}`] = entry;
    else pkgs[`node_modules/${name}`] = entry;
    added++;
    console.log(`added ${name}@${exact}${entry.integrity ? '' : ' (not in this registry yet: no integrity)'}`);
  }
}
// A dependency asked for by dist-tag ("latest") must match the version the tag names today.
for (const [key, meta] of Object.entries(pkgs)) {
  for (const [name, spec] of Object.entries(meta.dependencies ?? {})) {
    if (!/^[a-z][\w-]*$/i.test(spec)) continue;
    const info = view(`${name}@${spec}`);
    const at = resolve(key, name);
    if (!info?.version || (at && pkgs[at].version === info.version)) continue;
    pkgs[`${key}/node_modules/${name}`] = { version: info.version, integrity: info['dist.integrity'], license: info.license };
    added++;
    console.log(`added ${name}@${info.version} under ${key} (${name}@${spec})`);
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} entries added to ${file}`);

/**
 * Every entry point runs on the project's own Node (the `node` package in package.json, Node 24),
 * whatever Node started it (issue "One path from page to database", newcomer item: `node
 * scripts/serve.mjs` on a machine's Node 20 used to run there, while `npm start` refused it).
 *
 * Imported first by each entry point (`import './lib/project-node.mjs';`). On another major version
 * it starts the same script with the same arguments on `node_modules/node/bin/node`, passes
 * SIGINT, SIGTERM and SIGHUP on (a container's stop reaches the server), waits, and exits with the
 * child's code; the top-level await keeps the importing script from running meanwhile. Without the
 * project's Node (no `npm install` yet) it says so and exits 1. XS_PROJECT_NODE=off keeps the Node
 * that started it (for trying another version on purpose).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The major version of Node the project runs on (the `node` package's). */
export const PROJECT_NODE_MAJOR = 24;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const projectNode = path.join(root, 'node_modules/node/bin/node');
const major = Number(process.versions.node.split('.')[0]);

if (major !== PROJECT_NODE_MAJOR && process.env.XS_PROJECT_NODE !== 'off') {
  if (!fs.existsSync(projectNode)) {
    console.error(`This is Node ${process.versions.node}; the shop runs on Node ${PROJECT_NODE_MAJOR}, which \`npm install\` brings along. Run \`npm install\` first.`);
    process.exit(1);
  }
  const child = spawn(projectNode, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, XS_PROJECT_NODE: 'off' } });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => {
    child.once('error', (err) => {
      console.error(`Could not start the project's Node (${projectNode}): ${err.message}`);
      resolve(1);
    });
    child.once('exit', (status, signal) => resolve(status ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1) : 1)));
  });
  process.exit(code);
}

#!/usr/bin/env node
/**
 * Starts the production server, src/server/http/serve.ts (README "Commands"; ADR 34), on the
 * project's Node 24, which runs its TypeScript as it is (type stripping, no build step). Imported
 * after ./lib/project-node.mjs, which starts this script again on that Node when another one ran it.
 */
import './lib/project-node.mjs';

await import('../src/server/http/serve.ts');

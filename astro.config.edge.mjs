// @ts-check
/**
 * The edge build (ADR 35, README "At the edge (Cloudflare Workers)"): the same storefront as
 * astro.config.mjs — pages, islands, Actions, middleware, i18n, CSP — built for Cloudflare Workers
 * with @astrojs/cloudflare into dist-edge/. `npm run build:edge` runs it (scripts/build-edge.mjs).
 *
 * A worker is always a storefront apart from its API (ADR 30): the modules of the Node shop that
 * hold the bundled API, the database, the file system, pino or prom-client are swapped at build
 * time for their edge versions in src/edge/ (EDGE_REPLACEMENTS below), so none of that code is in
 * the worker's bundle. scripts/build-edge.mjs checks the bundle for Node-only modules afterwards.
 */
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import { cacheCloudflare } from '@astrojs/cloudflare/cache';
import { fileURLToPath } from 'node:url';
import base from './astro.config.mjs';

/** @param {string} p a path under src/ */
const src = (p) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

/** Node shop module (absolute path, without extension) → its edge version. */
export const EDGE_REPLACEMENTS = new Map([
  [src('server/config'), src('edge/config.ts')],
  [src('server/runtime'), src('edge/runtime.ts')],
  [src('server/log'), src('edge/log.ts')],
  [src('server/metrics'), src('edge/metrics.ts')],
  [src('server/error-drill'), src('edge/error-drill.ts')],
  [src('server/health'), src('edge/health.ts')],
  [src('server/remote-page-changes'), src('edge/remote-page-changes.ts')],
  [src('server/xs-api/services/pictures'), src('edge/pictures.ts')],
  [src('server/payment-sandbox/page'), src('edge/on-node.ts')],
  [src('features/catalogue-import/pending'), src('edge/on-node.ts')],
]);

/**
 * Node built-ins that shared code imports only for what the worker never runs, replaced by an
 * empty object at the edge (in the importing file's code, before the platform's plugin would mark
 * them external): postcss (under sanitize-html) reads source maps from files and says so in its
 * package.json `browser` field (fs, path, url, source-map-js: false); src/server/http/uploaded-pictures.ts
 * serves the files on the Node server (the storefront uses only its address functions).
 * Any other import of a built-in stays, and fails the bundle check of scripts/build-edge.mjs.
 */
const EMPTY_FOR = [
  { file: /\/node_modules\/postcss\/lib\/[\w-]+\.js$/, code: /\brequire\((['"])(fs|path|url|source-map-js)\1\)/g, with: '{}' },
  { file: /\/src\/server\/http\/uploaded-pictures\.ts$/, code: /^import (\w+) from 'node:(fs|path)';$/gm, with: 'const $1 = {};' },
];

/**
 * A Vite plugin that resolves every import of a module in EDGE_REPLACEMENTS, however it is
 * written ('./config', '../../server/config.ts'…), to the edge version, and takes the built-ins
 * of EMPTY_FOR out of their importers.
 * @returns {import('vite').Plugin}
 */
function edgeReplacements() {
  return {
    name: 'xs-edge-replacements',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      if (!/(^|\/)(server|features|edge)\/|^\.\.?\//.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      const swap = EDGE_REPLACEMENTS.get(resolved.id.replace(/\.(ts|mjs|js)$/, ''));
      return swap && importer !== swap ? swap : null;
    },
    transform(code, id) {
      const e = EMPTY_FOR.find((x) => x.file.test(id));
      return e ? { code: code.replace(e.code, e.with), map: null } : null;
    },
  };
}

const KEEP_INTEGRATIONS = new Set(['@astrojs/react', 'xs-installable']);

export default defineConfig({
  ...base,
  outDir: './dist-edge',
  adapter: cloudflare({
    // Pictures are made at build time by the Node build and served as the worker's static assets
    // (scripts/build-edge.mjs copies them under /_p/); nothing is transformed in the worker.
    imageService: 'passthrough',
    // The worker's wrangler configuration (name, vars, assets) is wrangler.edge.jsonc.
    configPath: './wrangler.edge.jsonc',
    prerenderEnvironment: 'node',
  }),
  // Catalogue pages (`Astro.cache.set`, src/server/cache.ts) are kept by the platform's Workers Cache
  // in front of the worker: the provider writes Cloudflare-CDN-Cache-Control and Cache-Tag, and the
  // adapter turns the Worker's cache on; the Node shop purges by tag through the worker (ADR 36).
  cache: { provider: cacheCloudflare() },
  // The Node build's brotli/gzip copies of the assets are not needed: the platform compresses.
  integrations: (base.integrations ?? []).filter((i) => i && typeof i === 'object' && 'name' in i && KEEP_INTEGRATIONS.has(i.name)),
  vite: {
    ...base.vite,
    plugins: [edgeReplacements(), ...(base.vite?.plugins ?? [])],
    ssr: {},
  },
});

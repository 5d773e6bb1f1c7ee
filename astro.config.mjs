// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { PROFILE_IMAGE_MAX_BODY_BYTES } from './src/domain/constants.ts';
import { CONSOLE_UPLOAD_MAX_BODY_BYTES } from './src/domain/product-picture.ts';
import { createHash } from 'node:crypto';
import { CSP_DIRECTIVES } from './src/server/http/security-policy.ts';
import { INLINE_SCRIPTS } from './src/components/inline-scripts.mjs';
import { paraglideIntlCache } from './scripts/lib/paraglide-intl-cache.mjs';
import { cspDigestCache } from './scripts/lib/csp-digest-cache.mjs';
import { astroPagePartialOnce } from './scripts/lib/astro-page-partial.mjs';
import { precompressAssets } from './src/server/http/static-assets.ts';
import { buildServiceWorker, makeAppIcons } from './scripts/lib/service-worker-build.mjs';
import { pageScriptChunks } from './scripts/lib/page-script-chunks.mjs';
import { fileURLToPath } from 'node:url';

/** The shell's and the cards' scripts in two files (docs/architecture.md "Pages"). */
const scriptChunks = pageScriptChunks();

/**
 * Astro configuration: server output on the Node adapter (middleware mode: src/server/http/serve.ts is the server; ADR 49), React islands,
 * Tailwind 4 and Paraglide messages. EN is unprefixed, ZH under /zh, AR under /ar (coverage.md §1, docs/architecture.md i18n).
 */
export default defineConfig({
  output: 'server',
  // Pages are rendered whole, then sent, not streamed in pieces (ADR 45).
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [
    react(),
    // The hashed assets compressed once here (brotli and gzip beside each), served from memory by
    // scripts/serve.mjs instead of compressed again per request (src/server/http/static-assets.ts);
    // an asset whose bytes an earlier build compressed is taken from node_modules/.cache.
    {
      name: 'xs-precompress-assets',
      hooks: {
        'astro:build:done': async ({ dir, logger }) => {
          const t = await precompressAssets(fileURLToPath(new URL('_astro/', dir)), fileURLToPath(new URL('./node_modules/.cache/xs-storefront/compressed/', import.meta.url)));
          logger.info(`${t.files} assets precompressed: ${(t.bytes / 1024).toFixed(0)} KB → ${(t.brBytes / 1024).toFixed(0)} KB brotli, ${(t.gzBytes / 1024).toFixed(0)} KB gzip`);
        },
      },
    },
    // The app's icons from the logo, and the service worker with the build's precache list (ADR 31),
    // after the assets above: it lists what the build made.
    {
      name: 'xs-installable',
      hooks: {
        'astro:build:done': async ({ dir, logger }) => {
          const clientDir = fileURLToPath(dir);
          const icons = await makeAppIcons(clientDir, fileURLToPath(new URL('./public/images/logo.svg', import.meta.url)));
          const sw = await buildServiceWorker({ root: fileURLToPath(new URL('.', import.meta.url)), clientDir, serverDir: fileURLToPath(new URL('../server/', dir)) });
          logger.info(`${icons} app icons; service worker ${sw.buildId}: ${sw.count} files precached (${(sw.size / 1024).toFixed(0)} KB)`);
        },
      },
    },
  ],
  // No `site`: nothing of the shop's address is fixed at build time. Pages, links in messages and
  // the payment provider's way back read the SITE_URL the server starts with (src/server/site-origin.ts,
  // src/server/settings.ts), so one build or image serves any address (ADR 34).
  session: false,
  // Catalogue pages opt in with Astro.cache.set (src/server/cache.ts); per-user pages never do. The
  // provider stores nothing: the page cache in front of the app keeps the pages with their
  // compressed bodies, and transformed pictures are kept on disk (scripts/serve.mjs, ADR 16).
  cache: { provider: { name: 'page-cache', entrypoint: './src/server/page-cache-provider.ts' } },
  i18n: {
    locales: ['en', 'zh', 'ar'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  // Form posts must come from the shop's own origin: checked in the middleware against the SITE_URL
  // the server starts with (src/server/site-origin.ts), not Astro's check, which fixes the proxy's
  // domain at build time. Every page gets a Content-Security-Policy header with the hashes of its
  // scripts and styles (src/server/http/security-policy.ts; README Security).
  security: {
    checkOrigin: false,
    // Actions take up to the console's uploads (a product picture or a CSV file: 20 MB + framing,
    // ADR 28, ADR 27) and a profile picture's request (5 MB + framing, coverage.md §9); Astro's default is 1 MB.
    actionBodySizeLimit: Math.max(PROFILE_IMAGE_MAX_BODY_BYTES, CONSOLE_UPLOAD_MAX_BODY_BYTES),
    csp: {
      algorithm: 'SHA-256',
      directives: CSP_DIRECTIVES,
      scriptDirective: { hashes: INLINE_SCRIPTS.map((code) => /** @type {const} */ (`sha256-${createHash('sha256').update(code).digest('base64')}`)) },
    },
  },
  // Pictures go through the image pipeline as WebP (src/components/ResponsiveImage.astro; ADR 22).
  // The demo pictures are our own SVG files in src/assets, and no remote domains are allowed, so
  // rasterising SVG sources processes nothing from outside.
  image: { dangerouslyProcessSVG: true },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? true },
  vite: {
    plugins: [
      tailwindcss(),
      paraglideVitePlugin({
        project: './project.inlang',
        outdir: './src/paraglide',
        strategy: ['baseLocale'],
        emitGitIgnore: false,
      }),
      // One Intl.PluralRules/NumberFormat per language, not one per message rendered (ADR 17).
      paraglideIntlCache(),
      // Each Content-Security-Policy hash of the head's inline styles and scripts once per process, not per render (ADR 17).
      cspDigestCache(),
      // The `Astro` global's page part built once per page, not per component, on the ZH and AR pages (ADR 46).
      astroPagePartialOnce(),
      scriptChunks.plugin,
    ],
    // The server bundle holds the pure-JavaScript libraries of many small modules (ADR 42): Node
    // resolves every module file of an external package on its own, reading its package.json each
    // time (drizzle-orm's is 178 KB, for 107 files), which cost a start 0.6 s before its first page.
    // The embedded database (its WebAssembly), the native password hashing and the PostgreSQL
    // driver stay outside.
    ssr: { external: ['@electric-sql/pglite', '@node-rs/argon2', 'postgres'], noExternal: ['drizzle-orm', 'zod', 'hono', '@opentelemetry/api', 'rate-limiter-flexible'] },
    // Page scripts of 900 bytes or more are files, not inlined into the HTML: a browser caches them across
    // pages, the cached HTML is smaller, and the server hashes fewer inline scripts for the
    // Content-Security-Policy on every render (ADR 17). Smaller ones stay inline (a file of its own
    // would cost more than it saves). Stylesheets keep Vite's 4 KB rule: the site's stylesheet stays a
    // file, since inlining it made no first paint earlier and doubled the home page's HTML (ADR 51).
    build: { assetsInlineLimit: (file, content) => (file.endsWith('.js') ? content.length < 900 : undefined) },
    // The browser build only: what the shell's and the cards' scripts load at once, in one file each
    // (scripts/lib/page-script-chunks.mjs), rather than a chunk per set of components sharing it.
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: scriptChunks.codeSplitting } } } } },
  },
});

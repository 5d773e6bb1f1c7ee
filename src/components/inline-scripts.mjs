/**
 * The shop's only inline scripts: they must run before the page's module scripts. Their text lives
 * here so that the components print it as is (`set:html`) and astro.config.mjs allows exactly this
 * text in the Content-Security-Policy by its SHA-256 hash (Astro hashes only the scripts it bundles).
 */

import { SERVICE_WORKER_PATH } from '../server/http/app-manifest.ts';

/** The picture shown for a picture that is missing or fails to load (a site path). */
export const FALLBACK_PICTURE = '/images/placeholder.svg';

/**
 * Swaps any `<img data-fallback>` (a bare attribute: 14 bytes a picture rather than a path) that
 * fails to load to FALLBACK_PICTURE (ImageFallback.astro, in the head).
 */
export const IMAGE_FALLBACK_SCRIPT = `(() => {
  if (window.__imgFallback) return;
  window.__imgFallback = true;
  const fallback = ${JSON.stringify(FALLBACK_PICTURE)};
  const swap = (img) => {
    if (!img.hasAttribute('data-fallback') || img.getAttribute('src') === fallback) return;
    img.removeAttribute('srcset');
    img.src = fallback;
  };
  // 'error' does not bubble: listen in the capture phase to see every image on the page.
  document.addEventListener('error', (e) => {
    const img = e.target;
    if (img instanceof HTMLImageElement) swap(img);
  }, true);
})();`;

/** Shows a product list as the shopper last chose (grid or list) before it paints (ProductListView.astro). */
export const LIST_VIEW_SCRIPT =
  "try{if(localStorage.getItem('xs-list-view')==='list')document.currentScript.parentElement.dataset.view='list'}catch(e){/* storage blocked: keep the grid */}";

/**
 * Tells zod (the shared validation schemas, loaded by islands) not to probe for `new Function`
 * before it loads: the policy forbids eval, and the probe would be reported as a violation. Must run
 * before any module script (BaseLayout's head).
 */
export const ZOD_JITLESS_SCRIPT = 'window.__zod_globalConfig=Object.assign(window.__zod_globalConfig||{},{jitless:true})';

/**
 * Registers the service worker (ADR 31) once the page has loaded, so it never competes with the
 * page's own requests; where it cannot be registered (an old browser, plain HTTP on another host, a
 * development server without the built worker) the shop works as a plain website. BaseLayout's head.
 */
export const SERVICE_WORKER_SCRIPT = `addEventListener('load',()=>navigator.serviceWorker?.register('${SERVICE_WORKER_PATH}').catch(()=>{}))`;

/** Every inline script, for the policy's hashes. */
export const INLINE_SCRIPTS = [IMAGE_FALLBACK_SCRIPT, LIST_VIEW_SCRIPT, ZOD_JITLESS_SCRIPT, SERVICE_WORKER_SCRIPT];

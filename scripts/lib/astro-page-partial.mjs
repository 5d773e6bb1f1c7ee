/**
 * A Vite plugin that makes Astro build the `Astro` global's page-level part once per rendered
 * route, not once per component, on pages reached through a rewrite (ADR 46; docs/architecture.md
 * "Render cost"). Every ZH and AR page is one: the middleware sends /zh/cart to /cart with
 * `next(url)` (src/middleware.ts). Astro's `FetchState.createAstro` (astro/dist/core/fetch/fetch-state.js)
 * rebuilds the page partial whenever `isRewriting` is set, a flag a rewrite sets and nothing clears,
 * so after a rewrite each component of the page got a new partial: closures, accessors and a
 * provider getter per component, a third more CPU and three times the promoted garbage for a Chinese product page
 * than for the same page in English (measured: 10.8 against 8.1 ms of CPU per render, 2 MB against
 * 0.7 MB promoted per young-generation collection).
 *
 * The rewritten module builds the partial again only when the request, route or render result it
 * was built for has changed, which is what a rewrite changes (`applyRewriteToState` gives the
 * state a new request and route); so after a rewrite the first component gets a new partial, as
 * before, and the others share it. Astro is bundled into the server build, so the plugin changes
 * the module's text as Vite loads it. Fails the build when the module no longer has the expected
 * shape, so an upgrade of Astro that changes it is seen (and the plugin dropped if Astro has fixed it).
 */

/** The statement the plugin replaces. */
export const REBUILT_ON_EVERY_COMPONENT = `    if (this.isRewriting) {
      this.#astroPagePartial = this.createAstroPagePartial(result, apiContext);
    }`;

/** What replaces it: rebuilt when what it was built for has changed. */
const REBUILT_ONCE_PER_ROUTE = `    if (this.isRewriting && (this.__partialFor?.request !== this.request || this.__partialFor.routeData !== this.routeData || this.__partialFor.result !== result)) {
      this.#astroPagePartial = this.createAstroPagePartial(result, apiContext);
      this.__partialFor = { request: this.request, routeData: this.routeData, result };
    }`;

/**
 * Rewrites the text of astro/dist/core/fetch/fetch-state.js.
 * @param {string} code the module's text
 * @returns {string} the same module, with the partial rebuilt once per rewrite
 * @throws Error when the statement is not found exactly once
 */
export function partialOncePerRoute(code) {
  if (code.split(REBUILT_ON_EVERY_COMPONENT).length !== 2) {
    throw new Error('astro-page-partial: astro/dist/core/fetch/fetch-state.js no longer rebuilds the page partial as expected; see whether Astro fixed it, else update scripts/lib/astro-page-partial.mjs');
  }
  return code.replace(REBUILT_ON_EVERY_COMPONENT, REBUILT_ONCE_PER_ROUTE);
}

/** @returns {import('vite').Plugin} */
export function astroPagePartialOnce() {
  return {
    name: 'astro-page-partial-once',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]astro[\\/]dist[\\/]core[\\/]fetch[\\/]fetch-state\.js$/.test(id.split('?')[0])) return null;
      return { code: partialOncePerRoute(code), map: null };
    },
  };
}

/**
 * The build's fix of Astro's page partial after a rewrite (scripts/lib/astro-page-partial.mjs,
 * ADR 46): run on the installed Astro's own module text, the rewritten `createAstro` builds the
 * page partial once per rewritten route (not once per component, as the original does once a
 * rewrite has happened), builds it again when a later rewrite changes the request or route, and a
 * module of another shape fails loudly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REBUILT_ON_EVERY_COMPONENT, partialOncePerRoute } from '../../scripts/lib/astro-page-partial.mjs';

const source = fs.readFileSync(path.resolve('node_modules/astro/dist/core/fetch/fetch-state.js'), 'utf8');

/** The body of `createAstro` in `code`, from its declaration to the next method's comment. */
function createAstroBody(code: string): string {
  const start = code.indexOf('  createAstro(result, props, slotValues, apiContext) {');
  expect(start).toBeGreaterThan(0);
  const open = code.indexOf('{', start);
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0) return code.slice(open + 1, i);
  }
  throw new Error('createAstro has no end');
}

/**
 * A stand-in with what `createAstro` reads of the state (the private field renamed, Object.assign
 * and the slot symbol given), counting the partials it builds.
 */
function stateWith(body: string) {
  const method = new Function('slotValuesSymbol', `return function (result, props, slotValues, apiContext) {${body.replaceAll('this.#astroPagePartial', 'this.astroPagePartial')}}`)(Symbol('slots'));
  const state = {
    isRewriting: false,
    request: {} as object,
    routeData: {} as object,
    astroPagePartial: undefined as object | undefined,
    built: 0,
    createAstroPagePartial() {
      this.built++;
      return { built: this.built };
    },
    createAstro: method as (result: object, props: object, slots: null, ctx: object) => { built: number },
  };
  return state;
}

describe('the page partial after a rewrite', () => {
  const result = {};

  it('is built once per rewritten route, not once per component', () => {
    const state = stateWith(createAstroBody(partialOncePerRoute(source)));
    state.createAstro(result, {}, null, {});
    state.createAstro(result, {}, null, {});
    expect(state.built).toBe(1);
    // A rewrite (/zh/cart → /cart): a new request and route, the flag set for good.
    state.isRewriting = true;
    state.request = {};
    state.routeData = {};
    const components = Array.from({ length: 40 }, () => state.createAstro(result, {}, null, {}));
    expect(state.built).toBe(2);
    expect(new Set(components.map((astro) => Object.getPrototypeOf(astro)))).toHaveProperty('size', 1);
    // A second rewrite (an Astro.rewrite in the page) builds it once more, for the new route.
    state.request = {};
    state.createAstro(result, {}, null, {});
    state.createAstro(result, {}, null, {});
    expect(state.built).toBe(3);
    // A new render result (an error page rendered for the same request) too.
    state.createAstro({}, {}, null, {});
    expect(state.built).toBe(4);
  });

  it('was built once per component by the original module (what the fix is for)', () => {
    const state = stateWith(createAstroBody(source));
    state.isRewriting = true;
    for (let i = 0; i < 40; i++) state.createAstro(result, {}, null, {});
    expect(state.built).toBe(40);
  });

  it('fails on a module that no longer has the statement it replaces', () => {
    expect(source.split(REBUILT_ON_EVERY_COMPONENT)).toHaveLength(2);
    expect(() => partialOncePerRoute(source.replace(REBUILT_ON_EVERY_COMPONENT, ''))).toThrow(/astro-page-partial/);
  });
});

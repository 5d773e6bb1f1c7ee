/**
 * Fewer script files per page (docs/architecture.md "Pages"). Astro makes each component's
 * `<script>` an entry of the browser build, and Rolldown then splits the modules those entries
 * share into one chunk per set of entries using them: a catalogue page loaded about 22 files of
 * about 14 KB (gzip) in all, seven under 200 bytes. The pages now have one script for the shell
 * (BaseLayout's, src/components/layout/shell.ts), one for the product cards
 * (src/features/shared/CardScripts.astro) and one of their own at most; this plugin puts everything
 * the first two load at once into two files:
 *
 * - `shell`: the shell's script and every module it imports statically (header, toasts, the
 *   session and delivery stores, Actions' fetch, Vite's preload helper…), loaded by every page;
 * - `cards`: the cards' script and the modules it imports statically besides those, loaded by
 *   every page with a product card (all catalogue pages).
 *
 * Any other script (a page's own, an island) imports what it shares with them from these two files,
 * which its page has already loaded. Code loaded on demand (the search suggestions, the delivery
 * modal, Swiper) stays in chunks of its own. The groups are Rolldown's `output.codeSplitting`
 * groups, decided from the module graph once the build has read it (`buildEnd`), so a new import
 * of a shell or card module lands in the right file without a list to keep.
 *
 * Fails the build when an entry is not found, so a rename is seen rather than quietly splitting
 * the files again, and when the shell's file imports another file at load (or the cards' file any
 * but the shell's): the pages would fetch more than these files again.
 */

/** The two scripts' entries, as Astro names a component's first `<script>` (a suffix of the module id). */
export const SHELL_ENTRY = '/src/layouts/BaseLayout.astro?astro&type=script&index=0&lang.ts';
export const CARDS_ENTRY = '/src/features/shared/CardScripts.astro?astro&type=script&index=0&lang.ts';

/**
 * Modules the two scripts import but never run, left out of their files with the modules that
 * import them: zod, imported by the delivery choice's schemas (src/features/delivery/choice.ts) for
 * the modal and the server, is dropped from the pages' code by tree-shaking; in the shell's file it,
 * or choice.ts importing it at load, would add about 24 KB (gzip) to every page. The islands that
 * use them load them in chunks of their own. The groups take only the modules listed (not their
 * dependencies too, Rolldown's default), or zod would come back in through choice.ts.
 */
export const LOADED_APART = [/[\\/]node_modules[\\/]zod[\\/]/];

/** Whether module `id` is one of LOADED_APART. */
const apart = (id) => LOADED_APART.some((re) => re.test(id));

/**
 * The plugin and the browser build's code splitting it fills.
 * @returns {{ plugin: import('vite').Plugin, codeSplitting: { groups: { name: string, test: (id: string) => boolean, priority: number }[] } }}
 */
export function pageScriptChunks() {
  /** @type {Set<string>} */
  const shell = new Set();
  /** @type {Set<string>} */
  const cards = new Set();

  /**
   * The entry whose id ends with `suffix`, and every module it imports statically, into `into`.
   * @param {import('rollup').PluginContext} ctx
   * @param {string} suffix
   * @param {Set<string>} into
   */
  function closure(ctx, suffix, into) {
    const entry = [...ctx.getModuleIds()].find((id) => id.endsWith(suffix));
    if (!entry) throw new Error(`page-script-chunks: no module ends with ${suffix}`);
    const stack = [entry];
    while (stack.length) {
      const id = /** @type {string} */ (stack.pop());
      if (into.has(id) || apart(id)) continue;
      const imports = ctx.getModuleInfo(id)?.importedIds ?? [];
      if (imports.some(apart)) continue;
      into.add(id);
      stack.push(...imports);
    }
  }

  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'xs-page-script-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    // Groups that leave some dependencies out (zod above) need entries that may export more than
    // their own exports (Rolldown refuses 'exports-only', Astro's setting, with them).
    options: (options) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
    buildEnd(error) {
      if (error) return;
      shell.clear();
      cards.clear();
      closure(this, SHELL_ENTRY, shell);
      closure(this, CARDS_ENTRY, cards);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const shellFile = chunks.find((c) => c.facadeModuleId?.endsWith(SHELL_ENTRY))?.fileName;
      for (const chunk of chunks) {
        const allowed = chunk.facadeModuleId?.endsWith(SHELL_ENTRY) ? [] : chunk.facadeModuleId?.endsWith(CARDS_ENTRY) ? [shellFile] : null;
        const extra = allowed && chunk.imports.filter((file) => !allowed.includes(file));
        if (extra?.length) this.error(`page-script-chunks: ${chunk.fileName} imports ${extra.join(', ')} at load`);
      }
    },
  };
  return {
    plugin,
    codeSplitting: {
      groups: [
        { name: 'shell', test: (id) => shell.has(id), priority: 2, includeDependenciesRecursively: false },
        { name: 'cards', test: (id) => cards.has(id) && !shell.has(id), priority: 1, includeDependenciesRecursively: false },
      ],
    },
  };
}

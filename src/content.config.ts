/**
 * Content collections (coverage.md §1 Content pages; docs/architecture.md i18n): the long-text pages — about us,
 * privacy policy, member zone — as markdown per language, src/content/pages/{en,zh,ar}/{slug}.md.
 * Entry ids are '{locale}/{slug}'. Figures in the text are `{{placeholders}}` filled from the
 * domain constants at render time (src/domain/company.ts).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: z.object({
    /** Page name: the <h1> and the first part of the <title>. */
    title: z.string(),
    /** Meta description. */
    description: z.string(),
    /** When the text last changed (YYYY-MM-DD): the sitemap's lastmod of the page (src/pages/sitemap.xml.ts). Update it with the text. */
    updated: z.coerce.date(),
  }),
});

export const collections = { pages };

import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';

/** Hand-written markdown: one page per benchmark and one per registry metric (`<id>.md`). */
const benchmarks = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/benchmarks' }),
  schema: z.object({ title: z.string().optional(), summary: z.string().optional() }),
});

const metrics = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/metrics', generateId: ({ entry }) => entry.replace(/\.md$/, '') }),
  schema: z.object({ title: z.string().optional() }),
});

export const collections = { benchmarks, metrics };

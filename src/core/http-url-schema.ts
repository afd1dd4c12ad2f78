import { z } from 'zod';
import { httpUrlProblem } from './escape';

/**
 * An http(s) link in a maintainer- or submitter-written JSON file (a registry link, a pull
 * request): rejected at ingest unless `httpUrlProblem` finds nothing, so `javascript:`, `data:`,
 * quotes, spaces and credentials never reach a page.
 */
export const httpUrl = z
  .string()
  .max(500)
  .superRefine((u, ctx) => {
    const problem = httpUrlProblem(u);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe('An http(s) URL written in its normalised form (as `new URL(u).href` prints it)');

/**
 * What the crawl expects on every board row, computed from the repository's own files (the
 * submission, its registry entry), independently of the site's view models.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ExpectedRowLinks {
  review: string;
  model: string;
  /** External URLs the registry and the submission hold for this row. */
  external: string[];
}

/** `owner/repo@sha` → the GitHub commit page (written out here, not taken from src/). */
const commitPage = (c: string | undefined) => {
  const m = c ? /^([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+)@([0-9a-f]{7,40})$/.exec(c) : null;
  return m ? `https://github.com/${m[1]}/${m[2]}/commit/${m[3]}` : undefined;
};

export function expectedRowLinks(root: string, benchmark: string, submissionId: string): ExpectedRowLinks {
  const sub = JSON.parse(readFileSync(join(root, 'results', benchmark, submissionId, 'submission.json'), 'utf8')) as { model: string; pr?: string; harness: { commit?: string } };
  const modelFile = join(root, 'models', `${sub.model}.json`);
  const model = existsSync(modelFile) ? (JSON.parse(readFileSync(modelFile, 'utf8')) as { links?: Record<string, string> }) : {};
  const external = [...Object.values(model.links ?? {}), ...(sub.pr ? [sub.pr] : []), ...[commitPage(sub.harness.commit)].filter((x): x is string => !!x)];
  return { review: `/submissions/${submissionId}/`, model: `/models/${sub.model}/`, external };
}

/** Writes a demo submission's two files: its `submission.json` and the maintainers' review of it. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoReview, demoSubmission, demoSubmissionJson, type DemoSubmissionSpec, type DemoTarget } from '../core/demo-submission';

export function writeDemoSubmission(target: DemoTarget, spec: DemoSubmissionSpec): void {
  const dir = join(target.resultsRoot, spec.benchmark, spec.id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'submission.json'), demoSubmissionJson(demoSubmission(spec)));
  const reviews = join(target.reviewsRoot, spec.benchmark);
  mkdirSync(reviews, { recursive: true });
  writeFileSync(join(reviews, `${spec.id}.json`), demoSubmissionJson(demoReview(spec)));
}

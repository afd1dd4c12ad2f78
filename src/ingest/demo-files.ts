/** Writes a demo submission's files: its `submission.json`, the maintainers' review of it and its model's registry file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoModelRecord, demoReview, demoSubmission, demoSubmissionJson, type DemoSubmissionSpec, type DemoTarget } from '../core/demo-submission';

export function writeDemoSubmission(target: DemoTarget, spec: DemoSubmissionSpec): void {
  const dir = join(target.resultsRoot, spec.benchmark, spec.id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'submission.json'), demoSubmissionJson(demoSubmission(spec)));
  const reviews = join(target.reviewsRoot, spec.benchmark);
  mkdirSync(reviews, { recursive: true });
  writeFileSync(join(reviews, `${spec.id}.json`), demoSubmissionJson(demoReview(spec)));
  mkdirSync(target.modelsRoot, { recursive: true });
  writeFileSync(join(target.modelsRoot, `${spec.model.name}.json`), demoSubmissionJson(demoModelRecord(spec.model)));
}

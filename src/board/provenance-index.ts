/**
 * Every submission's provenance (a readable submission.json), once per build, keyed by
 * `provenanceKey`; only submissions on the boards (ranked or under review) have per-sample files.
 */
import { admissions } from './gate';
import { benchmarkInfo } from './boards';
import { submissionDocPath } from './api-paths';
import { provenanceKey, provenanceOf, type Provenance } from './provenance';

let cache: Promise<Map<string, Provenance>> | undefined;

export function provenanceIndex(): Promise<Map<string, Provenance>> {
  cache ??= (async () => {
    const out = new Map<string, Provenance>();
    for (const a of await admissions()) {
      const s = a.report.submission;
      if (!s) continue;
      const upstream = benchmarkInfo(a.benchmark)?.upstream;
      out.set(
        provenanceKey(a.benchmark, a.id),
        provenanceOf({
          benchmark: a.benchmark,
          submissionId: a.id,
          submission: s,
          ...(a.report.model ? { model: a.report.model } : {}),
          ...(a.report.review ? { review: a.report.review } : {}),
          ...(a.report.referenceVersion ? { benchmarkVersion: a.report.referenceVersion } : {}),
          ...(upstream ? { upstream } : {}),
          ...(a.ranked || a.underReview ? { samplesPath: submissionDocPath(a.benchmark, a.id) } : {}),
        }),
      );
    }
    return out;
  })();
  return cache;
}

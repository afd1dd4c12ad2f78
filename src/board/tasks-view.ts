import { join } from 'node:path';
import type { Finding } from '../core/findings';
import { renderMarkdown } from '../ingest/submission/markdown';
import { redactContacts } from '../ingest/submission/redact';
import { FILE_CATEGORIES } from '../ingest/tasks/schema';
import { listTaskDirs, readTaskFolder, type TaskFolder } from '../ingest/tasks/read';

/**
 * What a task review page shows. Built from an explicit list of fields: the submitter's e-mail
 * and the content of reference files are never copied here, so they cannot reach `dist/`.
 */
export interface TaskReviewView {
  id: string;
  title: string;
  submissionId: string;
  revisionId?: string;
  revision?: number;
  status: string;
  submittedAt?: string;
  submitterName?: string;
  facts: { label: string; value: string }[];
  /** Plain text (rendered with white-space: pre-wrap, escaped by Astro). */
  description: string;
  verificationMethod?: string;
  evaluationCriteria?: string;
  specificRequirements?: string;
  difficulty?: { model?: string; estimatedScore?: string };
  fileGroups: { category: string; label: string; note: string; files: { name: string; size: string; contentType?: string; bundled: boolean }[] }[];
  review?: { verdict?: string; reviewedAt?: string; html: string };
  findings: Finding[];
}

const CATEGORY_LABEL: Record<string, { label: string; note: string }> = {
  input_materials: { label: 'Input materials', note: 'What the solver sees.' },
  reference_output: { label: 'Reference and verifier files', note: 'Hidden from solvers; listed by name and size only — their content is never published.' },
};

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(v < 10 ? 2 : 1)} ${units[u]} (${n.toLocaleString('en-US')} bytes)`;
}

const clean = (s: string | null | undefined): string | undefined => (s ? redactContacts(s) : undefined);

export function taskReviewView(folder: TaskFolder): TaskReviewView | undefined {
  const r = folder.record;
  if (!r) return undefined;
  const t = r.task;
  const facts: { label: string; value: string }[] = [];
  const fact = (label: string, v: string | null | undefined) => {
    const c = clean(v);
    if (c) facts.push({ label, value: c });
  };
  fact('Domain', t.industry_domain);
  fact('Operating system', t.operating_system);
  fact('Software', t.software_and_version);
  fact('Licensing', t.software_licensing);
  fact('Expected completion time', t.expected_completion_time);
  const self = t.extra_fields?.difficulty_self_test;
  return {
    id: folder.id,
    title: redactContacts(t.task_short_name),
    submissionId: r.submission_id,
    ...(r.submission_revision_id ? { revisionId: r.submission_revision_id } : {}),
    ...(typeof r.revision_version === 'number' ? { revision: r.revision_version } : {}),
    status: r.submission_status,
    ...(r.submitted_at ? { submittedAt: r.submitted_at } : {}),
    ...(r.submitter_name ? { submitterName: redactContacts(r.submitter_name) } : {}),
    facts,
    description: redactContacts(t.task_description),
    ...(clean(t.verification_method) ? { verificationMethod: clean(t.verification_method) } : {}),
    ...(clean(t.evaluation_criteria) ? { evaluationCriteria: clean(t.evaluation_criteria) } : {}),
    ...(clean(t.specific_requirements) ? { specificRequirements: clean(t.specific_requirements) } : {}),
    ...(self && (self.model || self.estimated_score)
      ? { difficulty: { ...(self.model ? { model: redactContacts(self.model) } : {}), ...(self.estimated_score ? { estimatedScore: redactContacts(self.estimated_score) } : {}) } }
      : {}),
    fileGroups: FILE_CATEGORIES.map((category) => ({
      category,
      ...CATEGORY_LABEL[category]!,
      files: folder.files
        .filter((f) => f.category === category)
        .map((f) => ({ name: redactContacts(f.filename), size: formatBytes(f.sizeBytes), ...(f.contentType ? { contentType: f.contentType } : {}), bundled: f.sizeOnDisk !== undefined })),
    })),
    ...(r.deep_review
      ? {
          review: {
            ...(r.deep_review.overall_verdict ? { verdict: redactContacts(r.deep_review.overall_verdict) } : {}),
            ...(r.deep_review.reviewed_at ? { reviewedAt: r.deep_review.reviewed_at } : {}),
            html: renderMarkdown(r.deep_review.review_text ?? ''),
          },
        }
      : {}),
    findings: folder.findings,
  };
}

/** Every bundled task record (`results/tasks/<id>/task.json`) as a review-page view. */
export function loadTaskReviews(resultsRoot = join(process.cwd(), 'results')): TaskReviewView[] {
  return listTaskDirs(resultsRoot)
    .map((d) => taskReviewView(readTaskFolder(d, resultsRoot)))
    .filter((v): v is TaskReviewView => v !== undefined);
}

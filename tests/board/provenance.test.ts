/** The provenance view model: harness commit links, accepted dates and the external links of a row. */
import { describe, expect, it } from 'vitest';
import { acceptedDate, harnessCommitUrl, provenanceOf } from '../../src/board/provenance';
import type { Review, Submission } from '../../src/core/submission-schema';
import type { ModelRecord } from '../../src/core/model-schema';

const submission: Submission = {
  id: 'acme-run',
  benchmark: 'latch',
  model: 'acme-agent',
  submitted_at: '2026-09-10T12:00:00Z',
  submitter: { name: 'Jane' },
  harness: { name: 'scbench', version: '0.3.9', commit: 'latchbio/scbench@4a7d2b0' },
  pr: 'https://github.com/example/evalboard/pull/12',
  disclosures: { contamination: 'no' },
};
const model: ModelRecord = {
  id: 'acme-agent', name: 'Acme Agent', org: 'Acme', weights: 'open', licence: 'Apache-2.0',
  links: { model_card: 'https://example.org/card', paper: 'https://example.org/paper', code: 'https://example.org/code' },
};
const review = (over: Partial<Review> = {}): Review => ({ status: 'accepted', revision: 1, reviewed_at: '2026-09-14', changelog: [{ date: '2026-09-12', kind: 'added', reason: 'ok' }], ...over });

describe('harnessCommitUrl', () => {
  it('links an owner/repository@commit to that commit on GitHub', () => {
    expect(harnessCommitUrl('latchbio/scbench@4a7d2b0')).toBe('https://github.com/latchbio/scbench/commit/4a7d2b0');
    expect(harnessCommitUrl('YongchengYAO/MedVision@286f6325a1b2c3d4e5f60718293a4b5c6d7e8f90')).toBe('https://github.com/YongchengYAO/MedVision/commit/286f6325a1b2c3d4e5f60718293a4b5c6d7e8f90');
  });
  it('keeps an http(s) URL as written and links nothing else', () => {
    expect(harnessCommitUrl('https://gitlab.example/o/r/-/commit/abc1234')).toBe('https://gitlab.example/o/r/-/commit/abc1234');
    for (const t of ['abc1234', 'latchbio/scbench', 'latchbio/scbench@main', 'latchbio/scbench@4A7D2B0', 'a/b/c@4a7d2b0', '../x@4a7d2b0', 'o/..@4a7d2b0', 'javascript:alert(1)', 'data:text/html,x', undefined]) {
      expect(harnessCommitUrl(t), String(t)).toBeUndefined();
    }
  });
});

describe('acceptedDate', () => {
  it('is the first "added" entry of an accepted review, else its review date', () => {
    expect(acceptedDate(review())).toBe('2026-09-12');
    expect(acceptedDate(review({ changelog: [] }))).toBe('2026-09-14');
  });
  it('is undefined unless accepted', () => {
    expect(acceptedDate(undefined)).toBeUndefined();
    for (const status of ['under_review', 'rejected', 'withdrawn'] as const) expect(acceptedDate(review({ status }))).toBeUndefined();
  });
});

describe('provenanceOf', () => {
  it('gathers the registry links, the harness commit and the pull request, in that order', () => {
    const p = provenanceOf({ benchmark: 'latch', submissionId: 'acme-run', submission, model, review: review(), benchmarkVersion: 'v1', upstream: { name: 'up', url: 'https://example.org/up' }, samplesPath: 'api/v1/submissions/latch/acme-run.json' });
    expect(p.links.map((l) => [l.kind, l.href])).toEqual([
      ['model_card', 'https://example.org/card'],
      ['paper', 'https://example.org/paper'],
      ['code', 'https://example.org/code'],
      ['harness_commit', 'https://github.com/latchbio/scbench/commit/4a7d2b0'],
      ['pr', 'https://github.com/example/evalboard/pull/12'],
    ]);
    expect(p).toMatchObject({ reviewPath: 'submissions/acme-run/', modelPath: 'models/acme-agent/', submittedAt: '2026-09-10', acceptedAt: '2026-09-12', benchmarkVersion: 'v1', model: { weights: 'open', licence: 'Apache-2.0', params: 'unknown' } });
  });
  it('drops a link that is not a safe http(s) URL even if it got past ingest', () => {
    const p = provenanceOf({
      benchmark: 'latch', submissionId: 'x', submission: { ...submission, pr: 'javascript:alert(1)' },
      model: { ...model, links: { model_card: 'https://x.example/?&" onmouseover="x' } }, upstream: { name: 'up', url: 'vbscript:x' },
    });
    expect(p.links.map((l) => l.kind)).toEqual(['harness_commit']);
    expect(p.upstream).toBeUndefined();
    expect(p.samplesPath).toBeUndefined();
    expect(p.acceptedAt).toBeUndefined();
  });
});

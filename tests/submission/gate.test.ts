/**
 * The one gate: the boards admit exactly what validate accepts, and only a maintainer's review
 * file (never the submitter's own folder) makes a submission ranked.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO, copyModels, makeDistinct } from './helpers';

const SRC = join(REPO, 'results', 'medvision', 'demo-vlm-3b-demo');
const REVIEW = join(REPO, 'reviews', 'medvision', 'demo-vlm-3b-demo.json');
let root: string;
let staged = 0;

function stage(id: string, opts: { review?: object | 'copy'; edit?: (j: Record<string, unknown>) => void; benchmark?: string } = {}): void {
  const bench = opts.benchmark ?? 'medvision';
  const dir = join(root, 'results', bench, id);
  cpSync(SRC, dir, { recursive: true });
  const sj = JSON.parse(readFileSync(join(dir, 'submission.json'), 'utf8')) as Record<string, unknown>;
  sj.id = id;
  opts.edit?.(sj);
  makeDistinct(dir, staged++); // each copy holds its own per-sample content (a byte-identical copy is a duplicate-content error)
  writeFileSync(join(dir, 'submission.json'), JSON.stringify(sj, null, 2));
  if (opts.review) {
    mkdirSync(join(root, 'reviews', bench), { recursive: true });
    writeFileSync(join(root, 'reviews', bench, `${id}.json`), opts.review === 'copy' ? readFileSync(REVIEW) : JSON.stringify(opts.review));
  }
}

type Gate = typeof import('../../src/board/gate');
type Boards = typeof import('../../src/board/boards');
let gate: Gate;
let boards: Boards;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'evalboard-gate-'));
  copyModels(root);
  stage('accepted', { review: 'copy' });
  stage('pending');
  stage('self-declared', { edit: (j) => { j.review = { status: 'accepted', revision: 1, verdict: 'Accepted by the maintainers' }; } });
  stage('false-claim', { review: 'copy', edit: (j) => { j.claimed = { 'MedVision-TL/demo-vlm-3b/n_samples': 1 }; } });
  stage('rejected', { review: { status: 'rejected', revision: 2, verdict: 'Contaminated' } });
  stage('broken-review', { review: { status: 'approved', revision: 1 } });
  stage('twice', { review: 'copy' });
  mkdirSync(join(root, 'results', 'latch'), { recursive: true });
  cpSync(join(REPO, 'results', 'latch', 'demo-agent-small-demo'), join(root, 'results', 'latch', 'twice'), { recursive: true });
  cpSync(join(REPO, 'references'), join(root, 'references'), { recursive: true });
  process.env.EVALBOARD_RESULTS = join(root, 'results');
  vi.resetModules();
  gate = await import('../../src/board/gate');
  boards = await import('../../src/board/boards');
});
afterAll(() => {
  delete process.env.EVALBOARD_RESULTS;
  rmSync(root, { recursive: true, force: true });
});

const byId = async () => new Map((await gate.admissions()).map((a) => [`${a.benchmark}/${a.id}`, a]));

describe('the gate', () => {
  it('ranks only a valid submission with an accepted maintainer review', async () => {
    const a = await byId();
    expect(a.get('medvision/accepted')).toMatchObject({ ranked: true, underReview: false });
    expect(a.get('medvision/pending')).toMatchObject({ ranked: false, underReview: true });
    expect(a.get('medvision/pending')!.report.status).toBe('under_review');
    expect(a.get('medvision/rejected')).toMatchObject({ ranked: false, underReview: false, reason: 'rejected by the maintainers' });
  });

  it('a verdict declared in the submission folder is an error, located at $.review', async () => {
    const r = (await byId()).get('medvision/self-declared')!;
    expect(r.ranked).toBe(false);
    expect(r.report.findings).toContainEqual(expect.objectContaining({ path: 'results/medvision/self-declared/submission.json', pointer: '$.review', severity: 'error' }));
  });

  it('a broken review file is an error naming the review file', async () => {
    const r = (await byId()).get('medvision/broken-review')!;
    expect(r.ranked).toBe(false);
    expect(r.report.findings).toContainEqual(expect.objectContaining({ path: 'reviews/medvision/broken-review.json', pointer: '$.status', severity: 'error' }));
  });

  it('checks only validate runs (a false claim, an id used under two benchmarks) keep a submission off every board', async () => {
    const a = await byId();
    expect(a.get('medvision/false-claim')!.ranked).toBe(false);
    expect(a.get('medvision/false-claim')!.report.findings.some((f) => f.severity === 'error' && f.message.includes('claimed'))).toBe(true);
    expect(a.get('medvision/twice')!.ranked).toBe(false);
    expect(a.get('latch/twice')!.ranked).toBe(false);
    const onBoards = new Set((await boards.allBoards()).flatMap((b) => b.sections.flatMap((s) => s.rows.map((r) => r.submissionId))));
    expect([...onBoards].sort()).toEqual(['accepted']);
  });
});

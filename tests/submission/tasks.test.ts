import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTaskRecord } from '../../src/ingest/tasks';
import { taskReviewView, loadTaskReviews } from '../../src/board/tasks-view';
import { REPO } from './helpers';
import { needShared, sharedPath } from '../helpers/shared';

const SEED_FILE = 'seeds/003_bf0189500c8d381c.txt';
const SEED = sharedPath(SEED_FILE);
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

describe('task-submission records', () => {
  const need = needShared('seed 003 task record', SEED_FILE);
  it.runIf(need.ok)('renders the seed record in its own shape, without the e-mail', () => {
    const text = readFileSync(SEED, 'utf8');
    const { record, findings } = parseTaskRecord(text, 'seed-003');
    expect(findings).toEqual([]);
    const view = taskReviewView({ id: 'pathwsi_navigation_instance_1', record: record!, files: record!.files.map((f) => ({ filename: f.filename, category: f.category, sizeBytes: f.size_bytes })), findings: [] })!;
    expect(view.status).toBe('under_review');
    expect(view.revision).toBe(4);
    expect(view.submitterName).toBe(record!.submitter_name);
    expect(view.difficulty).toEqual({ model: 'Gemini Flash 3.6', estimatedScore: '5–10%' });
    expect(view.description).toContain('sentinel lymph node');
    expect(view.verificationMethod).toContain('Tile-Level F1');
    expect(view.review?.verdict).toBe('Accept');
    expect(view.review?.html).toContain('<strong>Overall Verdict:</strong>');
    const refs = view.fileGroups.find((g) => g.category === 'reference_output')!.files.map((f) => f.name);
    expect(refs).toEqual(['reference_annotations.json', 'main.py', 'annotation.xml']);
    expect(JSON.stringify(view)).not.toMatch(EMAIL);
    expect(JSON.stringify(view)).not.toContain(record!.submitter_email!);
  });

  it('bundles at least two task records of our own, each with reference files', () => {
    const views = loadTaskReviews(join(REPO, 'results'));
    expect(views.length).toBeGreaterThanOrEqual(2);
    for (const v of views) {
      expect(v.findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(v.fileGroups.find((g) => g.category === 'reference_output')!.files.length).toBeGreaterThan(0);
      expect(JSON.stringify(v)).not.toMatch(EMAIL);
    }
  });

  it('rejects file names with paths in a record', () => {
    const { findings } = parseTaskRecord(JSON.stringify({ submission_id: 'x', submission_status: 's', task: { task_short_name: 't', task_description: 'd' }, files: [{ filename: '../../secret', category: 'reference_output', size_bytes: 1 }] }), 'task.json');
    expect(findings.map((f) => f.pointer)).toContain('$.files[0].filename');
  });
});

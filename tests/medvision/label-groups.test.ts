import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { LABEL_GROUP_TABLE, labelGroup, labelGroupIn, type LabelGroupTable } from '../../src/benchmarks/medvision/scorer/label-groups';
import table from '../../src/benchmarks/medvision/scorer/label-groups.json';

interface TaskListRecord { repository: string; commit: string; lists: { file: string; subtasks: string[] }[] }
interface Recorded {
  sources: Record<string, { repository: string; commit: string | null }>;
  gaps: { no_label_facts: string[]; labels_observed_only: string[]; label_without_group: string[] };
  task_lists: TaskListRecord[];
}
const recorded = table as unknown as Recorded;

const SUBTASK = /^(?<ds>[^_]+)_(?<kind>BoxCoordinate|BoxSize|TumorLesionSize)_Task(?<id>\d+)_(?<plane>Axial|Coronal|Sagittal)(?:-.+)?$/;
const SLICE_DIM = { Sagittal: 0, Coronal: 1, Axial: 2 } as const;

/** Every (family, dataset, task id, plane) the recorded upstream task lists name. */
function subtasks() {
  const out = new Map<string, { family: 'TL' | 'Detection'; dataset: string; taskId: number; sliceDim: 0 | 1 | 2 }>();
  for (const rec of recorded.task_lists) {
    for (const list of rec.lists) {
      for (const name of list.subtasks) {
        const m = SUBTASK.exec(name);
        if (!m?.groups) throw new Error(`${list.file}@${rec.commit}: subtask name ${name} not understood`);
        const family = m.groups.kind === 'TumorLesionSize' ? 'TL' : 'Detection';
        const entry = { family, dataset: m.groups.ds!, taskId: Number(m.groups.id), sliceDim: SLICE_DIM[m.groups.plane as keyof typeof SLICE_DIM] } as const;
        out.set(`${family}|${entry.dataset}|${entry.taskId}|${entry.sliceDim}`, entry);
      }
    }
  }
  return [...out.values()];
}

describe('MedVision label-group table (label-groups.json)', () => {
  it('records the upstream repositories and the exact commits it was read from', () => {
    expect(recorded.sources.medvision_bm?.repository).toBe('github.com/YongchengYAO/MedVision');
    expect(recorded.sources.medvision_bm?.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(recorded.sources.observed?.commit).toMatch(/^[0-9a-f]{40}$/);
    for (const rec of recorded.task_lists) expect(rec.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(recorded.task_lists.flatMap((r) => r.lists).length).toBeGreaterThanOrEqual(30);
  });

  it('every (dataset, task id, label, slice) of upstream\'s task lists resolves to a group, except the gaps the file itself lists', () => {
    const noFacts = new Set<string>();
    const unnamed = new Set<string>();
    const observedOnly = new Set<string>();
    const resolvedIn = new Map<string, number>();
    const count = (where: string) => resolvedIn.set(where, (resolvedIn.get(where) ?? 0) + 1);
    const all = subtasks();
    for (const s of all) {
      const where = `${s.family} ${s.dataset} task ${s.taskId}`;
      if (s.family === 'TL') {
        const task = LABEL_GROUP_TABLE.tl[s.dataset]?.[String(s.taskId)];
        if (!task) { noFacts.add(where); continue; }
        const group = labelGroup('TL', s.dataset, s.taskId, task.target_label, s.sliceDim);
        expect(group, `${where} plane ${s.sliceDim}`).toMatch(/^.+ @ (MR|CT|US|XR|PET) \([SCA]\)$/);
        count(`${where}|${s.sliceDim}`);
        continue;
      }
      const task = LABEL_GROUP_TABLE.detection[s.dataset]?.[String(s.taskId)];
      if (!task || Object.keys(task.labels).length === 0) { noFacts.add(where); continue; }
      if (task.labels_complete === false) observedOnly.add(where);
      for (const label of Object.keys(task.labels)) {
        const group = labelGroup('Detection', s.dataset, s.taskId, Number(label), s.sliceDim);
        if (group === undefined) { unnamed.add(`${where} label ${label}`); continue; }
        expect(group).toMatch(/^.+ @ (MR|CT|US|XR|PET) \([SCA]\)$/);
        count(`${where}|${s.sliceDim}`);
      }
    }
    // Every subtask outside the stated gaps has at least one label placed in a group.
    for (const s of all) {
      const where = `${s.family} ${s.dataset} task ${s.taskId}`;
      if (!noFacts.has(where)) expect(resolvedIn.get(`${where}|${s.sliceDim}`) ?? 0, where).toBeGreaterThan(0);
    }
    // The gaps are findings the data file states, not silently missing rows: adding or filling one
    // without updating its list fails here.
    expect([...noFacts].sort()).toEqual([...recorded.gaps.no_label_facts].sort());
    expect([...unnamed].sort()).toEqual([...recorded.gaps.label_without_group].sort());
    expect([...observedOnly].sort()).toEqual([...recorded.gaps.labels_observed_only].sort());
  });

  it('a label or task the table does not know stays unknown (never a guess)', () => {
    expect(labelGroup('Detection', 'AMOS22', 1, 99, 2)).toBeUndefined();
    expect(labelGroup('Detection', 'NoSuchDataset', 1, 1, 2)).toBeUndefined();
    expect(labelGroup('Detection', 'AMOS22', 1, 1, 7)).toBeUndefined();
    expect(labelGroup('Detection', 'AMOS22', 2, 8, 2)).toBeUndefined(); // the recorded "label_without_group"
    expect(labelGroup('AD', 'FeTA24', 1, 1, 2)).toBeUndefined();
    // TL groups are the task's target label: another label is not placed under that name.
    expect(labelGroup('TL', 'BraTS24', 4, 1, 2)).toBeUndefined();
  });

  it('composes region, modality and plane as upstream does (pure, on a given table)', () => {
    const t: LabelGroupTable = {
      modality_abbreviation: { MRI: 'MR', ultrasound: 'US' },
      plane_letter: { 0: 'S', 1: 'C', 2: 'A' },
      detection: { X: { 3: { modality: 'ultrasound', labels: { 2: { region: 'Heart' }, 5: { region: null } } } } },
      tl: { Y: { 1: { modality: 'MRI', target_label: 4, region: 'brain tumor' } } },
    };
    expect(labelGroupIn(t, 'Detection', 'X', 3, 2, 1)).toBe('Heart @ US (C)');
    expect(labelGroupIn(t, 'Detection', 'X', 3, 5, 1)).toBeUndefined();
    expect(labelGroupIn(t, 'TL', 'Y', 1, 4, 0)).toBe('brain tumor @ MR (S)');
  });
});

const need = needShared('MedVision label groups against upstream outputs and task lists', 'fixtures/medvision/expected', 'fixtures/medvision/tasks_list');
describe.skipIf(!need.ok)('label-groups.json agrees with upstream\'s own files', () => {
  it('reproduces every group assignment upstream\'s summarizer made on the public fixtures', () => {
    let n = 0;
    for (const tag of ['MedVision-TL', 'MedVision-detect']) {
      for (const f of readdirSync(sharedPath('fixtures/medvision/expected', tag))) {
        const expected = JSON.parse(readFileSync(join(sharedPath('fixtures/medvision/expected', tag), f), 'utf8')) as { task_type: 'TL' | 'Detection'; group_assignment: { dataset: string; taskID: string; label: number; slice_dim: number; group: string }[] };
        for (const a of expected.group_assignment) {
          expect(labelGroup(expected.task_type, a.dataset, Number(a.taskID), a.label, a.slice_dim), JSON.stringify(a)).toBe(a.group);
          n++;
        }
      }
    }
    expect(n).toBeGreaterThanOrEqual(27);
  });

  it('the task lists recorded at the snapshot commit are the upstream files, subtask for subtask', () => {
    const dir = sharedPath('fixtures/medvision/tasks_list');
    const snapshot = recorded.task_lists.find((r) => r.commit === 'c2216150cbbcf085a43b5821e8caf6eca426182b');
    expect(snapshot).toBeDefined();
    const files = readdirSync(dir).filter((f) => !f.includes('-AD') && !f.includes('-CoT'));
    expect(snapshot!.lists.map((l) => l.file.replace(/^tasks_list\//, '')).sort()).toEqual(files.sort());
    for (const l of snapshot!.lists) {
      const upstream = Object.keys(JSON.parse(readFileSync(join(dir, l.file.replace(/^tasks_list\//, '')), 'utf8')) as Record<string, number>);
      expect(l.subtasks).toEqual(upstream.sort());
    }
  });
});

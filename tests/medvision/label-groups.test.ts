import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { LABEL_GROUP_TABLE, labelGroup, labelGroupIn, type LabelEvidence, type LabelGroupTable } from '../../src/benchmarks/medvision/scorer/label-groups';
import { parseTolerantJson } from '../../src/core/tolerant-json';
import table from '../../src/benchmarks/medvision/scorer/label-groups.json';

interface TaskListRecord { repository: string; commit: string; lists: { file: string; subtasks: string[] }[] }
interface Source { repository: string | null; commit: string | null; commit_unavailable?: string; read_via?: string }
interface Gap { where: string; reason: string }
interface RecordedLabel { name?: string; name_candidates?: string[]; prompt_name?: string; region: string | null; basis?: string; observed_region?: string }
interface RecordedDetectionTask { modality: string; n_labels: number; labels: Record<string, RecordedLabel>; evidence: LabelEvidence[] }
interface RecordedTlTask { modality: string; target_label: number; name: string; region: string; evidence: LabelEvidence[] }
interface Recorded {
  sources: Record<string, Source>;
  label_map_regroup: Record<string, string>;
  label_map_rename: Record<string, string>;
  dataset_summary_labels: Record<string, { n_labels: number; labels: string[] }>;
  detection: Record<string, Record<string, RecordedDetectionTask | null>>;
  tl: Record<string, Record<string, RecordedTlTask | null>>;
  gaps: { no_label_facts: string[]; label_without_group: string[]; by_elimination: Gap[]; name_differs_from_dataset_summary: Gap[] };
  task_lists: TaskListRecord[];
}
const recorded = table as unknown as Recorded;

const SUBTASK = /^(?<ds>[^_]+)_(?<kind>BoxCoordinate|BoxSize|TumorLesionSize)_Task(?<id>\d+)_(?<plane>Axial|Coronal|Sagittal)(?:-.+)?$/;
const SLICE_DIM = { Sagittal: 0, Coronal: 1, Axial: 2 } as const;
const GROUP = /^.+ @ (MR|CT|US|XR|PET) \([SCA]\)$/;
const COMMIT = /^[0-9a-f]{40}$/;

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

const detectionTasks = () => Object.entries(recorded.detection).flatMap(([dataset, tasks]) =>
  Object.entries(tasks).map(([taskId, task]) => ({ dataset, taskId, task, where: `Detection ${dataset} task ${taskId}` })));
const evidenceOf = (task: { evidence: LabelEvidence[] }, source: string) => task.evidence.filter((e) => e.source === source);

describe('MedVision label-group table (label-groups.json)', () => {
  it('records the upstream repositories and the exact commits it was read from, and why a source has none', () => {
    expect(recorded.sources.medvision_bm?.repository).toBe('github.com/YongchengYAO/MedVision');
    expect(recorded.sources.medvision_bm?.commit).toMatch(COMMIT);
    for (const rec of recorded.task_lists) expect(rec.commit).toMatch(COMMIT);
    expect(recorded.task_lists.flatMap((r) => r.lists).length).toBeGreaterThanOrEqual(30);
    for (const [key, s] of Object.entries(recorded.sources)) {
      if (s.commit !== null) { expect(s.commit, key).toMatch(COMMIT); expect(s.repository, key).toMatch(/^(github\.com|huggingface\.co)\//); continue; }
      // A source without a commit says so, and why, in the file itself.
      expect(s.commit_unavailable ?? s.read_via, `${key} has no commit and no reason`).toMatch(/no commit/i);
    }
    expect(recorded.sources.medvision_ds?.commit_unavailable).toMatch(/without a revision/);
  });

  it('every task cites evidence from a recorded source, and every label has a basis its evidence supports', () => {
    const plans = new Set(['medvision_ds', 'biometric_vqa']);
    for (const { dataset, task, where } of detectionTasks()) {
      if (!task) throw new Error(`${where}: no facts`);
      expect(task.evidence.length, where).toBeGreaterThan(0);
      for (const e of task.evidence) expect(recorded.sources[e.source], `${where}: unknown source ${e.source}`).toBeDefined();
      const summary = recorded.dataset_summary_labels[dataset];
      const prompted = Object.assign({}, ...evidenceOf(task, 'prompts').map((e) => e.labels)) as Record<string, string>;
      for (const [id, label] of Object.entries(task.labels)) {
        const at = `${where} label ${id}`;
        if (label.basis === 'plan') expect(task.evidence.some((e) => plans.has(e.source) && e.file), at).toBe(true);
        if (label.basis?.includes('prompt')) expect(prompted[id], at).toBe(label.prompt_name ?? label.name);
        if (label.basis?.includes('dataset_summary')) expect(summary?.labels, at).toContain(label.name);
        if (label.basis?.includes('dataset_definition')) expect(evidenceOf(task, 'abdomenatlas_masks').length, at).toBe(1);
        if (label.basis === 'elimination') {
          // The id left over takes exactly the plan's names that no other label of the task has.
          expect(summary?.n_labels, at).toBe(task.n_labels);
          const others = new Set(Object.entries(task.labels).flatMap(([k, l]) => (k !== id && l.name ? [l.name] : [])));
          const left = summary!.labels.filter((n) => !others.has(n)).sort();
          expect(label.name ? [label.name] : [...(label.name_candidates ?? [])].sort(), at).toEqual(left);
        }
      }
    }
    for (const [dataset, tasks] of Object.entries(recorded.tl)) {
      for (const [taskId, task] of Object.entries(tasks)) {
        expect(task?.evidence.every((e) => recorded.sources[e.source] !== undefined), `TL ${dataset} task ${taskId}`).toBe(true);
      }
    }
  });

  it('each region is upstream\'s label_map_regroup (Detection) or label_map_rename (TL) of the label\'s name, and agrees with upstream\'s own summaries where recorded', () => {
    let observed = 0;
    for (const { task, where } of detectionTasks()) {
      for (const [id, label] of Object.entries(task!.labels)) {
        const names = label.name ? [label.name] : (label.name_candidates ?? []);
        expect(names.length, `${where} label ${id} has no name`).toBeGreaterThan(0);
        for (const n of names) expect(recorded.label_map_regroup[n], `${where} label ${id} (${n})`).toBe(label.region);
        if (label.observed_region !== undefined) { expect(label.region, `${where} label ${id}`).toBe(label.observed_region); observed++; }
      }
    }
    expect(observed).toBeGreaterThanOrEqual(29);
    for (const [dataset, tasks] of Object.entries(recorded.tl)) {
      for (const [taskId, task] of Object.entries(tasks)) expect(recorded.label_map_rename[task!.name], `TL ${dataset} task ${taskId}`).toBe(task!.region);
    }
  });

  it('every (dataset, task id, label, slice) of upstream\'s task lists resolves to a group; the gaps the file lists are exactly the ones left', () => {
    const noFacts = new Set<string>();
    const unnamed = new Set<string>();
    const eliminated = new Set<string>();
    const differs = new Set<string>();
    let resolved = 0;
    for (const s of subtasks()) {
      const where = `${s.family} ${s.dataset} task ${s.taskId}`;
      if (s.family === 'TL') {
        const task = LABEL_GROUP_TABLE.tl[s.dataset]?.[String(s.taskId)];
        if (!task) { noFacts.add(where); continue; }
        expect(labelGroup('TL', s.dataset, s.taskId, task.target_label, s.sliceDim), `${where} plane ${s.sliceDim}`).toMatch(GROUP);
        resolved++;
        continue;
      }
      const task = recorded.detection[s.dataset]?.[String(s.taskId)];
      if (!task || Object.keys(task.labels).length === 0) { noFacts.add(where); continue; }
      // A task's label map is complete: as many labels as its plan has.
      expect(Object.keys(task.labels).length, where).toBe(task.n_labels);
      for (const [id, label] of Object.entries(task.labels)) {
        const at = `${where} label ${id}`;
        const group = labelGroup('Detection', s.dataset, s.taskId, Number(id), s.sliceDim);
        if (group === undefined) { unnamed.add(at); continue; }
        expect(group, at).toMatch(GROUP);
        resolved++;
        if (label.basis === 'elimination') eliminated.add(at);
        const summary = recorded.dataset_summary_labels[s.dataset];
        if (label.name && summary && !summary.labels.includes(label.name)) differs.add(at);
      }
    }
    expect(resolved).toBeGreaterThanOrEqual(519);
    // Filling or opening a gap without updating the file's own list fails here.
    expect([...noFacts].sort()).toEqual([...recorded.gaps.no_label_facts].sort());
    expect([...unnamed].sort()).toEqual([...recorded.gaps.label_without_group].sort());
    expect([...eliminated].sort()).toEqual(recorded.gaps.by_elimination.map((g) => g.where).sort());
    expect([...differs].sort()).toEqual(recorded.gaps.name_differs_from_dataset_summary.map((g) => g.where).sort());
    for (const g of [...recorded.gaps.by_elimination, ...recorded.gaps.name_differs_from_dataset_summary]) expect(g.reason.length, g.where).toBeGreaterThan(40);
  });

  it('a label or task the table does not know stays unknown (never a guess)', () => {
    expect(labelGroup('Detection', 'AMOS22', 1, 99, 2)).toBeUndefined();
    expect(labelGroup('Detection', 'NoSuchDataset', 1, 1, 2)).toBeUndefined();
    expect(labelGroup('Detection', 'AMOS22', 1, 1, 7)).toBeUndefined();
    expect(labelGroup('Detection', 'SKM-TEA', 2, 1, 2)).toBeUndefined(); // a task no task list names
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

interface FixtureRecord { doc: { dataset_name: string; taskID: string; label: number }; input?: string }
const PROMPT = { Detection: /bounding box for the (.+?)\.\n/, TL: /ellipse enclosing the (.+?), in mm\./ } as const;

/** (dataset, task id, label) → the label name upstream wrote into the prompts of a fixture tree. */
function fixturePrompts(tag: string, family: keyof typeof PROMPT): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const root = sharedPath('fixtures/medvision/Results', tag);
  for (const model of readdirSync(root)) {
    const dir = join(root, model, 'parsed');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
      for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
        if (!line.trim()) continue;
        const r = parseTolerantJson(line) as FixtureRecord;
        const name = PROMPT[family].exec(r.input ?? '')?.[1];
        if (!name) throw new Error(`${tag}/${model}/${f}: a record without a recognisable prompt`);
        const key = `${r.doc.dataset_name}|${Number(r.doc.taskID)}|${r.doc.label}`;
        out.set(key, (out.get(key) ?? new Set()).add(name));
      }
    }
  }
  return out;
}

const need = needShared('MedVision label groups against upstream outputs and task lists', 'fixtures/medvision/expected', 'fixtures/medvision/tasks_list', 'fixtures/medvision/Results');
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

  it('the label names agree with the names upstream wrote into the fixtures\' prompts, label id for label id', () => {
    const det = fixturePrompts('MedVision-detect', 'Detection');
    expect(det.size).toBeGreaterThanOrEqual(15);
    for (const [key, names] of det) {
      const [dataset, taskId, id] = key.split('|') as [string, string, string];
      const label = recorded.detection[dataset]?.[taskId]?.labels[id];
      expect([...names], key).toEqual([label?.prompt_name ?? label?.name]);
    }
    const tl = fixturePrompts('MedVision-TL', 'TL');
    expect(tl.size).toBeGreaterThanOrEqual(9);
    for (const [key, names] of tl) {
      const [dataset, taskId, id] = key.split('|') as [string, string, string];
      const task = recorded.tl[dataset]?.[taskId];
      expect(task?.target_label, key).toBe(Number(id));
      expect([...names], key).toEqual([task?.name]);
    }
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

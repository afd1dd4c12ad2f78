/**
 * Answer keys and sample sets come from the benchmark (maintainer-owned `references/`), and boards
 * rank like with like. Each attack from the issue is a fixture here: a forged target, a forged
 * eval JSON and a doc_id outside the reference are located errors; cherry-picked, repeated or
 * dropped samples, evals, trials and seeds make a row partial (listed, never ranked); all-empty
 * answers are "no successful answers". Expected outcomes follow the rules, not our output.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO } from './helpers';
import { needShared, sharedPath } from '../helpers/shared';
import type { Admitted } from '../../src/core/benchmark';
import type { Board } from '../../src/core/board';
import type { Finding } from '../../src/core/findings';

const ALL: Admitted = { ranked: () => true, underReview: () => false };
const errors = (fs: readonly Finding[]) => fs.filter((f) => f.severity === 'error');

function setEnv(root: string): void {
  process.env.EVALBOARD_RESULTS = join(root, 'results');
  process.env.EVALBOARD_REFERENCES = join(root, 'references');
  process.env.EVALBOARD_MODELS = join(REPO, 'models');
  process.env.EVALBOARD_NO_CACHE = '1';
}
function clearEnv(): void {
  for (const k of ['EVALBOARD_RESULTS', 'EVALBOARD_REFERENCES', 'EVALBOARD_MODELS', 'EVALBOARD_NO_CACHE']) delete process.env[k];
}

function stageSubmission(root: string, bench: string, id: string, src: string): string {
  const dir = join(root, 'results', bench, id);
  cpSync(src, dir, { recursive: true });
  const sj = JSON.parse(readFileSync(join(dir, 'submission.json'), 'utf8')) as Record<string, unknown>;
  sj.id = id;
  writeFileSync(join(dir, 'submission.json'), JSON.stringify(sj, null, 2));
  return dir;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}
const jsonl = (dir: string) => walk(dir).filter((f) => f.endsWith('.jsonl'));
const editLines = (file: string, edit: (recs: Record<string, unknown>[]) => Record<string, unknown>[]) => {
  const recs = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  writeFileSync(file, edit(recs).map((r) => JSON.stringify(r)).join('\n') + '\n');
};
/** Drop the run's own results.json (its num_samples would be the submitter's edit anyway). */
const dropResultsJson = (dir: string) => walk(dir).filter((f) => f.endsWith('_results.json')).forEach((f) => rmSync(f));

/** Every section's ranked rows cover the same units, all of them. */
function assertLikeWithLike(boards: readonly Board[]): number {
  let ranked = 0;
  for (const b of boards) {
    for (const s of b.sections) {
      const totals = new Set(s.rows.map((r) => r.coverage?.total));
      expect(totals.size <= 1, `${b.benchmark}/${b.slug} ${s.id}: ranked rows with different unit sets ${[...totals].join(', ')}`).toBe(true);
      for (const r of s.rows) {
        expect(r.coverage, `${b.benchmark}/${b.slug} ${s.id}: ${r.submissionId} ranked without coverage`).toBeDefined();
        expect(r.coverage!.units, `${b.benchmark}/${b.slug} ${s.id}: ${r.submissionId}`).toBe(r.coverage!.total);
        expect(r.coverage!.total).toBeGreaterThan(0);
        ranked++;
      }
    }
  }
  return ranked;
}

/** A board by slug; submission ids are prefixed by benchmark (mv-, lt-, cb-), which picks the benchmark. */
const boardOf = (boards: readonly Board[], slug: string, id: string) => boards.find((b) => b.slug === slug && b.benchmark === ({ mv: 'medvision', lt: 'latch', cb: 'clinicalbench' } as Record<string, string>)[id.slice(0, 2)]);
const unrankedOf = (boards: readonly Board[], slug: string, id: string) => boardOf(boards, slug, id)?.sections.flatMap((s) => s.unranked ?? []).find((r) => r.submissionId === id);
const rankedOf = (boards: readonly Board[], slug: string, id: string) => boardOf(boards, slug, id)?.sections.flatMap((s) => s.rows).find((r) => r.submissionId === id);

describe('the bundled demo against its own references', () => {
  it('ranks every bundled submission with full coverage, and no board mixes unit sets', async () => {
    clearEnv();
    process.env.EVALBOARD_NO_CACHE = '1';
    vi.resetModules();
    const { medvisionBoards } = await import('../../src/benchmarks/medvision/boards/boards');
    const { latchBoards } = await import('../../src/benchmarks/latch/boards/boards');
    const { clinicalbenchBoards } = await import('../../src/benchmarks/clinicalbench/boards/boards');
    const boards = [...medvisionBoards(ALL), ...(await latchBoards(ALL)), ...(await clinicalbenchBoards(ALL))];
    assertLikeWithLike(boards);
    const overall = (slug: string, bench: string) => boards.find((b) => b.slug === slug && b.benchmark === bench)!;
    // 5 MedVision runs (3 open-weight, 2 pilot), 4 latch agents, 4 ClinicalBench agents: all ranked.
    for (const fam of ['tl', 'ad', 'detection']) {
      const b = overall(fam, 'medvision');
      expect(b.sections.flatMap((s) => s.rows)).toHaveLength(5);
      expect(b.sections.flatMap((s) => s.unranked ?? [])).toHaveLength(0);
    }
    // Each latch suite has its own boards; every demo agent ran both suites' evals: 4 ranked on each.
    for (const suite of ['scbench', 'spatialbench']) expect(overall(`${suite}/overall`, 'latch').sections.flatMap((s) => s.rows)).toHaveLength(4);
    expect(boards.filter((b) => b.benchmark === 'latch' && b.kind === 'overall').map((b) => b.slug)).toEqual(['scbench/overall', 'spatialbench/overall']);
    expect(overall('overall', 'clinicalbench').sections.flatMap((s) => s.rows)).toHaveLength(4);
    delete process.env.EVALBOARD_NO_CACHE;
  }, 120_000);
});

describe('attacks on the demo data', () => {
  let root: string;
  let boards: Board[];
  type Checks = { mv: typeof import('../../src/benchmarks/medvision/checks'); lt: typeof import('../../src/benchmarks/latch/checks'); cb: typeof import('../../src/benchmarks/clinicalbench/checks') };
  let checks: Checks;
  const MV = join(REPO, 'results', 'medvision');

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'evalboard-refs-'));
    cpSync(join(REPO, 'references'), join(root, 'references'), { recursive: true });
    stageSubmission(root, 'medvision', 'mv-full', join(MV, 'demo-vlm-7b-demo'));
    stageSubmission(root, 'medvision', 'mv-pilot', join(MV, 'demo-api-pro-demo'));
    // 100 lowest-error records per TL file (first 100 elsewhere): more than the pilot's 60, fewer than 150.
    const cherry = stageSubmission(root, 'medvision', 'mv-cherry100', join(MV, 'demo-vlm-3b-demo'));
    dropResultsJson(cherry);
    for (const f of jsonl(cherry)) {
      editLines(f, (recs) => {
        if (!f.includes('TumorLesionSize')) return recs.slice(0, 100);
        const err = (r: Record<string, unknown>) => {
          const t = JSON.parse(r.target as string) as number[];
          const p = String((r.filtered_resps as string[])[0]).split(',').map(Number);
          return p.length === 2 && p.every(Number.isFinite) ? Math.abs(p[0]! - t[0]!) / t[0]! + Math.abs(p[1]! - t[1]!) / t[1]! : Infinity;
        };
        return [...recs].sort((a, b) => err(a) - err(b)).slice(0, 100);
      });
    }
    // 30 per file: within the pilot's budget, so it would have been "pilot class".
    const thirty = stageSubmission(root, 'medvision', 'mv-cherry30', join(MV, 'demo-vlm-3b-demo'));
    dropResultsJson(thirty);
    for (const f of jsonl(thirty)) editLines(f, (recs) => recs.slice(0, 30));
    // Every response empty: nothing measured.
    const empty = stageSubmission(root, 'medvision', 'mv-empty', join(MV, 'demo-vlm-7b-demo'));
    dropResultsJson(empty);
    for (const f of jsonl(empty)) editLines(f, (recs) => recs.map((r) => ({ ...r, resps: [['']], filtered_resps: [''] })));

    const LT = join(REPO, 'results', 'latch');
    stageSubmission(root, 'latch', 'lt-full', join(LT, 'demo-agent-small-demo'));
    // Drop the failed runs, and the eval JSONs of evals left with no run: only passes remain.
    const dropped = stageSubmission(root, 'latch', 'lt-dropped', join(LT, 'demo-agent-medium-demo'));
    const kept = new Set<string>();
    let removed = 0;
    for (const f of walk(join(dropped, 'trajectories')).filter((p) => p.endsWith('result.json'))) {
      const run = JSON.parse(readFileSync(f, 'utf8')) as { result: { test_id: string; passed: boolean } };
      if (run.result.passed) kept.add(run.result.test_id);
      else {
        rmSync(join(f, '..'), { recursive: true });
        removed++;
      }
    }
    expect(removed).toBeGreaterThan(0);
    for (const f of walk(join(dropped, 'evals')).filter((p) => !p.endsWith('manifest.json'))) {
      if (![...kept].some((id) => f.endsWith(`/${id}.json`))) rmSync(f);
    }
    // One trial short on one eval.
    const short = stageSubmission(root, 'latch', 'lt-short', join(LT, 'demo-agent-medium-demo'));
    const r3 = walk(join(short, 'trajectories')).find((p) => p.includes('demo_qc_mito_filter') && p.includes('/r3/'))!;
    rmSync(join(r3, '..'), { recursive: true });

    const CB = join(REPO, 'results', 'clinicalbench');
    stageSubmission(root, 'clinicalbench', 'cb-full', join(CB, 'demo-auditor-base'));
    const seedless = stageSubmission(root, 'clinicalbench', 'cb-dropped-seed', join(CB, 'demo-auditor-lite'));
    rmSync(join(seedless, 'episodes', 'seed-42.json'));

    setEnv(root);
    vi.resetModules();
    const { medvisionBoards } = await import('../../src/benchmarks/medvision/boards/boards');
    const { latchBoards } = await import('../../src/benchmarks/latch/boards/boards');
    const { clinicalbenchBoards } = await import('../../src/benchmarks/clinicalbench/boards/boards');
    boards = [...medvisionBoards(ALL), ...(await latchBoards(ALL)), ...(await clinicalbenchBoards(ALL))];
    checks = {
      mv: await import('../../src/benchmarks/medvision/checks'),
      lt: await import('../../src/benchmarks/latch/checks'),
      cb: await import('../../src/benchmarks/clinicalbench/checks'),
    };
  }, 180_000);
  afterAll(() => {
    clearEnv();
    rmSync(root, { recursive: true, force: true });
  });

  it('no board ranks two rows with different unit sets', () => {
    expect(assertLikeWithLike(boards)).toBeGreaterThan(0);
  });

  it('the unmodified submissions still rank', () => {
    for (const fam of ['tl', 'ad', 'detection']) {
      expect(rankedOf(boards, fam, 'mv-full')?.coverage).toMatchObject({ units: 4 - (fam === 'ad' ? 1 : 0), total: 4 - (fam === 'ad' ? 1 : 0), unit: 'subtasks' });
      expect(rankedOf(boards, fam, 'mv-pilot')?.sampleClass).toBe('pilot');
    }
    expect(rankedOf(boards, 'scbench/overall', 'lt-full')?.coverage).toMatchObject({ units: 9, total: 9 });
    expect(rankedOf(boards, 'spatialbench/overall', 'lt-full')?.coverage).toMatchObject({ units: 6, total: 6 });
    expect(rankedOf(boards, 'overall', 'cb-full')?.coverage).toMatchObject({ units: 9, total: 9 });
  });

  it('cherry-picked records (100 of 150 per subtask) are partial coverage in the open-weight class, never ranked', () => {
    const row = unrankedOf(boards, 'tl', 'mv-cherry100');
    expect(row?.status).toBe('partial');
    expect(row?.sampleClass).toBe('full');
    expect(row?.coverage).toMatchObject({ units: 0, total: 4 });
    expect(row?.reason).toMatch(/partial coverage: 0 of 4 subtasks/);
    expect(rankedOf(boards, 'tl', 'mv-cherry100')).toBeUndefined();
    const perConfig = unrankedOf(boards, 'config/kits23-tumorlesionsize-task01-axial', 'mv-cherry100');
    expect(perConfig?.coverage).toMatchObject({ units: 100, total: 150, unit: 'samples' });
  });

  it('30 records per subtask are partial pilot coverage, not a ranked pilot run', () => {
    for (const fam of ['tl', 'ad', 'detection']) {
      const row = unrankedOf(boards, fam, 'mv-cherry30');
      expect(row?.status, fam).toBe('partial');
      expect(row?.sampleClass).toBe('pilot');
      expect(row?.coverage?.units).toBe(0);
      expect(rankedOf(boards, fam, 'mv-cherry30')).toBeUndefined();
    }
  });

  it('all-empty responses are "not ranked: no successful answers"', () => {
    const row = unrankedOf(boards, 'tl', 'mv-empty');
    expect(row?.status).toBe('not_ranked');
    expect(row?.reason).toMatch(/no successful answers/);
  });

  it('dropping the failed evals with their eval JSONs is partial coverage, not 100 %', () => {
    const row = unrankedOf(boards, 'scbench/overall', 'lt-dropped');
    expect(row?.status).toBe('partial');
    expect(row?.coverage?.total).toBe(9);
    expect(row?.coverage?.units).toBeLessThan(9);
    // What is left passes every time: 100 % on the shared part, and that is all it is.
    expect(row?.primary).toBe(100);
    expect(rankedOf(boards, 'scbench/overall', 'lt-dropped')).toBeUndefined();
  });

  it('an eval one trial short is partial, with the reason', () => {
    const row = unrankedOf(boards, 'scbench/overall', 'lt-short');
    expect(row?.status).toBe('partial');
    expect(row?.reason).toMatch(/demo_qc_mito_filter 2\/3/);
  });

  it('latch task and platform boards come from the reference, not from submitted metadata', async () => {
    const dir = join(root, 'results', 'latch', 'lt-invented');
    cpSync(join(REPO, 'results', 'latch', 'demo-agent-small-demo'), dir, { recursive: true });
    const f = walk(join(dir, 'evals')).find((p) => p.endsWith('demo_qc_mito_filter.json'))!;
    const spec = JSON.parse(readFileSync(f, 'utf8')) as { metadata: Record<string, unknown> };
    spec.metadata.task = 'invented_task';
    spec.metadata.kit = 'invented_kit';
    writeFileSync(f, JSON.stringify(spec, null, 2));
    const check = await checks.lt.checkLatch(dir);
    expect(errors(check.findings).some((x) => x.path === relative(dir, f) && x.pointer === '$' && /differs from the reference eval JSON/.test(x.message))).toBe(true);
    expect(boards.some((b) => /invented/.test(b.slug))).toBe(false);
    rmSync(dir, { recursive: true });
  });

  it('a dropped ClinicalBench seed is partial coverage', () => {
    const row = unrankedOf(boards, 'overall', 'cb-dropped-seed');
    expect(row?.status).toBe('partial');
    expect(row?.coverage).toMatchObject({ units: 6, total: 9, unit: 'seed × task pairs' });
    expect(row?.reason).toMatch(/seed 42/);
    expect(unrankedOf(boards, 'easy', 'cb-dropped-seed')?.coverage).toMatchObject({ units: 2, total: 3 });
  });

  it('records repeated under new doc_ids are errors located at each record', () => {
    const dir = stageSubmission(root, 'medvision', 'mv-repeat', join(MV, 'demo-vlm-7b-demo'));
    dropResultsJson(dir);
    const f = jsonl(dir).find((p) => p.includes('KiTS23'))!;
    editLines(f, (recs) => [...recs, ...recs.map((r) => ({ ...r, doc_id: (r.doc_id as number) + 1000 }))]);
    const check = checks.mv.checkMedvision(dir);
    const bad = errors(check.findings).filter((x) => x.pointer === '$.doc_id');
    expect(bad[0]).toMatchObject({ path: relative(dir, f), line: 151, pointer: '$.doc_id' });
    expect(bad[0]!.message).toMatch(/doc_id 1000 is not in the reference sample set of KiTS23_TumorLesionSize_Task01_Axial/);
    rmSync(dir, { recursive: true });
  });

  it('a config with no reference is "ground truth unverified": shown, never ranked', async () => {
    const refs = join(root, 'references-none');
    mkdirSync(refs, { recursive: true });
    process.env.EVALBOARD_REFERENCES = refs;
    const check = checks.mv.checkMedvision(join(root, 'results', 'medvision', 'mv-full'));
    expect(check.findings.some((x) => x.severity === 'warning' && /ground truth unverified/.test(x.message))).toBe(true);
    vi.resetModules();
    const { medvisionBoards } = await import('../../src/benchmarks/medvision/boards/boards');
    const b = medvisionBoards(ALL);
    expect(b.flatMap((x) => x.sections.flatMap((s) => s.rows))).toHaveLength(0);
    expect(unrankedOf(b, 'tl', 'mv-full')?.reason).toMatch(/ground truth unverified/);
    process.env.EVALBOARD_REFERENCES = join(root, 'references');
  });
});

describe('the public real fixtures: references built by the importers, three forgeries, like with like', () => {
  const need = needShared('reference fixtures', 'fixtures/medvision/Results', 'fixtures/latch/latchbio__scbench', 'fixtures/clinicalbench/episodes_heuristic_seed20260402.json');
  let root: string;

  beforeAll(async () => {
    if (!need.ok) return;
    root = mkdtempSync(join(tmpdir(), 'evalboard-realrefs-'));
    vi.resetModules();
    const { buildMedvisionReferenceFromTree } = await import('../../src/benchmarks/medvision/reference/read');
    const { buildLatchReferenceFromTree } = await import('../../src/benchmarks/latch/reference/read');
    const { buildClinicalbenchReference } = await import('../../src/benchmarks/clinicalbench/reference/schema');
    const { writeReference } = await import('../../src/ingest/references');
    const refs = join(root, 'references');
    // The fixture runs used `--limit 100`: the trusted tree is a pilot-class sample set.
    writeReference(refs, 'medvision', 'fixture', buildMedvisionReferenceFromTree(sharedPath('fixtures/medvision/Results'), { version: 'fixture', source: 'viennh/MedVision@8118ec6 (test fixture)', treeClass: 'pilot' }));
    writeReference(refs, 'latch', 'fixture', await buildLatchReferenceFromTree(sharedPath('fixtures/latch/latchbio__scbench'), { version: 'fixture', source: 'latchbio/scbench@4a7d2b0 (public part)', trials: 3, suite: 'scBench' }));
    writeReference(refs, 'clinicalbench', 'fixture', buildClinicalbenchReference([20260402], { version: 'fixture', source: 'clinical-trial-auditor@639207b heuristic episodes' }));

    const sub = (bench: string, id: string, model: string, harness: { name: string; version: string }) => {
      const dir = join(root, 'results', bench, id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'submission.json'), JSON.stringify({ id, benchmark: bench, model, submitted_at: '2026-09-01', submitter: { name: 'fixture' }, harness, disclosures: { contamination: 'unknown', notes: 'test fixture' } }, null, 2));
      return dir;
    };
    cpSync(sharedPath('fixtures/medvision/Results'), join(sub('medvision', 'mv-real', 'qwen2-5-vl-7b-sft', { name: 'medvision_bm', version: 'fork-8118ec6' }), 'Results'), { recursive: true });
    // Each latch model|harness as its own submission (one model per submission), with the eval JSONs.
    const SC = sharedPath('fixtures/latch/latchbio__scbench');
    const runs = walk(join(SC, 'trajectories')).filter((p) => p.endsWith('result.json'));
    const byConfig = new Map<string, string[]>();
    for (const r of runs) {
      const parts = relative(join(SC, 'trajectories'), r).split('/');
      const key = `${parts[1]}/${parts[2]}/${parts[3]}`;
      byConfig.set(key, [...(byConfig.get(key) ?? []), r]);
    }
    let i = 0;
    for (const [, files] of [...byConfig].sort(([a], [b]) => a.localeCompare(b))) {
      const dir = sub('latch', `lt-real-${i++}`, `real-${i}`, { name: 'h', version: '1' });
      cpSync(join(SC, 'evals'), join(dir, 'evals'), { recursive: true });
      for (const f of files) cpSync(join(f, '..'), join(dir, relative(SC, join(f, '..'))), { recursive: true });
    }
    const cb = sub('clinicalbench', 'cb-real', 'heuristic', { name: 'clinical-trial-auditor', version: '639207b' });
    mkdirSync(join(cb, 'episodes'));
    cpSync(sharedPath('fixtures/clinicalbench/episodes_heuristic_seed20260402.json'), join(cb, 'episodes', 'seed-20260402.json'));
    setEnv(root);
  }, 180_000);
  afterAll(() => {
    clearEnv();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it.runIf(need.ok)('the unmodified fixture run matches its reference (no errors from the comparison)', async () => {
    vi.resetModules();
    const { checkMedvision } = await import('../../src/benchmarks/medvision/checks');
    const check = checkMedvision(join(root, 'results', 'medvision', 'mv-real'));
    expect(errors(check.findings).filter((f) => /reference/.test(f.message))).toEqual([]);
    expect(check.facts.find((f) => f.label === 'Reference')?.value).toMatch(/^fixture/);
  });

  it.runIf(need.ok)('forging one target, one eval JSON and one doc_id gives three located errors', async () => {
    const mv = join(root, 'results', 'medvision', 'mv-forged');
    cpSync(join(root, 'results', 'medvision', 'mv-real'), mv, { recursive: true });
    const kits = jsonl(mv).find((p) => p.includes('KiTS23'))!;
    const msd = jsonl(mv).find((p) => p.includes('MSD_TumorLesionSize_Task05'))!;
    // The model's own answer as the ground truth (line 3), and a doc_id the benchmark does not have (line 7).
    editLines(kits, (recs) => recs.map((r, i) => (i === 2 ? { ...r, target: `[${String((r.filtered_resps as string[])[0])}]` } : r)));
    editLines(msd, (recs) => recs.map((r, i) => (i === 6 ? { ...r, doc_id: 987654 } : r)));
    const lt = join(root, 'results', 'latch', 'lt-forged');
    cpSync(join(root, 'results', 'latch', 'lt-real-0'), lt, { recursive: true });
    const evalFile = walk(join(lt, 'evals')).find((p) => p.endsWith('NRM01_sparse_normalization.json'))!;
    const spec = JSON.parse(readFileSync(evalFile, 'utf8')) as { grader: { config: { ground_truth: Record<string, number> } } };
    const [k] = Object.keys(spec.grader.config.ground_truth);
    spec.grader.config.ground_truth[k!] = spec.grader.config.ground_truth[k!]! + 1;
    writeFileSync(evalFile, JSON.stringify(spec, null, 2));

    vi.resetModules();
    const { checkMedvision } = await import('../../src/benchmarks/medvision/checks');
    const { checkLatch } = await import('../../src/benchmarks/latch/checks');
    const mvErr = errors(checkMedvision(mv).findings);
    const ltErr = errors((await checkLatch(lt)).findings);
    const target = mvErr.filter((f) => f.pointer === '$.target');
    const docId = mvErr.filter((f) => f.pointer === '$.doc_id');
    const evalErr = ltErr.filter((f) => f.path === relative(lt, evalFile));
    expect(target).toHaveLength(1);
    expect(target[0]).toMatchObject({ path: relative(mv, kits), line: 3 });
    expect(target[0]!.message).toMatch(/differs from the reference answer key/);
    expect(docId).toHaveLength(1);
    expect(docId[0]).toMatchObject({ path: relative(mv, msd), line: 7 });
    expect(docId[0]!.message).toMatch(/doc_id 987654 is not in the reference sample set/);
    expect(evalErr).toHaveLength(1);
    expect(evalErr[0]).toMatchObject({ pointer: '$' });
    expect(evalErr[0]!.message).toMatch(/differs from the reference eval JSON/);
    rmSync(mv, { recursive: true });
    rmSync(lt, { recursive: true });
  });

  it.runIf(need.ok)('on a results tree made from the fixtures no board ranks two rows with different unit sets', async () => {
    vi.resetModules();
    const { medvisionBoards } = await import('../../src/benchmarks/medvision/boards/boards');
    const { latchBoards } = await import('../../src/benchmarks/latch/boards/boards');
    const { clinicalbenchBoards } = await import('../../src/benchmarks/clinicalbench/boards/boards');
    const boards = [...medvisionBoards(ALL), ...(await latchBoards(ALL)), ...(await clinicalbenchBoards(ALL))];
    expect(assertLikeWithLike(boards)).toBeGreaterThan(0);
    // The fixture MedVision run is the reference's own pilot set: complete, ranked.
    expect(rankedOf(boards, 'tl', 'mv-real')?.coverage).toMatchObject({ units: 9, total: 9 });
    // scbench publishes T04a runs for 11 of the 16 configurations: the other 5 are partial (3 of 4 evals).
    const overall = boards.find((b) => b.benchmark === 'latch' && b.slug === 'scbench/overall')!;
    expect(overall.sections.flatMap((s) => s.rows)).toHaveLength(11);
    const partial = overall.sections.flatMap((s) => s.unranked ?? []);
    expect(partial).toHaveLength(5);
    for (const r of partial) expect(r.coverage).toMatchObject({ units: 3, total: 4 });
    expect(rankedOf(boards, 'overall', 'cb-real')?.coverage).toMatchObject({ units: 3, total: 3 });
  }, 120_000);
});

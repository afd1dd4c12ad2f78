/**
 * Model identity: the maintainer-owned registry `models/<id>.json`, names that collide after NFKC,
 * case folding and confusable folding, result files naming another model, copies of another
 * submission's per-sample content, and entries keyed by model × harness. Each attack is a fixture
 * in a tmp results/reviews/models tree and must get a located error (file + JSON path).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { REPO, editJson, filesUnder } from './helpers';
import { validateSubmission } from '../../src/ingest/submission/validate';
import { readModelRegistry } from '../../src/ingest/models/registry';
import { confusable, namesModel } from '../../src/core/model-identity';
import type { Finding } from '../../src/core/findings';

const roots: string[] = [];
afterAll(() => { for (const r of roots) rmSync(r, { recursive: true, force: true }); });

/** A fresh repo-like tree: the bundled model registry, and the given bundled folders copied (with their reviews). */
function tree(copies: { bench: string; from: string; as?: string }[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'evalboard-identity-'));
  roots.push(root);
  cpSync(join(REPO, 'models'), join(root, 'models'), { recursive: true });
  cpSync(join(REPO, 'references'), join(root, 'references'), { recursive: true });
  for (const c of copies) copy(root, c.bench, c.from, c.as ?? c.from);
  return root;
}

/** Copy a bundled submission (and its accepted review) under another id. */
function copy(root: string, bench: string, from: string, as: string): string {
  const dir = join(root, 'results', bench, as);
  cpSync(join(REPO, 'results', bench, from), dir, { recursive: true });
  editJson(join(dir, 'submission.json'), (j) => { j.id = as; });
  mkdirSync(join(root, 'reviews', bench), { recursive: true });
  cpSync(join(REPO, 'reviews', bench, `${from}.json`), join(root, 'reviews', bench, `${as}.json`));
  return dir;
}

const model = (root: string, id: string, over: Record<string, unknown> = {}) =>
  writeFileSync(join(root, 'models', `${id}.json`), JSON.stringify({ id, name: id, org: 'Some Lab', weights: 'open', ...over }, null, 1));

const validate = (root: string, bench: string, id: string) =>
  validateSubmission(join(root, 'results', bench, id), { repoRoot: root, resultsRoot: join(root, 'results'), reviewsRoot: join(root, 'reviews'), modelsRoot: join(root, 'models') });

const errors = (fs: readonly Finding[]) => fs.filter((f) => f.severity === 'error');

/** The site's view of a tree: the gate, boards, model pages, through the env overrides. */
async function site(root: string) {
  process.env.EVALBOARD_RESULTS = join(root, 'results');
  process.env.EVALBOARD_REVIEWS = join(root, 'reviews');
  process.env.EVALBOARD_MODELS = join(root, 'models');
  vi.resetModules();
  return {
    gate: await import('../../src/board/gate'),
    boards: await import('../../src/board/boards'),
    models: await import('../../src/board/models'),
    downloads: await import('../../src/board/downloads'),
  };
}
afterEach(() => {
  delete process.env.EVALBOARD_RESULTS;
  delete process.env.EVALBOARD_REVIEWS;
  delete process.env.EVALBOARD_MODELS;
});

describe('the bundled submissions', () => {
  it('every bundled submission still validates against the bundled registry', async () => {
    for (const bench of ['medvision', 'latch', 'clinicalbench']) {
      for (const id of readdirSync(join(REPO, 'results', bench))) {
        const r = await validateSubmission(join(REPO, 'results', bench, id), { repoRoot: REPO });
        expect(errors(r.findings), `${bench}/${id}`).toEqual([]);
        expect(r.model?.id, `${bench}/${id}`).toBe(r.submission!.model);
      }
    }
  });

  it('the bundled registry has no findings and marks every demo model synthetic', () => {
    const reg = readModelRegistry(join(REPO, 'models'), REPO);
    expect(reg.findings).toEqual([]);
    expect([...reg.models.values()].every((m) => m.synthetic === true)).toBe(true);
  });
});

describe('submission.json names a registered model', () => {
  it('an unregistered id is an error at $.model that says a PR introducing a model adds models/<id>.json', async () => {
    const root = tree([{ bench: 'latch', from: 'demo-agent-small-demo' }]);
    editJson(join(root, 'results', 'latch', 'demo-agent-small-demo', 'submission.json'), (j) => { j.model = 'x'; });
    const r = await validate(root, 'latch', 'demo-agent-small-demo');
    expect(errors(r.findings)).toContainEqual(expect.objectContaining({ path: 'results/latch/demo-agent-small-demo/submission.json', pointer: '$.model', message: expect.stringMatching(/no model "x" is registered: a pull request introducing a model adds models\/x\.json/) }));
  });

  it('the old object form is an error at $.model pointing at the registry', async () => {
    const root = tree([{ bench: 'latch', from: 'demo-agent-small-demo' }]);
    editJson(join(root, 'results', 'latch', 'demo-agent-small-demo', 'submission.json'), (j) => { j.model = { name: 'demo-agent-small', org: 'x', weights: 'open' }; });
    const r = await validate(root, 'latch', 'demo-agent-small-demo');
    expect(errors(r.findings)).toContainEqual(expect.objectContaining({ path: 'results/latch/demo-agent-small-demo/submission.json', pointer: '$.model', message: expect.stringMatching(/models\/<id>\.json/) }));
  });

  it('a model added with its registry file validates, and the report says the file is new in the pull request', async () => {
    const root = tree([{ bench: 'latch', from: 'demo-agent-small-demo' }]);
    model(root, 'new-agent', { name: 'New Agent', weights: 'n/a', release_date: 'unknown', params: 'unknown', licence: 'unknown', aliases: ['demo-agent-small'] });
    rmSync(join(root, 'models', 'demo-agent-small.json'));
    editJson(join(root, 'results', 'latch', 'demo-agent-small-demo', 'submission.json'), (j) => { j.model = 'new-agent'; });
    const r = await validateSubmission(join(root, 'results', 'latch', 'demo-agent-small-demo'), {
      repoRoot: root,
      changedFiles: [{ status: 'A', path: 'models/new-agent.json' }],
    });
    expect(errors(r.findings)).toEqual([]);
    expect(r.facts[0]).toEqual({ label: 'Model', value: 'New Agent (Some Lab) — new in this pull request: models/new-agent.json, to be reviewed by a maintainer' });
  });
});

describe('registry collisions (NFKC, case folding, confusable skeleton)', () => {
  const collides = (fs: readonly Finding[], file: string, pointer: string, other: RegExp) =>
    expect(fs).toContainEqual(expect.objectContaining({ path: file, pointer, severity: 'error', message: expect.stringMatching(other) }));

  it('"demo-vlm-7B" collides with demo-vlm-7b: an error in the new registry file at $.name, and validate of its submission fails', async () => {
    const root = tree([{ bench: 'medvision', from: 'demo-vlm-7b-demo', as: 'impostor-7b' }]);
    model(root, 'demo-vlm-7b-v2', { name: 'demo-vlm-7B' });
    const reg = readModelRegistry(join(root, 'models'), root);
    collides(reg.findings, 'models/demo-vlm-7b-v2.json', '$.name', /"demo-vlm-7B" collides with "demo-vlm-7b" of models\/demo-vlm-7b\.json/);
    editJson(join(root, 'results', 'medvision', 'impostor-7b', 'submission.json'), (j) => { j.model = 'demo-vlm-7b-v2'; });
    const r = await validate(root, 'medvision', 'impostor-7b');
    collides(r.findings, 'models/demo-vlm-7b-v2.json', '$.name', /collides with "demo-vlm-7b"/);
    // Written in submission.json itself, the upper-case name is not an id at all.
    editJson(join(root, 'results', 'medvision', 'impostor-7b', 'submission.json'), (j) => { j.model = 'demo-vlm-7B'; });
    const r2 = await validate(root, 'medvision', 'impostor-7b');
    expect(errors(r2.findings)).toContainEqual(expect.objectContaining({ path: 'results/medvision/impostor-7b/submission.json', pointer: '$.model' }));
  });

  it('U+2010 hyphens, a Cyrillic "е", a capital "I" for "l", a full-width letter and a zero-width space all collide', () => {
    const root = tree();
    model(root, 'hyphen', { name: 'demo\u2010vlm\u20107b' });
    model(root, 'cyrillic', { name: 'x', aliases: ['d\u0435mo-vlm-7b'] });
    model(root, 'capital-i', { name: 'demo-vIm-7b' });
    model(root, 'fullwidth', { name: '\uff44emo-vlm-7b' });
    const reg = readModelRegistry(join(root, 'models'), root);
    collides(reg.findings, 'models/hyphen.json', '$.name', /collides with "demo-vlm-7b" of models\/demo-vlm-7b\.json/);
    collides(reg.findings, 'models/cyrillic.json', '$.aliases[0]', /collides with "demo-vlm-7b"/);
    collides(reg.findings, 'models/capital-i.json', '$.name', /collides with "demo-vlm-7b"/);
    collides(reg.findings, 'models/fullwidth.json', '$.name', /collides with "demo-vlm-7b"/);
    // The original is told too, naming the other file.
    collides(reg.findings, 'models/demo-vlm-7b.json', '$.name', /collides with .* of models\/hyphen\.json/);
    expect(confusable('a\u200bb', 'ab')).toBe(true);
    expect(confusable('demo-vlm-7b', 'demo-vlm-3b')).toBe(false);
  });

  it('a name without a letter or digit, invisible characters, a bad weights value, a javascript: link and a file/id mismatch are located errors', () => {
    const root = tree();
    model(root, 'dashes', { name: '---' });
    model(root, 'zw', { name: 'a\u200bb' });
    model(root, 'weights', { weights: 'maybe' });
    model(root, 'link', { links: { model_card: 'javascript:alert(1)' } });
    writeFileSync(join(root, 'models', 'mismatch.json'), JSON.stringify({ id: 'other', name: 'Mismatch', org: 'o', weights: 'closed' }));
    const reg = readModelRegistry(join(root, 'models'), root);
    const at = (path: string, pointer: string) => expect(reg.findings).toContainEqual(expect.objectContaining({ path, pointer, severity: 'error' }));
    at('models/dashes.json', '$.name');
    at('models/zw.json', '$.name');
    at('models/weights.json', '$.weights');
    at('models/link.json', '$.links.model_card');
    at('models/mismatch.json', '$.id');
  });

  it('two names that both slug to "x" are two models, two pages: nothing merges, no link points at the other', async () => {
    const root = tree([{ bench: 'latch', from: 'demo-agent-small-demo', as: 'jp' }, { bench: 'latch', from: 'demo-agent-large-demo', as: 'zh' }]);
    model(root, 'jp-model', { name: '日本語モデル', aliases: ['demo-agent-small'], links: { model_card: 'https://jp.example/' } });
    model(root, 'zh-model', { name: '中文模型', aliases: ['demo-agent-large'], links: { model_card: 'https://zh.example/' } });
    rmSync(join(root, 'models', 'demo-agent-small.json'));
    rmSync(join(root, 'models', 'demo-agent-large.json'));
    editJson(join(root, 'results', 'latch', 'jp', 'submission.json'), (j) => { j.model = 'jp-model'; });
    editJson(join(root, 'results', 'latch', 'zh', 'submission.json'), (j) => { j.model = 'zh-model'; });
    expect(errors((await validate(root, 'latch', 'jp')).findings)).toEqual([]);
    const { models } = await site(root);
    const pages = await models.modelPages();
    expect(pages.map((p) => [p.slug, p.name, p.links.map((l) => l.href)]).sort()).toEqual([
      ['jp-model', '日本語モデル', ['https://jp.example/']],
      ['zh-model', '中文模型', ['https://zh.example/']],
    ]);
  });
});

describe('result files name the submission\'s model', () => {
  it('a ClinicalBench episode whose agent is another model is an error at $.episodes[i].agent', async () => {
    const root = tree([{ bench: 'clinicalbench', from: 'demo-auditor-base' }]);
    const file = join(root, 'results', 'clinicalbench', 'demo-auditor-base', 'episodes', 'seed-42.json');
    editJson(file, (j) => { j.episodes[1].agent = 'demo-auditor-pro'; });
    const r = await validate(root, 'clinicalbench', 'demo-auditor-base');
    expect(errors(r.findings)).toContainEqual(expect.objectContaining({
      path: 'results/clinicalbench/demo-auditor-base/episodes/seed-42.json',
      pointer: '$.episodes[1].agent',
      message: expect.stringMatching(/agent "demo-auditor-pro" is not the submission's model "demo-auditor-base"/),
    }));
  });

  it('an agent written in another case or with NFKC-equivalent characters, or a registered alias, still matches', () => {
    expect(namesModel('DEMO-Auditor-Base', ['demo-auditor-base'])).toBe(true);
    expect(namesModel('\uff44emo-auditor-base', ['demo-auditor-base'])).toBe(true);
    expect(namesModel('demo-lab/demo-agent-small', ['demo-agent-small'])).toBe(true);
    expect(namesModel('demo-auditor-pro', ['demo-auditor-base'])).toBe(false);
  });

  it('a latch run whose model_name is another model is an error at $.model_name of its result.json', async () => {
    const root = tree([{ bench: 'latch', from: 'demo-agent-small-demo' }]);
    const dir = join(root, 'results', 'latch', 'demo-agent-small-demo');
    const runs = filesUnder(dir).filter((f) => f.endsWith('/result.json'));
    for (const f of runs) editJson(join(dir, f), (j) => { j.model_name = 'other-lab/their-model'; });
    const r = await validate(root, 'latch', 'demo-agent-small-demo');
    expect(errors(r.findings)).toContainEqual(expect.objectContaining({
      path: `results/latch/demo-agent-small-demo/${runs[0]}`,
      pointer: '$.model_name',
      message: expect.stringMatching(/model_name "other-lab\/their-model" is not the submission's model "demo-agent-small"/),
    }));
  });
});

describe('duplicate per-sample content', () => {
  it('a copy of a MedVision submission under another lab\'s registered model (renamed folders, reordered lines) is an error for both, and neither ranks', async () => {
    const root = tree([{ bench: 'medvision', from: 'demo-vlm-7b-demo' }, { bench: 'medvision', from: 'demo-vlm-3b-demo' }]);
    const dir = copy(root, 'medvision', 'demo-vlm-7b-demo', 'other-lab-vlm-run');
    model(root, 'other-lab-vlm', { name: 'Other Lab VLM', org: 'Other Lab', params: '7B' });
    editJson(join(dir, 'submission.json'), (j) => { j.model = 'other-lab-vlm'; });
    for (const task of readdirSync(join(dir, 'Results'))) renameSync(join(dir, 'Results', task, 'demo-vlm-7b'), join(dir, 'Results', task, 'other-lab-vlm'));
    const f = join(dir, filesUnder(dir).find((x) => x.endsWith('.jsonl'))!);
    writeFileSync(f, readFileSync(f, 'utf8').trim().split('\n').reverse().join('\n') + '\n');
    const r = await validate(root, 'medvision', 'other-lab-vlm-run');
    expect(errors(r.findings)).toContainEqual(expect.objectContaining({ path: 'results/medvision/other-lab-vlm-run', pointer: '$', message: expect.stringMatching(/per-sample content duplicates results\/medvision\/demo-vlm-7b-demo/) }));
    const { gate } = await site(root);
    const a = new Map((await gate.admissions()).map((x) => [x.id, x]));
    expect(a.get('other-lab-vlm-run')!.ranked).toBe(false);
    expect(a.get('demo-vlm-7b-demo')!.ranked).toBe(false);
    expect(a.get('demo-vlm-7b-demo')!.report.findings).toContainEqual(expect.objectContaining({ path: 'results/medvision/demo-vlm-7b-demo', pointer: '$', message: expect.stringMatching(/duplicates results\/medvision\/other-lab-vlm-run/) }));
    expect(a.get('demo-vlm-3b-demo')!.report.valid).toBe(true);
  });

  it('four byte-identical copies: every one gets an error naming the other three, and none is on a board', async () => {
    const ids = ['copy-a', 'copy-b', 'copy-c', 'copy-d'];
    const root = tree(ids.map((as) => ({ bench: 'clinicalbench', from: 'demo-auditor-base', as })));
    const { gate, boards } = await site(root);
    for (const x of await gate.admissions()) {
      const others = ids.filter((i) => i !== x.id).map((i) => `results/clinicalbench/${i}`).join(', ');
      expect(x.ranked, x.id).toBe(false);
      expect(x.report.findings).toContainEqual(expect.objectContaining({ path: `results/clinicalbench/${x.id}`, pointer: '$', severity: 'error', message: expect.stringContaining(`duplicates ${others} `) }));
    }
    expect((await boards.allBoards()).flatMap((b) => b.sections.flatMap((s) => s.rows))).toEqual([]);
  });
});

describe('an entry is model × harness', () => {
  it('two harnesses of one model are two rows, two entries on one model page, two compare entries, two download rows', async () => {
    const root = tree([{ bench: 'clinicalbench', from: 'demo-auditor-base', as: 'base-h1' }, { bench: 'clinicalbench', from: 'demo-auditor-base', as: 'base-h2' }]);
    const h2 = join(root, 'results', 'clinicalbench', 'base-h2');
    rmSync(join(h2, 'episodes', 'seed-42.json')); // its own run: different per-sample content
    editJson(join(h2, 'submission.json'), (j) => { j.harness = { name: 'react-agent', version: '2.0' }; delete j.claimed; });
    const { gate, boards, models, downloads } = await site(root);
    expect((await gate.admissions()).map((a) => [a.id, a.ranked])).toEqual([['base-h1', true], ['base-h2', true]]);
    const overall = (await boards.allBoards()).find((b) => b.benchmark === 'clinicalbench' && b.slug === 'overall')!;
    // Ranked or listed below the ranking (a tmp tree has no reference data): either way, two distinct entries.
    const rows = [...overall.sections[0]!.rows, ...(overall.sections[0]!.unranked ?? [])];
    expect(rows.map((r) => [r.submissionId, r.modelSlug, r.harness, r.entryKey]).sort()).toEqual([
      ['base-h1', 'demo-auditor-base', 'clinical-trial-auditor 639207b', 'demo-auditor-base~clinical-trial-auditor-639207b'],
      ['base-h2', 'demo-auditor-base', 'react-agent 2.0', 'demo-auditor-base~react-agent-2-0'],
    ]);
    const pages = await models.modelPages();
    expect(pages.map((p) => p.slug)).toEqual(['demo-auditor-base']);
    expect(pages[0]!.entries.map((e) => e.label)).toEqual(['demo-auditor-base · clinical-trial-auditor 639207b', 'demo-auditor-base · react-agent 2.0']);
    // Compare pages list ranked entries only; both harnesses are admitted as ranked by the gate.
    const entries = await models.compareEntries();
    expect(entries.map((e) => e.slug).sort()).toEqual(['demo-auditor-base~clinical-trial-auditor-639207b', 'demo-auditor-base~react-agent-2-0']);
    expect(downloads.boardRecords(overall).map((r) => r.entry).sort()).toEqual(['demo-auditor-base~clinical-trial-auditor-639207b', 'demo-auditor-base~react-agent-2-0']);
  });
});

/**
 * latch importer (scBench, SpatialBench, SpatialBench-Long): a suite checkout with
 * `trajectories/<eval>/<provider>/<model>/<harness>/r<N>/result.json` becomes one submission per
 * model × harness, each holding its runs' `result.json` (byte for byte) and the eval JSONs they
 * ran, normalised to `evals/<task>/<id>.json`. Evals are read from `evals/<task>/<id>.json`,
 * `evals/<id>/eval.json` (its `vocabulary.json` is not an eval) or `evals_canonical/`. `r<N>` is
 * the trial identity: a repeated `trial_index` under another `r<N>` is a rerun (a warning). An
 * eval whose JSON or grader is withheld is "not recomputable": its runs are listed, never copied
 * or scored. Published tables (`results/*.csv|json`) become reported rows of the suite. The
 * suite version's reference (canonical eval hashes, required trials) comes from the same tree.
 */
import { idSlug } from '../../../core/slug';
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import Papa from 'papaparse';
import type { ImportOptions, ImportReport, ReportedTable } from '../../../core/benchmark';
import type { ModelRecord } from '../../../core/model-schema';
import type { Review, Submission } from '../../../core/submission-schema';
import { creditFromProvenance } from '../../../core/source-credit';
import { isRealDir, isRealFile, listDir } from '../../../core/fs-walk';
import { parsePythonJson } from '../../../core/python-json';
import { ImportPlan, emptyReport, readJsonOrUndefined } from '../../../ingest/import-plan';
import { writeReference } from '../../../ingest/references';
import { buildLatchReference, type TrustedEval } from '../reference/build';
import { evalSchema, type EvalSpec } from '../formats/schemas';
import { markdownTables } from '../../../core/markdown-tables';

const slug = idSlug;

/** The suite a checkout holds, from the eval metadata or the folder name. */
export function suiteOf(source: string, evals: readonly EvalSpec[]): string {
  const named = evals.map((e) => (e.metadata as { benchmark?: unknown } | undefined)?.benchmark).find((b): b is string => typeof b === 'string');
  if (named) return named;
  const n = basename(source).toLowerCase().replace(/^latchbio__/, '');
  if (n.includes('spatialbench-long') || n.includes('spatialbench_long')) return 'SpatialBench-Long';
  if (n.includes('spatialbench')) return 'SpatialBench';
  if (n.includes('scbench')) return 'scBench';
  return basename(source);
}

interface FoundEval {
  file: string;
  spec: EvalSpec;
  task?: string;
}

/** Every eval JSON of a suite checkout, in one of the three upstream layouts. */
function findEvals(source: string, report: ImportReport): FoundEval[] {
  const out: FoundEval[] = [];
  const rel = (p: string) => relative(source, p);
  const read = (file: string, task?: string) => {
    let raw: unknown;
    try {
      raw = parsePythonJson(readFileSync(file, 'utf8'));
    } catch (e) {
      report.skipped.push({ path: rel(file), reason: `not valid JSON: ${(e as Error).message}` });
      return;
    }
    const parsed = evalSchema.safeParse(raw);
    if (!parsed.success) {
      const o = raw as { id?: unknown; grader?: unknown; graders?: unknown };
      if (o && typeof o === 'object' && typeof o.id === 'string' && o.grader === undefined && o.graders === undefined) {
        report.notes.push(`eval ${o.id} (${rel(file)}): grader withheld: not recomputable (listed, never scored)`);
        withheld.add(o.id);
      } else report.skipped.push({ path: rel(file), reason: `not an eval JSON: ${parsed.error.issues[0]?.message ?? 'schema'}` });
      return;
    }
    out.push({ file, spec: raw as EvalSpec, ...(task ? { task } : {}) });
  };
  for (const root of ['evals', 'evals_canonical']) {
    const dir = join(source, root);
    if (!isRealDir(dir)) continue;
    for (const e of listDir(dir)) {
      const p = join(dir, e);
      if (isRealFile(p)) {
        if (e === 'manifest.json') continue;
        if (e.endsWith('.json')) read(p);
        else report.skipped.push({ path: rel(p), reason: 'not an eval JSON' });
        continue;
      }
      if (!isRealDir(p)) continue;
      if (isRealFile(join(p, 'eval.json'))) {
        // evals/<id>/eval.json (SpatialBench-Long): the folder's other files are inputs, not evals.
        read(join(p, 'eval.json'));
        for (const f of listDir(p)) if (f !== 'eval.json') report.skipped.push({ path: rel(join(p, f)), reason: f === 'vocabulary.json' ? "the eval's vocabulary, not an eval" : 'eval input, not an eval JSON' });
        continue;
      }
      for (const f of listDir(p)) {
        if (f.endsWith('.json') && isRealFile(join(p, f))) read(join(p, f), e);
        else report.skipped.push({ path: rel(join(p, f)), reason: 'not an eval JSON' });
      }
    }
  }
  return out;
}
const withheld = new Set<string>();

interface Run {
  evalId: string;
  provider: string;
  model: string;
  harness: string;
  trial: string;
  file: string;
  data: { model_name?: string; harness?: string; trial_index?: number; n_trials?: number; latch_eval_tools_version?: string };
}

const GROUP_NAMES: Record<string, string> = { tasks: 'task', platforms: 'platform' };

/**
 * scBench's grouped tables (`results/category_results.json`, `platform_results.json`):
 * `{metadata, tasks|platforms: {<group>: {n_evals, model: {<model>-<harness>: {passed, ci_low, ci_high}}}}}`,
 * one row per group × model key. Undefined for any other shape (then flattened generically).
 */
function groupedTable(data: Record<string, unknown>): { by: string; columns: string[]; rows: ReportedTable['rows'] } | undefined {
  const keys = Object.keys(data).filter((k) => k !== 'metadata');
  if (keys.length !== 1) return undefined;
  const by = GROUP_NAMES[keys[0]!] ?? keys[0]!;
  const groups = data[keys[0]!];
  if (!groups || typeof groups !== 'object' || Array.isArray(groups)) return undefined;
  const rows: ReportedTable['rows'] = [];
  const columns = new Set<string>([by, 'key']);
  for (const [group, g] of Object.entries(groups as Record<string, unknown>)) {
    const models = g && typeof g === 'object' ? (g as { model?: unknown }).model : undefined;
    if (!models || typeof models !== 'object' || Array.isArray(models)) return undefined;
    const nEvals = (g as { n_evals?: unknown }).n_evals;
    for (const [key, x] of Object.entries(models as Record<string, unknown>)) {
      const row: Record<string, string | number | null> = { [by]: group, key };
      if (x && typeof x === 'object' && !Array.isArray(x)) {
        for (const [k, y] of Object.entries(x as Record<string, unknown>)) {
          if (typeof y === 'number' || typeof y === 'string' || y === null) {
            row[k] = y;
            columns.add(k);
          }
        }
      }
      if (typeof nEvals === 'number') row.n_evals = nEvals;
      rows.push(row);
    }
  }
  if (rows.some((r) => 'n_evals' in r)) columns.add('n_evals');
  return rows.length ? { by, columns: [...columns], rows } : undefined;
}

/** A README cell that states a number (`57.9`, `0.60`, `45%`, `-1.2`): what marks a table as published results. */
const NUMERIC_CELL = /^[-+]?\d+(\.\d+)?\s*%?$/;

/**
 * The README's result tables (those with a number outside the first column), cells as printed,
 * each titled with the heading above it; other tables (install options, file lists) are noted.
 */
function readmeTables(source: string, suite: string, report: ImportReport): ReportedTable[] {
  const file = listDir(source).find((f) => /^readme\.md$/i.test(f) && isRealFile(join(source, f)));
  if (!file) return [];
  const out: ReportedTable[] = [];
  markdownTables(readFileSync(join(source, file), 'utf8')).forEach((t, i) => {
    const where = `${file} line ${t.line}${t.heading ? ` (${t.heading})` : ''}`;
    if (!t.rows.some((r) => r.slice(1).some((c) => NUMERIC_CELL.test(c)))) {
      report.notes.push(`${where}: a table without numbers, not a published result: not imported`);
      return;
    }
    const columns = t.header.map((h, j) => (t.header.indexOf(h) === j && h ? h : `${h || 'column'} (${j + 1})`));
    const rows = t.rows.map((r) => Object.fromEntries(columns.map((c, j) => [c, r[j] === undefined || r[j] === '' ? null : r[j]!])));
    out.push({ suite, title: `${suite} README: ${t.heading ?? `table ${i + 1}`}`, from: `${file}#table-${i + 1}`, columns, rows });
  });
  return out;
}

function publishedTables(source: string, suite: string, report: ImportReport): ReportedTable[] {
  const dir = join(source, 'results');
  const out: ReportedTable[] = [...readmeTables(source, suite, report)];
  for (const f of listDir(dir)) {
    const p = join(dir, f);
    if (!isRealFile(p)) continue;
    if (f.endsWith('.csv')) {
      const parsed = Papa.parse<Record<string, string>>(readFileSync(p, 'utf8'), { header: true, skipEmptyLines: true });
      const columns = parsed.meta.fields ?? [];
      const rows = parsed.data.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] === undefined || r[c] === '' ? null : Number.isFinite(Number(r[c])) ? Number(r[c]) : r[c]!])));
      out.push({ suite, title: `${suite} published table ${f}`, from: `results/${f}`, columns, rows });
    } else if (f.endsWith('.json')) {
      const data = readJsonOrUndefined(p);
      if (!data || typeof data !== 'object') continue;
      const grouped = groupedTable(data as Record<string, unknown>);
      if (grouped) {
        out.push({ suite, title: `${suite} published table ${f} (by ${grouped.by})`, from: `results/${f}`, columns: grouped.columns, rows: grouped.rows });
        continue;
      }
      const rows: ReportedTable['rows'] = [];
      const columns = new Set<string>(['group', 'key']);
      for (const [group, v] of Object.entries(data as Record<string, unknown>)) {
        const entries = v && typeof v === 'object' ? Object.entries(v as Record<string, unknown>) : [];
        for (const [key, x] of entries) {
          const row: Record<string, string | number | null> = { group, key };
          if (x && typeof x === 'object' && !Array.isArray(x)) {
            for (const [k, y] of Object.entries(x as Record<string, unknown>)) if (typeof y === 'number' || typeof y === 'string' || y === null) {
              row[k] = y;
              columns.add(k);
            }
          } else if (typeof x === 'number' || typeof x === 'string') {
            row.value = x;
            columns.add('value');
          }
          rows.push(row);
        }
      }
      if (rows.length) out.push({ suite, title: `${suite} published table ${f}`, from: `results/${f}`, columns: [...columns], rows });
    }
  }
  return out;
}

function provenanceText(opts: ImportOptions): string {
  const p = opts.provenance;
  if (!p?.repo) return `local tree ${opts.source}`;
  return `${p.repo}${p.commit ? `@${p.commit.slice(0, 12)}` : ''}${p.path ? ` ${p.path}` : ''}`;
}

export async function importLatch(opts: ImportOptions): Promise<ImportReport> {
  withheld.clear();
  const dryRun = opts.dryRun ?? false;
  const source = opts.source;
  const report = emptyReport('latch', source, dryRun);
  const plan = new ImportPlan();
  const evals = findEvals(source, report);
  const byId = new Map<string, FoundEval>();
  for (const e of evals) {
    if (byId.has(e.spec.id)) report.notes.push(`eval ${e.spec.id}: also at ${relative(source, e.file)}; kept ${relative(source, byId.get(e.spec.id)!.file)}`);
    else byId.set(e.spec.id, e);
  }
  const manifest = new Map<string, { task?: string; kit?: string }>();
  const m = readJsonOrUndefined(join(source, 'evals', 'manifest.json'));
  if (Array.isArray(m)) for (const x of m as { eval_id?: string; task?: string; kit?: string }[]) if (x.eval_id) manifest.set(x.eval_id, { ...(x.task ? { task: x.task } : {}), ...(x.kit ? { kit: x.kit } : {}) });
  const suite = suiteOf(source, evals.map((e) => e.spec));
  const version = opts.version ?? slug(`${suite}${opts.provenance?.commit ? `-${opts.provenance.commit.slice(0, 7)}` : ''}`);

  // Runs: trajectories/<eval>/<provider>/<model>/<harness>/r<N>/result.json
  const runs: Run[] = [];
  const tdir = join(source, 'trajectories');
  for (const ev of listDir(tdir)) for (const provider of listDir(join(tdir, ev))) for (const model of listDir(join(tdir, ev, provider))) for (const harness of listDir(join(tdir, ev, provider, model))) {
    for (const trial of listDir(join(tdir, ev, provider, model, harness))) {
      const d = join(tdir, ev, provider, model, harness, trial);
      if (!isRealDir(d) || !/^r\d+$/.test(trial)) {
        report.skipped.push({ path: relative(source, d), reason: 'not a trial folder r<N>' });
        continue;
      }
      for (const f of listDir(d)) if (f !== 'result.json') report.skipped.push({ path: relative(source, join(d, f)), reason: f === 'eval_answer.json' ? 'the answer is also in result.json, which is what is graded' : 'run log, not read' });
      const file = join(d, 'result.json');
      const data = readJsonOrUndefined(file) as Run['data'] | undefined;
      if (!data) {
        report.skipped.push({ path: relative(source, d), reason: 'no readable result.json' });
        continue;
      }
      runs.push({ evalId: ev, provider, model, harness, trial, file, data });
    }
  }
  const notRecomputable = new Map<string, number>();
  const usable = runs.filter((r) => {
    if (byId.has(r.evalId)) return true;
    notRecomputable.set(r.evalId, (notRecomputable.get(r.evalId) ?? 0) + 1);
    return false;
  });
  for (const [ev, n] of [...notRecomputable].sort(([a], [b]) => a.localeCompare(b))) {
    report.skipped.push({ path: `trajectories/${ev}`, reason: `${n} run(s) of an eval whose ${withheld.has(ev) ? 'grader is' : 'eval JSON is'} withheld: not recomputable (listed, never scored)` });
  }
  for (const id of [...withheld].sort()) if (!notRecomputable.has(id)) report.notes.push(`eval ${id}: not recomputable (grader withheld), no runs`);

  // One submission per model × harness.
  const groups = new Map<string, Run[]>();
  for (const r of usable) {
    const key = `${r.provider}/${r.model}\u0000${r.harness}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const provenance = provenanceText(opts);
  const p = opts.provenance;
  const models = new Map<string, ModelRecord>();
  const trialsSeen: number[] = [];
  for (const [key, rs] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [providerModel, harnessName] = key.split('\u0000') as [string, string];
    const [provider, modelFolder] = providerModel.split('/') as [string, string];
    // The model is its trajectories folder <provider>/<model>; every model_name its runs write is an alias.
    const names = [...new Set(usable.filter((r) => r.provider === provider && r.model === modelFolder).map((r) => r.data.model_name).filter((x): x is string => typeof x === 'string'))].sort();
    const modelName = `${provider}/${modelFolder}`;
    const modelId = slug(`${provider}-${modelFolder}`);
    if (!models.has(modelId)) {
      models.set(modelId, {
        id: modelId,
        name: modelFolder,
        org: provider,
        // Runs through a provider's API: the source does not say; a maintainer checks it.
        weights: 'closed',
        params: 'unknown',
        licence: 'unknown',
        release_date: 'unknown',
        aliases: [...new Set([modelName, ...names].filter((n) => n !== modelFolder))].sort(),
      });
      report.notes.push(`models/${modelId}.json: weights written "closed" (the runs name a provider, the source does not say); check it`);
    }
    const id = slug(`${suite}-${modelId}-${harnessName}`);
    const out = join(opts.out.resultsRoot, 'latch', id);
    plan.replaceFolder(out);
    // Reruns: r<N> is the trial; a trial_index seen under another r<N> of the same eval is a rerun.
    const perEval = new Map<string, Map<number, string[]>>();
    for (const r of rs) {
      const ti = r.data.trial_index;
      if (typeof ti !== 'number') continue;
      const m2 = perEval.get(r.evalId) ?? new Map<number, string[]>();
      m2.set(ti, [...(m2.get(ti) ?? []), r.trial]);
      perEval.set(r.evalId, m2);
    }
    for (const [ev, m2] of perEval) for (const [ti, trials] of m2) if (trials.length > 1) report.notes.push(`warning: ${id}: eval ${ev} trial_index ${ti} recorded under ${trials.join(', ')}: reruns (r<N> is the trial identity)`);
    const versions = [...new Set(rs.map((r) => r.data.latch_eval_tools_version).filter((x): x is string => typeof x === 'string'))].sort();
    for (const r of rs) {
      plan.copy(r.file, join(out, 'trajectories', r.evalId, r.provider, r.model, r.harness, r.trial, 'result.json'));
      if (typeof r.data.n_trials === 'number') trialsSeen.push(r.data.n_trials);
    }
    for (const ev of [...new Set(rs.map((r) => r.evalId))].sort()) {
      const e = byId.get(ev)!;
      const task = (e.spec.metadata?.task as string | undefined) ?? e.task ?? manifest.get(ev)?.task ?? ev;
      plan.copy(e.file, join(out, 'evals', task, `${ev}.json`));
    }
    const unknown = ['harness.version (result.json names the harness only)', 'submitted_at', 'disclosures.contamination', 'model weights', 'model params', 'model licence', 'model release_date'];
    if (!p?.attribution) unknown.push('submitter');
    const credit = creditFromProvenance(opts.provenance);
    const submission: Submission = {
      id,
      benchmark: 'latch',
      model: modelId,
      submitted_at: '1970-01-01',
      submitter: { name: p?.attribution ?? 'unknown' },
      harness: { name: harnessName, version: 'unknown' },
      disclosures: {
        contamination: 'unknown',
        notes: [
          `Imported by evalboard (npm run import) from ${provenance}${p?.licence ? `; licence: ${p.licence}` : ''}${p?.attribution ? `; attribution: ${p.attribution}` : ''}.`,
          `Suite: ${suite}. ${rs.length} run(s) of ${perEval.size} eval(s); graded by latch-eval-tools ${versions.join(', ') || 'unknown'}.`,
          'Run date unknown: result.json carries none (submitted_at is a placeholder).',
        ].join(' '),
      },
      ...(credit ? { source: credit } : {}),
    };
    plan.json(join(out, 'submission.json'), submission);
    if (opts.out.reviewsRoot) {
      const review: Review = { status: 'under_review', revision: 1, verdict: 'Imported, not reviewed', text: `Imported from ${provenance}. No maintainer has reviewed it yet: listed, not ranked.`, changelog: [] };
      const rf = join(opts.out.reviewsRoot, 'latch', `${id}.json`);
      plan.json(rf, review);
      report.reviews.push(rf);
    }
    report.submissions.push({ id, dir: out, model: modelId, harness: { name: harnessName, version: 'unknown' }, files: rs.length + perEval.size, unknown });
  }
  for (const [id, rec] of [...models].sort(([a], [b]) => a.localeCompare(b))) {
    plan.json(join(opts.out.modelsRoot, `${id}.json`), rec);
    report.models.push(id);
  }
  report.reported.push(...publishedTables(source, suite, report));

  if (byId.size) {
    const trials = trialsSeen.length ? Math.max(...trialsSeen) : 3;
    if (!trialsSeen.length) report.notes.push('required trials: no run states n_trials; the reference requires 3 (scBench and SpatialBench publish 3)');
    const trusted: TrustedEval[] = [...byId.values()].map(({ spec }) => ({ spec, ...(manifest.has(spec.id) ? { manifest: manifest.get(spec.id)! } : {}) }));
    const ref = buildLatchReference(trusted, { version, source: `${suite}: ${provenance}`, trials, suite });
    const file = join(opts.out.referencesRoot, 'latch', `${version}.json`);
    if (!dryRun) writeReference(opts.out.referencesRoot, 'latch', version, ref);
    report.references.push(file);
    report.notes.push(`reference ${version}: ${byId.size} eval(s) of ${suite}, ${trials} trials required`);
  }
  report.written = [...plan.write(dryRun), ...report.references].sort();
  return report;
}


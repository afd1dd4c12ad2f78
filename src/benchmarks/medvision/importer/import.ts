/**
 * MedVision importer: an upstream `Results/` tree (or a fork/checkout holding one) becomes one
 * submission per model folder `Results/<task_tag>/<model>/`, only its `parsed/` sample files and
 * `<ts>_results.json` copied byte for byte. Task-specific checkpoints of one base model
 * (`<org>/<base>__TL`, `__AD`, `__detect`) are one registered model, so they make one entry
 * family (model × harness) across the TL, AD and Detection boards. Model and harness come from the
 * run's own `results.json` (`config.model_args`'s Hugging Face id, `git_hash`, `date`, `limit`,
 * `n-samples`); whatever it does not say is written "unknown". The benchmark version's reference
 * (sample set and answer key per subtask) is built from the same pinned tree.
 */
import { basename, join, relative, resolve } from 'node:path';
import type { ImportOptions, ImportReport, ReportedTable } from '../../../core/benchmark';
import type { ModelRecord } from '../../../core/model-schema';
import type { Review, Submission } from '../../../core/submission-schema';
import { creditFromProvenance } from '../../../core/source-credit';
import { isRealDir, isRealFile, listDir } from '../../../core/fs-walk';
import { ImportPlan, emptyReport, readJsonOrUndefined } from '../../../ingest/import-plan';
import { writeReference } from '../../../ingest/references';
import { buildMedvisionReferenceFromTree } from '../reference/read';
import type { MedvisionReference } from '../reference/schema';
import { PILOT_CAP } from '../sample-class';

const SAMPLES = /^\d{8}_\d{6}_samples_.+\.jsonl$|_samples_.+\.jsonl$/;
const RESULTS = /_results\.json$/;
const SUMMARY = /^summary_.*\.json$/;

/** The `Results/` folder of a source: itself, or `<source>/Results`. */
export function resultsFolderOf(source: string): string {
  return isRealDir(join(source, 'Results')) ? join(source, 'Results') : source;
}

/** Facts one model folder's `<ts>_results.json` files state. */
export interface RunFacts {
  hfIds: string[];
  gitHashes: string[];
  dates: string[];
  limits: number[];
  nSamples: Record<string, { original?: number; effective?: number }>;
  modelSource: string[];
}

const uniq = (xs: string[]) => [...new Set(xs)].sort();

/** The Hugging Face id in lmms-eval's `model_args` (`model_version=`, `pretrained=` or `model=`). */
export function hfIdOf(modelArgs: string): string | undefined {
  for (const part of modelArgs.split(',')) {
    const m = /^\s*(?:model_version|pretrained|model|model_name_or_path)=([A-Za-z0-9][\w.-]*\/[\w.-]+)\s*$/.exec(part);
    if (m) return m[1];
  }
  return undefined;
}

export function runFacts(resultsFiles: string[]): RunFacts {
  const f: RunFacts = { hfIds: [], gitHashes: [], dates: [], limits: [], nSamples: {}, modelSource: [] };
  for (const file of resultsFiles) {
    const d = readJsonOrUndefined(file) as Record<string, unknown> | undefined;
    if (!d || typeof d !== 'object') continue;
    const cfg = (d.config ?? {}) as Record<string, unknown>;
    if (typeof cfg.model_args === 'string') {
      const id = hfIdOf(cfg.model_args);
      if (id) f.hfIds.push(id);
    }
    if (typeof d.git_hash === 'string' && d.git_hash) f.gitHashes.push(d.git_hash);
    if (typeof d.date === 'string') {
      const m = /^(\d{4})(\d{2})(\d{2})/.exec(d.date);
      if (m) f.dates.push(`${m[1]}-${m[2]}-${m[3]}`);
    }
    if (typeof cfg.limit === 'number') f.limits.push(cfg.limit);
    if (typeof d.model_source === 'string' && d.model_source) f.modelSource.push(d.model_source);
    const ns = d['n-samples'];
    if (ns && typeof ns === 'object') {
      for (const [k, v] of Object.entries(ns as Record<string, { original?: unknown; effective?: unknown }>)) {
        f.nSamples[k] = {
          ...(typeof v?.original === 'number' ? { original: v.original } : {}),
          ...(typeof v?.effective === 'number' ? { effective: v.effective } : {}),
        };
      }
    }
  }
  return { ...f, hfIds: uniq(f.hfIds), gitHashes: uniq(f.gitHashes), dates: uniq(f.dates), limits: [...new Set(f.limits)].sort((a, b) => a - b), modelSource: uniq(f.modelSource) };
}

/** A safe registry / folder id from free text. */
export const safeSlug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^a-z0-9]+|[-._]+$/g, '')
    .slice(0, 80) || 'unknown';

/** A checkpoint trained for one task family: `<org>/<base>__TL` → base `<org>/<base>`, task `TL`. */
export function checkpointFamily(hfId: string): { base: string; task?: string } {
  const m = /^(.+?)(?:__|[-_])(TL|AD|detect|Detection|det)$/i.exec(hfId);
  return m ? { base: m[1]!, task: m[2]! } : { base: hfId };
}

interface Folder {
  taskTag: string;
  model: string;
  dir: string;
  samples: string[];
  results: string[];
  facts: RunFacts;
}

function provenanceText(opts: ImportOptions): string {
  const p = opts.provenance;
  if (!p?.repo) return `local tree ${opts.source}`;
  return `${p.repo}${p.commit ? `@${p.commit.slice(0, 12)}` : ''}${p.path ? ` ${p.path}` : ''}`;
}

export function defaultVersion(opts: ImportOptions, fallback: string): string {
  if (opts.version) return opts.version;
  const p = opts.provenance;
  if (p?.repo) return safeSlug(`${p.repo.replace(/^https?:\/\/(www\.)?github\.com\//, '').replace(/\.git$/, '')}${p.commit ? `-${p.commit.slice(0, 7)}` : ''}`);
  return safeSlug(fallback);
}

/** Summary-only folders (upstream summaries, no per-sample data): their figures as reported rows. */
function reportedFromSummaries(folder: string, rel: string, suite: string): ReportedTable[] {
  const out: ReportedTable[] = [];
  const walk = (d: string): string[] => listDir(d).flatMap((e) => (isRealDir(join(d, e)) ? walk(join(d, e)) : isRealFile(join(d, e)) && SUMMARY.test(e) ? [join(d, e)] : []));
  for (const file of walk(folder)) {
    const data = readJsonOrUndefined(file);
    if (!data || typeof data !== 'object') continue;
    const rows: ReportedTable['rows'] = [];
    const columns = new Set<string>(['group']);
    for (const [group, v] of Object.entries(data as Record<string, unknown>)) {
      if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
      const row: Record<string, string | number | null> = { group };
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (typeof x === 'number' || x === null) {
          row[k] = x;
          columns.add(k);
        }
      }
      if (Object.keys(row).length > 1) rows.push(row);
    }
    if (rows.length) out.push({ suite, title: `${relative(folder, file)} (reported by upstream, no per-sample data)`, from: join(rel, relative(folder, file)), columns: [...columns], rows });
  }
  return out;
}

/** Upstream's folder of the paper's per-model summaries: `Paper-results-backup/<TL|AD|detect>/<model>/<parse>/summary_*.json`. */
const PAPER_BACKUP = 'Paper-results-backup';

/** Each paper summary as a reported table of its task family (`TL` → `MedVision-TL`), titled with the model and parse. */
function paperBackupTables(dir: string, rel: string): ReportedTable[] {
  const out: ReportedTable[] = [];
  for (const family of listDir(dir)) {
    if (!isRealDir(join(dir, family))) continue;
    for (const model of listDir(join(dir, family))) {
      const modelDir = join(dir, family, model);
      if (!isRealDir(modelDir)) continue;
      for (const t of reportedFromSummaries(modelDir, join(rel, family, model), `MedVision-${family}`)) {
        out.push({ ...t, title: `${model}, paper results (${t.from.split('/').slice(3).join('/')}; upstream's summary, no per-sample data)` });
      }
    }
  }
  return out;
}

export async function importMedvision(opts: ImportOptions): Promise<ImportReport> {
  const dryRun = opts.dryRun ?? false;
  const report = emptyReport('medvision', opts.source, dryRun);
  const results = resultsFolderOf(opts.source);
  const relOf = (p: string) => relative(opts.source, p) || '.';
  const plan = new ImportPlan();
  const folders: Folder[] = [];

  if (results !== opts.source) {
    for (const e of listDir(opts.source)) {
      if (e === 'Results') continue;
      if (e === PAPER_BACKUP && isRealDir(join(opts.source, e))) {
        const reported = paperBackupTables(join(opts.source, e), e);
        report.reported.push(...reported);
        report.skipped.push({ path: e, reason: reported.length ? `the paper's per-model summaries (no per-sample data): ${reported.length} imported as reported rows` : 'no summary files: nothing imported' });
        continue;
      }
      report.skipped.push({ path: e, reason: 'outside Results/: not a MedVision result file' });
    }
  }
  for (const tag of listDir(results)) {
    const tagDir = join(results, tag);
    if (!isRealDir(tagDir)) {
      report.skipped.push({ path: relOf(tagDir), reason: 'raw file outside a model folder (Results/<task_tag>/<model>/)' });
      continue;
    }
    for (const model of listDir(tagDir)) {
      const dir = join(tagDir, model);
      if (!isRealDir(dir)) {
        report.skipped.push({ path: relOf(dir), reason: 'raw file outside a model folder (Results/<task_tag>/<model>/)' });
        continue;
      }
      for (const e of listDir(dir)) {
        if (e === 'parsed') continue;
        report.skipped.push({ path: relOf(join(dir, e)), reason: isRealFile(join(dir, e)) && /\.jsonl$/.test(e) ? 'unparsed records (raw lmms-eval output; only parse_outputs\' parsed/ files are scored)' : 'outside parsed/: not read' });
      }
      const parsed = join(dir, 'parsed');
      if (!isRealDir(parsed)) {
        const reported = reportedFromSummaries(dir, relOf(dir), tag);
        report.reported.push(...reported);
        report.skipped.push({ path: relOf(dir), reason: reported.length ? 'summary-only folder (no parsed/): imported as reported rows' : 'no parsed/ folder: nothing to score' });
        continue;
      }
      const files = listDir(parsed).filter((f) => isRealFile(join(parsed, f)));
      const samples = files.filter((f) => SAMPLES.test(f) && !f.includes('_proc_acc') && !f.includes('_eq_acc'));
      const res = files.filter((f) => RESULTS.test(f));
      for (const f of files) {
        if (samples.includes(f) || res.includes(f)) continue;
        report.skipped.push({ path: relOf(join(parsed, f)), reason: SUMMARY.test(f) ? "upstream summarizer output (aggregates of the submitter's own parse): recomputed from the samples, not imported" : 'not a parsed sample file or results.json' });
      }
      if (samples.length === 0) {
        const reported = reportedFromSummaries(parsed, relOf(parsed), tag);
        report.reported.push(...reported);
        report.skipped.push({ path: relOf(dir), reason: reported.length ? 'summary-only folder (no parsed sample files): imported as reported rows' : 'parsed/ holds no sample files' });
        continue;
      }
      folders.push({ taskTag: tag, model, dir, samples: samples.map((f) => join(parsed, f)), results: res.map((f) => join(parsed, f)), facts: runFacts(res.map((f) => join(parsed, f))) });
    }
  }

  const provenance = provenanceText(opts);
  const p = opts.provenance;
  const attribution = p?.attribution;
  const models = new Map<string, ModelRecord>();
  const usedIds = new Set<string>();
  for (const f of folders) {
    const unknown: string[] = [];
    const hf = f.facts.hfIds.length === 1 ? f.facts.hfIds[0] : undefined;
    if (f.facts.hfIds.length > 1) report.notes.push(`${relOf(f.dir)}: its results.json files name ${f.facts.hfIds.length} models (${f.facts.hfIds.join(', ')}); model written from the folder name`);
    const family = hf ? checkpointFamily(hf) : undefined;
    const modelId = safeSlug(family ? family.base.replace('/', '-') : f.model);
    if (!models.has(modelId)) {
      const [org, name] = family ? [family.base.split('/')[0]!, family.base.split('/').slice(1).join('/')] : ['unknown', f.model];
      if (!family) unknown.push('model org');
      models.set(modelId, {
        id: modelId,
        name: name!,
        org: org!,
        // A Hugging Face hub id that vLLM loads: the weights are published.
        weights: family ? 'open' : 'closed',
        params: 'unknown',
        licence: 'unknown',
        release_date: 'unknown',
        ...(family?.task ? {} : hf ? { links: { model_card: `https://huggingface.co/${hf}` } } : {}),
      });
      if (!family) report.notes.push(`${relOf(f.dir)}: no Hugging Face id in results.json; model ${modelId} registered with weights "closed" and org "unknown": a maintainer must check models/${modelId}.json`);
    }
    const rec = models.get(modelId)!;
    const aliases = new Set(rec.aliases ?? []);
    if (hf) aliases.add(hf);
    if (f.model !== rec.name) aliases.add(f.model);
    rec.aliases = [...aliases].sort();

    const gitHash = f.facts.gitHashes.length === 1 ? f.facts.gitHashes[0] : undefined;
    if (!gitHash) unknown.push('harness.version (results.json git_hash is null)');
    const harness: Submission['harness'] = { name: 'medvision_bm', version: gitHash ? gitHash.slice(0, 12) : 'unknown', ...(gitHash ? { commit: gitHash } : {}) };
    const date = f.facts.dates[0];
    if (!date) unknown.push('submitted_at (no date in results.json; import date used: none)');
    let id = safeSlug(`${modelId}-${family?.task ?? f.taskTag.replace(/^MedVision-/, '')}`);
    for (let i = 2; usedIds.has(id); i++) id = safeSlug(`${modelId}-${f.taskTag}-${i}`);
    usedIds.add(id);
    const limit = f.facts.limits.length === 1 ? f.facts.limits[0]! : undefined;
    const counts = Object.entries(f.facts.nSamples)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k} ${v.effective ?? '?'} of ${v.original ?? '?'}`);
    const notes = [
      `Imported by evalboard (npm run import) from ${provenance}, folder ${relOf(f.dir)}${p?.licence ? `; licence: ${p.licence}` : ''}${attribution ? `; attribution: ${attribution}` : ''}.`,
      hf ? `Checkpoint: ${hf} (results.json config.model_args).` : 'Checkpoint: unknown (no Hugging Face id in results.json).',
      limit !== undefined ? `Run with --limit ${limit} (results.json config.limit)${limit <= PILOT_CAP ? `: runs capped at ${PILOT_CAP} samples per subtask` : ''}.` : 'Run limit: unknown.',
      counts.length ? `Samples per subtask (n-samples effective of original): ${counts.join('; ')}.` : '',
      f.facts.modelSource.length ? `lmms-eval model backend: ${f.facts.modelSource.join(', ')}.` : '',
      'Contamination: unknown (not stated by the source).',
    ].filter(Boolean);
    const credit = creditFromProvenance(opts.provenance);
    const submission: Submission = {
      id,
      benchmark: 'medvision',
      model: modelId,
      submitted_at: date ?? '1970-01-01',
      submitter: { name: attribution ?? 'unknown' },
      harness,
      disclosures: { contamination: 'unknown', notes: notes.join(' ') },
      ...(credit ? { source: credit } : {}),
    };
    if (!date) report.notes.push(`${relOf(f.dir)}: no run date in results.json: submitted_at written as 1970-01-01 (placeholder, fill in by hand)`);
    if (!attribution) unknown.push('submitter');
    unknown.push('disclosures.contamination', 'model params', 'model licence', 'model release_date');
    const out = join(opts.out.resultsRoot, 'medvision', id);
    plan.replaceFolder(out);
    plan.json(join(out, 'submission.json'), submission);
    for (const file of [...f.samples, ...f.results]) plan.copy(file, join(out, 'Results', f.taskTag, f.model, 'parsed', file.slice(join(f.dir, 'parsed').length + 1)));
    if (opts.out.reviewsRoot) {
      const review: Review = {
        status: 'under_review',
        revision: 1,
        verdict: 'Imported, not reviewed',
        text: `Imported from ${provenance}. No maintainer has reviewed it yet: listed, not ranked.`,
        changelog: [{ date: date ?? '1970-01-01', kind: 'added', reason: `Imported from ${provenance}.` }],
      };
      const rf = join(opts.out.reviewsRoot, 'medvision', `${id}.json`);
      plan.json(rf, review);
      report.reviews.push(rf);
    }
    report.submissions.push({ id, dir: out, model: modelId, harness: { name: harness.name, version: harness.version, ...(harness.commit ? { commit: harness.commit } : {}) }, files: f.samples.length + f.results.length, unknown });
  }
  for (const [id, rec] of [...models].sort(([a], [b]) => a.localeCompare(b))) {
    plan.json(join(opts.out.modelsRoot, `${id}.json`), rec);
    report.models.push(id);
  }

  // The version's reference: every subtask's sample set and answer key, from the same tree.
  if (folders.length) {
    const version = defaultVersion(opts, basename(resolve(results === opts.source && basename(resolve(results)) === 'Results' ? join(results, '..') : opts.source)));
    const pilot = folders.every((f) => f.facts.limits.length > 0 && f.facts.limits.every((l) => l <= PILOT_CAP));
    const configs: MedvisionReference['configs'] = {};
    for (const f of folders) {
      let ref: MedvisionReference;
      try {
        ref = buildMedvisionReferenceFromTree(f.dir, { version, source: provenance, treeClass: pilot ? 'pilot' : 'full' });
      } catch (e) {
        report.notes.push(`${relOf(f.dir)}: left out of the reference: ${(e as Error).message}`);
        continue;
      }
      for (const [c, v] of Object.entries(ref.configs)) {
        const had = configs[c];
        if (!had) configs[c] = v;
        else if (JSON.stringify(had.samples.map((s) => [s.doc_id, s.target])) !== JSON.stringify(v.samples.map((s) => [s.doc_id, s.target]).slice(0, had.samples.length))) {
          report.notes.push(`${c}: two model folders disagree on its samples or answers; kept the first (${relOf(f.dir)} differs)`);
        }
      }
    }
    const data: MedvisionReference = { benchmark: 'medvision', version, source: provenance, configs: Object.fromEntries(Object.entries(configs).sort(([a], [b]) => a.localeCompare(b))) };
    const file = join(opts.out.referencesRoot, 'medvision', `${version}.json`);
    if (!dryRun) writeReference(opts.out.referencesRoot, 'medvision', version, data);
    report.references.push(file);
    report.notes.push(`reference ${version}: ${Object.keys(configs).length} subtasks, ${pilot ? `runs capped at ${PILOT_CAP} samples per subtask (every run's limit ≤ ${PILOT_CAP})` : 'runs of up to the full cap per subtask'}`);
  }
  report.written = [...plan.write(dryRun), ...report.references].sort();
  return report;
}


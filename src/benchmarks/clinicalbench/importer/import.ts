/**
 * ClinicalBench importer: episode dumps (the `{format, agent, seed, episodes: [{id, input,
 * expected, agent}]}` shape the conformance generator and `inference.py` runs produce) become one
 * submission per agent, its files copied byte for byte to `episodes/seed-<seed>.json`. Files that
 * only hold a final `score_breakdown` per task (no action log) become reported figures, never
 * submissions; program stdout is not per-episode data. The version's reference is the seed set
 * the episodes cover. Ground truth is never taken from the files: validate regenerates it.
 */
import { idSlug } from '../../../core/slug';
import { basename, join, relative } from 'node:path';
import type { ImportOptions, ImportReport, ReportedTable } from '../../../core/benchmark';
import type { ModelRecord } from '../../../core/model-schema';
import type { Review, Submission } from '../../../core/submission-schema';
import { creditFromProvenance } from '../../../core/source-credit';
import { isRealDir, isRealFile, listDir } from '../../../core/fs-walk';
import { ImportPlan, emptyReport, readJsonOrUndefined } from '../../../ingest/import-plan';
import { writeReference } from '../../../ingest/references';
import { buildClinicalbenchReference } from '../reference/schema';
import { auditorModelId } from '../agent-model';

const slug = idSlug;

const walk = (d: string): string[] => listDir(d).flatMap((e) => (isRealDir(join(d, e)) ? walk(join(d, e)) : isRealFile(join(d, e)) ? [join(d, e)] : []));

interface EpisodeFile {
  file: string;
  agent: string;
  seed: number;
  /** Every name the file's episodes give the agent. */
  names: string[];
}

export async function importClinicalbench(opts: ImportOptions): Promise<ImportReport> {
  const dryRun = opts.dryRun ?? false;
  const report = emptyReport('clinicalbench', opts.source, dryRun);
  const plan = new ImportPlan();
  const files = isRealFile(opts.source) ? [opts.source] : walk(opts.source);
  const rel = (p: string) => relative(isRealFile(opts.source) ? join(opts.source, '..') : opts.source, p) || basename(p);
  const episodes: EpisodeFile[] = [];
  for (const f of files) {
    if (!f.endsWith('.json')) {
      report.skipped.push({ path: rel(f), reason: f.endsWith('.txt') ? 'program output (stdout), not per-episode data' : 'not a JSON episode file' });
      continue;
    }
    const d = readJsonOrUndefined(f) as Record<string, unknown> | undefined;
    if (!d || typeof d !== 'object') {
      report.skipped.push({ path: rel(f), reason: 'not valid JSON' });
      continue;
    }
    if (Array.isArray(d.episodes) && typeof d.seed === 'number') {
      const agent = typeof d.agent === 'string' ? d.agent : (d.episodes as { agent?: unknown }[]).map((e) => e.agent).find((a): a is string => typeof a === 'string');
      if (!agent) {
        report.skipped.push({ path: rel(f), reason: 'episode file names no agent' });
        continue;
      }
      const names = [...new Set([agent, ...(d.episodes as { agent?: unknown }[]).map((e) => e.agent).filter((a): a is string => typeof a === 'string')])].sort();
      episodes.push({ file: f, agent, seed: d.seed, names });
      continue;
    }
    if (d.agents && typeof d.agents === 'object') {
      // Breakdown-only: final score_breakdown per task, no action log: reported figures.
      const rows: ReportedTable['rows'] = [];
      for (const [agent, a] of Object.entries(d.agents as Record<string, { per_task?: Record<string, { score_breakdown?: Record<string, unknown> }> }>)) {
        for (const [task, t] of Object.entries(a.per_task ?? {})) {
          const row: Record<string, string | number | null> = { agent, task };
          for (const [k, v] of Object.entries(t.score_breakdown ?? {})) if (typeof v === 'number') row[k] = v;
          rows.push(row);
        }
      }
      const seed = typeof d.seed === 'number' ? d.seed : 'unknown';
      const commit = typeof d.commit === 'string' ? d.commit.slice(0, 7) : 'unknown';
      report.reported.push({ suite: `seed ${seed}`, title: `score breakdown per task, commit ${commit}, seed ${seed} (reported: no action log to replay)`, from: rel(f), columns: ['agent', 'task', 'recall', 'precision', 'workflow', 'efficiency', 'report', 'benchmark_score'], rows });
      report.skipped.push({ path: rel(f), reason: 'breakdown only (no episodes): imported as reported figures, not a submission' });
      continue;
    }
    report.skipped.push({ path: rel(f), reason: 'neither an episode file nor a score breakdown' });
  }

  const p = opts.provenance;
  const provenance = p?.repo ? `${p.repo}${p.commit ? `@${p.commit.slice(0, 12)}` : ''}${p.path ? ` ${p.path}` : ''}` : `local tree ${opts.source}`;
  const byAgent = new Map<string, EpisodeFile[]>();
  for (const e of episodes) byAgent.set(e.agent, [...(byAgent.get(e.agent) ?? []), e]);
  const seeds = new Set<number>();
  for (const [agent, eps] of [...byAgent].sort(([a], [b]) => a.localeCompare(b))) {
    // "heuristic (inference.run_heuristic_task @639207b)" → model "heuristic", harness commit 639207b.
    const base = /^([^(]+?)\s*\(/.exec(agent)?.[1] ?? agent;
    const allNames = [...new Set(eps.flatMap((e) => e.names))].sort();
    const commits = [...new Set(allNames.map((n) => /@([0-9a-f]{7,40})\b/.exec(n)?.[1]).filter((c): c is string => c !== undefined))];
    const commit = commits.length === 1 ? commits[0] : undefined;
    const modelId = auditorModelId(base);
    const ruleBased = /heuristic|naive|rule/i.test(base);
    const model: ModelRecord = { id: modelId, name: base, org: p?.repo ? p.repo.replace(/^https?:\/\/github\.com\//, '').split('/')[0]! : 'unknown', weights: ruleBased ? 'n/a' : 'closed', params: 'unknown', licence: 'unknown', release_date: 'unknown', ...(allNames.some((n) => n !== base) ? { aliases: allNames.filter((n) => n !== base) } : {}) };
    if (!ruleBased) report.notes.push(`models/${modelId}.json: weights written "closed" (the source does not say); check it`);
    plan.json(join(opts.out.modelsRoot, `${modelId}.json`), model);
    report.models.push(modelId);
    const id = slug(`clinicalbench-${base}${commit ? `-${commit}` : ''}`);
    const out = join(opts.out.resultsRoot, 'clinicalbench', id);
    plan.replaceFolder(out);
    const used = new Set<number>();
    for (const e of [...eps].sort((a, b) => a.seed - b.seed)) {
      if (used.has(e.seed)) {
        report.skipped.push({ path: rel(e.file), reason: `a second episode file for agent ${agent}, seed ${e.seed}: not imported` });
        continue;
      }
      used.add(e.seed);
      seeds.add(e.seed);
      plan.copy(e.file, join(out, 'episodes', `seed-${e.seed}.json`));
    }
    const harness: Submission['harness'] = { name: 'clinical-trial-auditor', version: commit ?? 'unknown', ...(commit ? { commit } : {}) };
    const unknown = ['submitted_at', 'disclosures.contamination', 'model params', 'model licence', 'model release_date', ...(commit ? [] : ['harness.version']), ...(p?.attribution ? [] : ['submitter'])];
    const credit = creditFromProvenance(opts.provenance);
    const submission: Submission = {
      id,
      benchmark: 'clinicalbench',
      model: modelId,
      submitted_at: '1970-01-01',
      submitter: { name: p?.attribution ?? 'unknown' },
      harness,
      disclosures: { contamination: 'unknown', notes: `Imported by evalboard (npm run import) from ${provenance}${p?.licence ? `; licence: ${p.licence}` : ''}. Agent as the episodes name it: ${allNames.join('; ')}. Seeds: ${[...used].join(', ')}. Run date unknown (submitted_at is a placeholder).` },
      ...(credit ? { source: credit } : {}),
    };
    plan.json(join(out, 'submission.json'), submission);
    if (opts.out.reviewsRoot) {
      const review: Review = { status: 'under_review', revision: 1, verdict: 'Imported, not reviewed', text: `Imported from ${provenance}. No maintainer has reviewed it yet: listed, not ranked.`, changelog: [] };
      const rf = join(opts.out.reviewsRoot, 'clinicalbench', `${id}.json`);
      plan.json(rf, review);
      report.reviews.push(rf);
    }
    report.submissions.push({ id, dir: out, model: modelId, harness: { name: harness.name, version: harness.version, ...(commit ? { commit } : {}) }, files: used.size, unknown });
  }
  if (seeds.size) {
    const version = opts.version ?? slug(`clinical-trial-auditor${p?.commit ? `-${p.commit.slice(0, 7)}` : ''}`);
    const ref = buildClinicalbenchReference([...seeds].sort((a, b) => a - b), { version, source: provenance, ...(p?.commit ? { commit: p.commit } : {}) });
    const file = join(opts.out.referencesRoot, 'clinicalbench', `${version}.json`);
    if (!dryRun) writeReference(opts.out.referencesRoot, 'clinicalbench', version, ref);
    report.references.push(file);
    report.notes.push(`reference ${version}: seeds ${[...seeds].sort((a, b) => a - b).join(', ')}`);
  }
  report.written = [...plan.write(dryRun), ...report.references].sort();
  return report;
}


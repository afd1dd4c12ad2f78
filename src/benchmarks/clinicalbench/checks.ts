import { handler } from './format-handler';
import { README_COLUMNS } from './columns';
import { TASK_IDS } from './scorer/tasks';
import { unrecognisedEpisodeFiles } from './formats/discover';
import type { Finding } from '../../core/findings';
import { unsafeIdReason } from '../../ingest/submission/ids';
import type { BenchmarkCheck, CheckContext } from '../../core/benchmark';
import { namesModel } from '../../core/model-identity';
import { agentMismatches } from './identity';
import { clinicalbenchReferencesFor } from './reference/read';
import { declaresSynthetic, referencesOfKind } from '../../ingest/references';
import { pickSeedVersion, seedCoverage } from './reference/coverage';

interface Interval { mean: number | null; low: number | null; high: number | null; n: number }
interface AgentSummary { agent: string; rows: unknown[]; [column: string]: unknown }

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * ClinicalBench: every episode file parses, every episode is replayed against the ground truth
 * regenerated from (seed, task) (the format handler does this and checks each claim inside the
 * episode), episode ids are unique and path-safe, every seed plays all three tasks once.
 */
export async function checkClinicalbench(dir: string, ctx: CheckContext = {}): Promise<BenchmarkCheck> {
  const out = await handler.score(dir, {});
  const findings: Finding[] = [...unrecognisedEpisodeFiles(dir), ...out.findings];
  // The agent and model an episode names must be the submission's registered model (or an alias).
  if (ctx.model) findings.push(...(await agentMismatches(dir, ctx.model, namesModel)));
  const ids = new Map<string, string>();
  const plays = new Map<string, string>();
  const indexInFile = new Map<string, number>();
  for (const item of out.items) {
    const i = indexInFile.get(item.path) ?? 0;
    indexInFile.set(item.path, i + 1);
    const pointer = `$.episodes[${i}]`;
    const bad = unsafeIdReason(item.config);
    if (bad) findings.push({ path: item.path, pointer: `${pointer}.id`, severity: 'error', message: `episode id ${JSON.stringify(item.config.slice(0, 80))} ${bad}` });
    const prev = ids.get(item.config);
    if (prev) findings.push({ path: item.path, pointer: `${pointer}.id`, severity: 'error', message: `duplicate episode id "${item.config}" (also in ${prev})` });
    else ids.set(item.config, item.path);
    const who = [item.agent, item.model].filter(Boolean).join(' / ') || 'episodes';
    const play = `${who}\u0000${String(item.seed)}\u0000${String(item.task_type)}`;
    const first = plays.get(play);
    if (first) findings.push({ path: item.path, pointer, severity: 'error', message: `${who}: seed ${String(item.seed)} / ${String(item.task_type)} is played twice (also ${first})` });
    else plays.set(play, `${item.path} ${pointer}`);
  }
  const bySeed = new Map<string, Set<string>>();
  for (const p of plays.keys()) {
    const [who, seed, task] = p.split('\u0000');
    const k = `${who}\u0000${seed}`;
    bySeed.set(k, (bySeed.get(k) ?? new Set()).add(task!));
  }
  for (const [k, tasks] of bySeed) {
    const missing = TASK_IDS.filter((t) => !tasks.has(t));
    const [who, seed] = k.split('\u0000');
    if (missing.length) findings.push({ path: '.', pointer: '$', severity: 'warning', message: `${who}, seed ${seed}: ${missing.join(', ')} not played, so the seed has no Average` });
  }

  const agents = ((out.summary.agents ?? []) as AgentSummary[]).slice();
  const recomputed: Record<string, number | null> = {};
  const facts: BenchmarkCheck['facts'] = [{ label: 'Ground truth', value: String(out.summary.ground_truth ?? 'regenerated from (seed, task)') }];
  for (const a of agents) {
    for (const { name: c } of README_COLUMNS) {
      const m = a[c] as Interval | undefined;
      recomputed[`${a.agent}/${c}`] = num(m?.mean);
      if (num(m?.low) !== null) recomputed[`${a.agent}/${c}/ci_lower`] = num(m!.low);
      if (num(m?.high) !== null) recomputed[`${a.agent}/${c}/ci_upper`] = num(m!.high);
    }
    facts.push({ label: a.agent, value: `${a.rows.length} seed(s) · ${out.items.length} episode(s)` });
  }
  // The required seed set comes from the benchmark version's reference.
  const played = out.items.map((i) => ({ seed: Number(i.seed), task: String(i.task_type) }));
  const refs = referencesOfKind(clinicalbenchReferencesFor(dir).versions, declaresSynthetic(dir));
  const ref = pickSeedVersion(played.map((p) => p.seed), refs);
  const cov = seedCoverage(played, ref);
  if (!ref) facts.push({ label: 'Reference', value: 'no reference holds these seeds: seed set unverified; shown, never ranked' });
  else {
    facts.push({ label: 'Reference', value: `${ref.version}: seeds ${ref.data.seeds.join(', ')} × ${ref.data.tasks.length} tasks` });
    facts.push({ label: 'Coverage', value: `${cov.units}/${cov.total} seed × task pairs${cov.missing.length ? ` · missing: ${cov.missing.slice(0, 6).join(', ')}${cov.missing.length > 6 ? ', …' : ''}` : ''}` });
  }
  if (ref && cov.extra.length) findings.push({ path: '.', pointer: '$', severity: 'warning', message: `seed(s) ${cov.extra.join(', ')} are not in the reference seed set (${ref.version}: ${ref.data.seeds.join(', ')}): replayed and shown on the review page, left out of the boards` });
  if (ref && cov.missing.length) findings.push({ path: '.', pointer: '$', severity: 'warning', message: `partial coverage: ${cov.units} of ${cov.total} seed × task pairs of ${ref.version} (missing ${cov.missing.slice(0, 6).join(', ')}${cov.missing.length > 6 ? ', …' : ''}): listed unranked` });
  return { findings, recomputed, facts, ...(ref ? { referenceVersion: ref.version } : {}) };
}

/**
 * The latch suites' per-sample explorer units: one per eval, one row per trial index, each
 * entry's re-graded outcome and score with the agent's answer and our grader's reasoning. The
 * eval JSON (grader config and ground truth) is the suite's public file, equal to the reference's
 * hash for every admitted submission; the recorded `passed` of a run is never shown as ours.
 */
import { entryKeyOf } from '../../board/submission-meta';
import { slugify } from '../../core/slug';
import type { Admitted, ExplorerCell, ExplorerUnit, ExplorerUnitHead } from '../../core/benchmark';
import { headsOfUnits } from '../../core/explorer-unit';
import { loadLatch, type LatchEntry } from './boards/boards';
import { metric } from './metrics';

const SHORT = 80;

function compact(v: unknown): string {
  if (v === undefined) return '';
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
  return s.length > SHORT ? `${s.slice(0, SHORT)}…` : s;
}

const pretty = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2) ?? String(v));

type Trial = NonNullable<LatchEntry['trials']>[number];

function cellOf(t: Trial): ExplorerCell {
  const empty = t.answer === undefined || t.answer === null || t.answer === '';
  return {
    value: Number.isFinite(t.score) ? t.score : null,
    outcome: t.passed ? 'success' : 'failure',
    answer: empty ? '' : compact(t.answer),
    texts: [
      ...(empty ? [] : [{ label: 'Agent answer', body: pretty(t.answer) }]),
      ...(t.reasoning ? [{ label: 'Grader reasoning (our re-grade)', body: t.reasoning }] : []),
    ],
  };
}

/** Every eval an admitted (ranked or under-review) submission ran, as explorer units. */
export async function latchExplorer(admitted: Admitted): Promise<ExplorerUnitHead[]> {
  const byEval = new Map<string, { entries: { entryKey: string; submission: string; ranked: boolean; trials: Trial[] }[]; graders?: { type: string; config: unknown }[]; group: string }>();
  for (const e of await loadLatch()) {
    const ranked = admitted.ranked(e.id);
    if (!e.submission || !(ranked || admitted.underReview(e.id))) continue;
    const unitsById = new Map((e.reference?.units ?? []).map((u) => [u.id, u]));
    const mine = new Map<string, Trial[]>();
    for (const t of e.trials ?? []) mine.set(t.evalId, [...(mine.get(t.evalId) ?? []), t]);
    for (const [evalId, trials] of mine) {
      const ref = unitsById.get(evalId);
      const slot = byEval.get(evalId) ?? { entries: [], group: [ref?.suite ?? 'no suite', ref?.task].filter(Boolean).join(' · ') };
      slot.graders ??= e.graders?.[evalId];
      slot.entries.push({ entryKey: entryKeyOf(e.submission), submission: e.id, ranked, trials });
      byEval.set(evalId, slot);
    }
  }
  const used = new Set<string>();
  const units: ExplorerUnit[] = [];
  for (const evalId of [...byEval.keys()].sort()) {
    const { entries, graders, group } = byEval.get(evalId)!;
    let unit = /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(evalId) ? evalId : slugify(evalId);
    while (used.has(unit)) unit = `${unit}-x`;
    used.add(unit);
    const indices = [...new Set(entries.flatMap((x) => x.trials.map((t) => t.trial)))].sort((a, b) => a - b);
    const grader = (graders ?? []).map((g) => `${g.type} ${compact(g.config)}`).join('; ');
    units.push({
      unit,
      label: evalId,
      unitKind: 'eval',
      group,
      sampleNoun: 'trials',
      truth: 'public',
      notes: [
        'Each trial is one run of the agent on this eval; trials of different entries with the same index are not paired (the index only orders them).',
        `Outcome and score are our re-grade of the run's recorded answer with the eval's grader${grader ? ` (${grader})` : ''}; the eval JSON is the suite's public file, checked against the reference's hash.`,
        'The board averages each entry’s trials per eval, then takes the mean over evals.',
      ],
      metric: metric('latch-score'),
      disagreeMargin: 0.5,
      metrics: [],
      fields: [],
      samples: indices.map((i) => ({ id: `${evalId}#${i}`, truth: grader ? `per the grader: ${grader}` : 'the eval JSON', fields: [] })),
      entries: entries
        .slice()
        .sort((a, b) => Number(b.ranked) - Number(a.ranked) || a.entryKey.localeCompare(b.entryKey))
        .map((x) => {
          const at = new Map(x.trials.map((t) => [t.trial, t]));
          return { entryKey: x.entryKey, submission: x.submission, ranked: x.ranked, cells: indices.map((i) => (at.has(i) ? cellOf(at.get(i)!) : null)) };
        }),
    });
  }
  return headsOfUnits(units);
}

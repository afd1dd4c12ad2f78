/**
 * The leaderboard rows a submission contributes, read off the board view models, so the validate
 * report and the review page rank exactly as the boards do. Validation gets it as a callback
 * (`rowsFor`), keeping ingest free of board imports.
 */
import { allBoards, benchmarkInfo, boardPath } from './boards';
import { formatInterval, formatMetric } from '../core/format';
import type { ContributedRow } from '../ingest/submission/types';


export async function boardRowsFor(submissionId: string): Promise<ContributedRow[]> {
  const out: ContributedRow[] = [];
  for (const b of await allBoards()) {
    if (b.kind === 'config') continue; // per-subtask boards: too many to list; the family rows stand for them
    for (const section of b.sections) {
      for (const r of section.rows) {
        if (r.submissionId !== submissionId) continue;
        const def = b.primary.def;
        out.push({
          board: `${benchmarkInfo(b.benchmark)?.name ?? b.benchmark} · ${b.title}${b.sections.length > 1 ? ` · ${section.title}` : ''}`,
          href: boardPath(b),
          label: `${r.model} · ${r.harness}`,
          metric: b.primary.label,
          metricId: def.id,
          value: r.primary,
          display: formatMetric(def, r.primary),
          ...(r.interval
            ? { interval: { low: r.interval.lo, high: r.interval.hi, display: formatInterval(def, r.interval.lo, r.interval.hi), method: r.interval.method === 't' ? '95 % t-interval' : '95 % bootstrap interval' } }
            : {}),
          ...(r.primary === null ? {} : { rank: r.rank }),
          of: section.rows.length,
          ...(r.sampleClass ? { sampleClass: r.sampleClass } : {}),
          n: r.n,
        });
      }
    }
  }
  return out;
}

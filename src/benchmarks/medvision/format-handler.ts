import { discoverModelFolders } from './formats/discover';
import { scoreMedvisionTree, type SampleScore } from './formats/score-tree';
import type { MedvisionSample } from './formats/read-parsed-file';
import { scoreMedvisionTreeParallel } from './formats/score-parallel';
import { formatFinding } from '../../core/findings';
import { GROUP_KEY, SUMMARY_KEY as S } from './scorer/keys';
import type { FormatHandler, ScoreOutput } from '../../core/format-handler';
import { textNumber } from '../../core/text-number';

const fmt = (v: unknown, digits = 4) => textNumber(v, digits);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Headline numbers per family: the ones the MedVision paper reports. */
function headline(m: Record<string, unknown>, taskType: string): string {
  const s = m as Record<string, number | null | Record<string, Record<string, number | null>>>;
  if (taskType === 'Detection') {
    const row = (s.leaderboard_row as Record<string, Record<string, number | null>>) ?? {};
    return `anatomy IoU ${fmt(row.anatomy?.IoU)} F1 ${fmt(row.anatomy?.F1)} · T/L IoU ${fmt(row['T/L']?.IoU)} F1 ${fmt(row['T/L']?.F1)}`;
  }
  return `MAE ${fmt(s[S.mae])} · MRE ${fmt(s[S.mre])} · nMAE ${fmt(s[S.nmae])} · SR ${fmt(s[S.sr])} · n ${fmt(s[S.total], 0)}`;
}

/** `--per-sample`: each sample's scored prediction and metrics, as the scorer computed them (NaN → null in JSON). */
function perSampleScores(samples: readonly MedvisionSample[], scores: readonly SampleScore[]) {
  return samples.map((s, i) => {
    const sc = scores[i]!.scored;
    const m = sc.kind === 'detection'
      ? { MAE: sc.m.MAE, IoU: sc.m.IoU, F1: sc.m.F1, Precision: sc.m.Precision, Recall: sc.m.Recall, success: sc.m.success }
      : { MAE: sc.m.MAE, MRE: sc.m.MRE, NMAE: sc.m.NMAE, success: sc.m.success };
    return { doc_id: s.docId, prediction: s.prediction, target: s.target, label_group: scores[i]!.group ?? null, excluded: sc.kind === 'measurement' && sc.excluded, ...m };
  });
}

export const handler: FormatHandler = {
  format: 'medvision',
  async detect(path) {
    try {
      return discoverModelFolders(path).length > 0;
    } catch {
      return false;
    }
  },
  async score(path, opts): Promise<ScoreOutput> {
    const trustSubmittedParse = opts?.trustSubmittedParse === true;
    const perSample = opts?.perSample === true;
    const progress = opts?.progress ? { progress: opts.progress } : {};
    // Per-sample records stay in this thread; without them the files are scored in worker threads.
    const r = perSample ? scoreMedvisionTree(path, { trustSubmittedParse, keepSamples: true, ...progress }) : await scoreMedvisionTreeParallel(path, { trustSubmittedParse, ...progress });
    return {
      format: 'medvision',
      items: r.configs.map((c) => ({
        path: c.path,
        config: c.config,
        task_type: c.task_type,
        model: c.model,
        task_tag: c.task_tag,
        n_records: c.n_records,
        metrics: c.metrics ?? {},
        ...(c.claimed ? { claimed: c.claimed } : {}),
        ...(perSample ? { samples: perSampleScores(r.samples?.get(c.path) ?? [], r.sampleScores?.get(c.path) ?? []) } : {}),
      })),
      summary: {
        // Where every prediction came from: our re-extraction of resps (the default, what the site
        // shows) or, with --trust-submitted-parse, the submitter's filtered_resps.
        predictions: trustSubmittedParse ? 'submitted filtered_resps (--trust-submitted-parse: upstream-summarizer parity, not what the site shows)' : 're-extracted from resps[0][0] with the newest upstream <answer>-tag parser; filtered_resps only compared',
        models: r.models,
      },
      findings: r.findings,
    };
  },
  renderText(out) {
    const parts: string[] = [];
    const models = (out.summary.models ?? []) as { model: string; task_type: string; sample_class: string; n_samples: number; model_summary: Record<string, unknown> }[];
    for (const m of models) {
      parts.push(`${m.model}: ${m.task_type} (${m.sample_class} class, ${m.n_samples} samples)\n  ${headline(m.model_summary, m.task_type)}`);
    }
    const rows = out.items.map((i) => {
      const m = i.metrics as Record<string, number>;
      const main = i.task_type === 'Detection' ? ['IoU', 'F1', GROUP_KEY.sr] : [GROUP_KEY.mae, GROUP_KEY.mre, GROUP_KEY.sr];
      return [String(i.config), String(i.task_type), String(i.n_records), ...main.map((k) => fmt(m[k])), fmt(m[GROUP_KEY.nmae])];
    });
    parts.push(table(['config', 'family', 'n', 'MAE|IoU', 'MRE|F1', 'SR', 'nMAE'], rows));
    const errors = out.findings.filter((f) => f.severity === 'error').length;
    const lines = [`${out.findings.length} finding(s), ${errors} error(s)`];
    for (const f of out.findings.slice(0, 20)) lines.push(`  ${f.severity}: ${formatFinding(f)}`);
    if (out.findings.length > 20) lines.push(`  … ${out.findings.length - 20} more (use --json)`);
    parts.push(lines.join('\n'));
    return parts.join('\n\n');
  },
};

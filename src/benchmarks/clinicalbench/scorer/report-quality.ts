import { pyRound } from './py-round';
import { REWARD } from './tasks';

/** The five keyword groups of upstream `_grade_report`, matched as plain substrings. */
export const REPORT_KEYWORD_GROUPS: readonly { name: string; keywords: readonly string[] }[] = [
  { name: 'protocol grounding', keywords: ['protocol', 'eligibility', 'inclusion', 'excerpt'] },
  { name: 'root cause', keywords: ['root cause', 'data entry', 'pipeline', 'system', 'site process'] },
  { name: 'corrective action', keywords: ['recommend', 'corrective', 'action', 'mitigation'] },
  { name: 'risk assessment', keywords: ['risk', 'severity', 'impact', 'patient safety'] },
  { name: 'fairness reasoning', keywords: ['bias', 'stage-adjusted', 'fairness', 'control arm', 'equity'] },
];

export interface ReportGrade {
  /** Number of groups hit, 0–5 (a float upstream). */
  report_quality: number;
  groups_hit: string[];
  /** The breakdown's `report` entry. */
  report_component: number;
  /** Dense reward of the accepted submit_report step, before the per-step cost. */
  report_step_base_reward: number;
}

/** Upstream reads `report or reason`: an empty report falls back to the reason. */
export function reportText(report: string | null | undefined, reason: string | null | undefined): string {
  return (report || reason || '').toLowerCase();
}

export function gradeReport(report: string | null | undefined, reason?: string | null): ReportGrade {
  const text = reportText(report, reason);
  const groups_hit = REPORT_KEYWORD_GROUPS.filter((g) => g.keywords.some((k) => text.includes(k))).map((g) => g.name);
  const q = groups_hit.length;
  return {
    report_quality: q,
    groups_hit,
    report_component: pyRound(q / 5, 3),
    report_step_base_reward: REWARD.reportBonusBase + REWARD.reportPerKeywordGroup * q,
  };
}

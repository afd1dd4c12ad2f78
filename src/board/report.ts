import type { Finding } from '../core/findings';
import { toJson } from '../core/json-out';
import { CLAIM_TOLERANCE_TEXT } from '../ingest/submission/claims';
import type { SubmissionReport } from '../ingest/submission/types';
import type { ValidateRun } from '../ingest/submission/validate';

const MAX_FINDINGS = 200;

/**
 * Submitted text as markdown that renders as exactly that text, inline or in a table cell: one line
 * (line breaks and control characters become spaces), bidi overrides shown as U+FFFD, every
 * character that starts markdown or HTML syntax (`\\ \` * _ [ ] ( ) ! < > | ~ $ & { }`) backslash-
 * escaped, and the constructs that GitHub links without any syntax (`scheme://`, `www.`, `@name`,
 * e-mail addresses) broken with a zero-width space so they stay text. Capped at 500 characters.
 */
export function mdText(v: unknown): string {
  const s = v === undefined || v === null ? '' : String(v);
  return Array.from(s)
    .slice(0, 500)
    .join('')
    // eslint-disable-next-line no-control-regex -- control characters are what this replaces or rejects
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '\ufffd')
    .replace(/[\\`*_[\]()!<>|~$&{}]/g, '\\$&')
    .replace(/:\/\//g, ':\u200b//')
    .replace(/(www)\./gi, '$1\u200b.')
    .replace(/@/g, '@\u200b');
}

/** @deprecated the same as {@link mdText} (kept for existing callers). */
export const mdCell = mdText;

/**
 * Submitted text as an inline code span (renders literally, GitHub links nothing inside code): a
 * fence longer than any run of backticks in the text, line breaks as spaces, at most 300
 * characters. In a table cell pass `cell` so a `|` does not end the cell.
 */
export function mdCode(v: string, cell = false): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces or rejects
  let s = Array.from(v).slice(0, 300).join('').replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
  if (cell) s = s.replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(s) ? ' ' : '';
  return `${fence}${pad}${s}${pad}${fence}`;
}

const count = (fs: Finding[], sev: Finding['severity']) => fs.filter((f) => f.severity === sev).length;
const num = (v: number | null | undefined) => (v === undefined ? 'not computed' : v === null ? 'NaN' : String(Number(v.toPrecision(8))));

function findingsTable(fs: Finding[]): string[] {
  if (fs.length === 0) return ['No findings.'];
  const sorted = [...fs].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const out = ['| | File | Line | JSON path | Message |', '|---|---|---|---|---|'];
  for (const f of sorted.slice(0, MAX_FINDINGS)) {
    out.push(`| ${f.severity === 'error' ? '❌ error' : '⚠️ warning'} | ${mdCell(f.path)} | ${f.line ?? ''} | ${mdCell(f.pointer)} | ${mdCell(f.message)} |`);
  }
  if (sorted.length > MAX_FINDINGS) out.push('', `… and ${sorted.length - MAX_FINDINGS} more (run \`npm run --silent validate -- <dir> --format json\` for all).`);
  return out;
}

/** The registered model as the report names it: "name · org · weights weights · params", or the bare id when unregistered. */
function modelLine(id: string, m: SubmissionReport['model']): string {
  return m ? `${m.name} (${id}) · ${m.org} · ${m.weights} weights · ${m.params ?? 'unknown'} params` : `${id} (not registered)`;
}

function submissionSection(r: SubmissionReport): string[] {
  const e = count(r.findings, 'error');
  const w = count(r.findings, 'warning');
  const out = [`### ${r.valid ? '✅' : '❌'} ${mdCode(r.dir)} — ${r.valid ? 'valid' : 'not valid'} (${e} error(s), ${w} warning(s))`, ''];
  const s = r.submission;
  if (s) {
    out.push(
      `**${mdCell(modelLine(s.model, r.model))}** · harness ${mdCell(s.harness.name)} ${mdCell(s.harness.version)} · submitted ${mdCell(s.submitted_at)} · review: ${r.status.replace('_', ' ')}${r.review ? `, revision ${r.review.revision}` : ' (a maintainer has not reviewed it yet)'}`,
      '',
    );
  }
  out.push('#### Findings', '', ...findingsTable(r.findings), '');
  if (r.claims.length) {
    out.push(`#### Claimed vs recomputed (tolerance: ${CLAIM_TOLERANCE_TEXT})`, '', '| Key | Claimed | Recomputed | |', '|---|---|---|---|');
    for (const c of r.claims) out.push(`| ${mdCell(c.key)} | ${num(c.claimed)} | ${num(c.recomputed)} | ${c.status === 'ok' ? '✅' : c.status === 'mismatch' ? '❌ differs' : '❌ unknown key'} |`);
    out.push('');
  }
  out.push(`#### Rows this submission ${r.valid ? 'adds' : 'would add'}`, '');
  if (r.rows.length === 0) {
    out.push(r.valid ? 'None (withdrawn or rejected submissions, and runs without a board, add no rows).' : 'None: a submission with errors stays off the boards. Fix the errors and the rows appear here.');
  } else {
    out.push('| Board | Model | Metric | Value | 95 % interval | Rank | n | Class |', '|---|---|---|---|---|---|---|---|');
    for (const row of r.rows) {
      out.push(`| ${mdCell(row.board)} | ${mdCell(row.label)} | ${mdCell(row.metric)} | ${mdCell(row.display)} | ${row.interval ? `${mdCell(row.interval.display)} (${mdCell(row.interval.method)})` : '—'} | ${row.rank === undefined ? 'unranked' : `${row.rank} of ${row.of}`} | ${row.n ?? ''} | ${row.sampleClass ?? ''} |`);
    }
  }
  out.push('');
  if (r.facts.length) {
    out.push('#### Derived from the data', '');
    for (const f of r.facts) out.push(`- **${mdCell(f.label)}**: ${mdCell(f.value)}`);
    out.push('');
  }
  if (r.recomputedKeys.length) {
    out.push(`<details><summary>Numbers we recompute (${r.recomputedKeys.length}); any of them may be claimed in <code>submission.json</code></summary>`, '');
    for (const k of r.recomputedKeys.slice(0, 400)) out.push(`- ${mdCode(k)}`);
    out.push('', '</details>', '');
  }
  return out;
}

/** The PR report: verdict first, then per-submission findings, claims and rows. */
export function renderMarkdown(run: ValidateRun): string {
  const all = [...run.general, ...run.reports.flatMap((r) => r.findings)];
  const e = count(all, 'error');
  const out = [
    run.valid ? `## ✅ Valid: ${run.reports.length} submission folder(s) pass validation` : `## ❌ Not valid: ${e} error(s) in ${run.reports.length} submission folder(s)`,
    '',
    '| Folder | Benchmark | Verdict | Errors | Warnings |',
    '|---|---|---|---|---|',
    ...run.reports.map((r) => `| ${mdCode(r.dir, true)} | ${r.benchmark ?? (r.dir.includes('/tasks/') ? 'task record' : '?')} | ${r.valid ? '✅ valid' : '❌ not valid'} | ${count(r.findings, 'error')} | ${count(r.findings, 'warning')} |`),
    '',
  ];
  if (run.general.length) out.push('### The change as a whole', '', ...findingsTable(run.general), '');
  for (const r of run.reports) out.push(...submissionSection(r));
  return out.join('\n');
}

/** Machine-readable report; the submitter's contact is left out like everywhere else. */
export function renderJson(run: ValidateRun): string {
  return toJson({
    valid: run.valid,
    claim_tolerance: CLAIM_TOLERANCE_TEXT,
    general: run.general,
    submissions: run.reports.map((r) => ({
      dir: r.dir,
      id: r.id,
      benchmark: r.benchmark ?? null,
      valid: r.valid,
      errors: count(r.findings, 'error'),
      warnings: count(r.findings, 'warning'),
      findings: r.findings,
      claims: r.claims,
      rows: r.rows,
      facts: r.facts,
      recomputed_keys: r.recomputedKeys,
      ...(r.submission ? { model: r.submission.model } : {}),
      review: { status: r.status, revision: r.review?.revision ?? null, file: r.reviewFile ?? null },
    })),
  });
}

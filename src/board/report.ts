import type { Finding } from '../core/findings';
import { toJson } from '../core/json-out';
import { MISSING } from '../core/text-number';
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
/** A claimed or recomputed number: NaN (null in JSON) shows as the CLI's one missing-value marker. */
const num = (v: number | null | undefined) => (v === undefined ? 'not computed' : v === null || Number.isNaN(v) ? MISSING : String(Number(v.toPrecision(8))));

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
    out.push(`#### Claimed vs recomputed (tolerance: ${CLAIM_TOLERANCE_TEXT})`, '', '| Key | Claimed | Recomputed | Status |', '|---|---|---|---|');
    for (const c of r.claims) out.push(`| ${mdCell(c.key)} | ${num(c.claimed)} | ${num(c.recomputed)} | ${c.status === 'ok' ? '✅' : c.status === 'mismatch' ? '❌ differs' : '❌ unknown key'} |`);
    out.push('');
  }
  out.push(`#### Rows this submission ${r.valid ? 'adds' : 'would add'}`, '');
  if (r.rows.length === 0) {
    out.push(r.valid ? 'None (withdrawn or rejected submissions, and runs without a board, add no rows).' : 'None: a submission with errors stays off the boards. Fix the errors and the rows appear here.');
  } else {
    out.push('| Board | Model | Metric | Value | 95 % interval | Rank | n | Class |', '|---|---|---|---|---|---|---|---|');
    for (const row of r.rows) {
      out.push(`| ${mdCell(row.board)} | ${mdCell(row.label)} | ${mdCell(row.metric)} | ${mdCell(row.display)} | ${row.interval ? `${mdCell(row.interval.display)} (${mdCell(row.interval.method)})` : MISSING} | ${row.rank === undefined ? 'unranked' : `${row.rank} of ${row.of}`} | ${row.n ?? ''} | ${row.sampleClass ?? ''} |`);
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

// ---- Plain text for a terminal (validate's default; markdown only with --format markdown) ----

/**
 * Submitted text as one line of terminal text: control characters (ESC included, so no submitted
 * escape sequence reaches the terminal) and line breaks become spaces, bidi overrides U+FFFD.
 * Capped at 500 characters. Nothing is escaped: a terminal shows `<benchmark>` as itself.
 */
export function plainText(v: unknown): string {
  const s = v === undefined || v === null ? '' : String(v);
  return Array.from(s)
    .slice(0, 500)
    .join('')
    // eslint-disable-next-line no-control-regex -- control characters are what this replaces
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '\ufffd');
}

export interface TextOptions {
  /** ANSI colour (the CLI passes stdout.isTTY && !NO_COLOR). */
  color?: boolean;
}

/** Columns padded to their widest cell (by code points), two spaces apart. */
function textTable(head: string[], rows: string[][]): string[] {
  const width = head.map((h, i) => Math.max(Array.from(h).length, ...rows.map((r) => Array.from(r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat(width[i]! - Array.from(c).length))).join('  ').trimEnd();
  return [line(head), line(width.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/** The validate report as plain text: the same content as {@link renderMarkdown}, no markup. */
export function renderText(run: ValidateRun, opts: TextOptions = {}): string {
  const paint = (code: string) => (s: string) => (opts.color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const red = paint('31'), green = paint('32'), yellow = paint('33'), bold = paint('1'), dim = paint('2');
  const t = plainText;
  const all = [...run.general, ...run.reports.flatMap((r) => r.findings)];
  const findings = (fs: Finding[]): string[] => {
    if (fs.length === 0) return ['  No findings.'];
    const sorted = [...fs].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
    const out = sorted.slice(0, MAX_FINDINGS).map((f) => {
      const where = `${t(f.path)}${f.line !== undefined ? `:${f.line}` : ''}${f.pointer && f.pointer !== '$' ? ` ${t(f.pointer)}` : ''}`;
      return `  ${f.severity === 'error' ? red('error  ') : yellow('warning')} ${where}: ${t(f.message)}`;
    });
    if (sorted.length > MAX_FINDINGS) out.push(`  … and ${sorted.length - MAX_FINDINGS} more (run with --format json for all).`);
    return out;
  };
  const out = [
    run.valid ? bold(green(`Valid: ${run.reports.length} submission folder(s) pass validation`)) : bold(red(`Not valid: ${count(all, 'error')} error(s) in ${run.reports.length} submission folder(s)`)),
    '',
    ...textTable(
      ['Folder', 'Benchmark', 'Verdict', 'Errors', 'Warnings'],
      run.reports.map((r) => [t(r.dir), r.benchmark ?? (r.dir.includes('/tasks/') ? 'task record' : '?'), r.valid ? 'valid' : 'not valid', String(count(r.findings, 'error')), String(count(r.findings, 'warning'))]),
    ).map((l) => `  ${l}`),
    '',
  ];
  if (run.general.length) out.push(bold('The change as a whole'), ...findings(run.general), '');
  for (const r of run.reports) {
    out.push(bold(`${r.valid ? green('valid') : red('not valid')}  ${t(r.dir)}  (${count(r.findings, 'error')} error(s), ${count(r.findings, 'warning')} warning(s))`));
    const s = r.submission;
    if (s) out.push(`  ${t(modelLine(s.model, r.model))} · harness ${t(s.harness.name)} ${t(s.harness.version)} · submitted ${t(s.submitted_at)} · review: ${r.status.replace('_', ' ')}${r.review ? `, revision ${r.review.revision}` : ' (not reviewed yet)'}`);
    out.push('', 'Findings', ...findings(r.findings), '');
    if (r.claims.length) {
      out.push(`Claimed vs recomputed (tolerance: ${CLAIM_TOLERANCE_TEXT})`);
      out.push(...textTable(['Key', 'Claimed', 'Recomputed', 'Status'], r.claims.map((c) => [t(c.key), num(c.claimed), num(c.recomputed), c.status === 'ok' ? 'ok' : c.status === 'mismatch' ? red('differs') : red('unknown key')])).map((l) => `  ${l}`), '');
    }
    out.push(`Rows this submission ${r.valid ? 'adds' : 'would add'}`);
    if (r.rows.length === 0) out.push(`  ${r.valid ? 'None (withdrawn or rejected submissions, and runs without a board, add no rows).' : 'None: a submission with errors stays off the boards.'}`);
    else {
      out.push(...textTable(
        ['Board', 'Model', 'Metric', 'Value', '95 % interval', 'Rank', 'n', 'Class'],
        r.rows.map((row) => [t(row.board), t(row.label), t(row.metric), t(row.display), row.interval ? `${t(row.interval.display)} (${t(row.interval.method)})` : MISSING, row.rank === undefined ? 'unranked' : `${row.rank} of ${row.of}`, row.n === undefined ? '' : String(row.n), t(row.sampleClass ?? '')]),
      ).map((l) => `  ${l}`));
    }
    out.push('');
    if (r.facts.length) {
      out.push('Derived from the data', ...r.facts.map((f) => `  ${t(f.label)}: ${t(f.value)}`), '');
    }
    if (r.recomputedKeys.length) out.push(dim(`${r.recomputedKeys.length} numbers are recomputed and may be claimed in submission.json (list them with --format json).`), '');
  }
  return out.join('\n').trimEnd();
}

/**
 * A board table's rows as HTML, built as strings rather than one Astro component per row and
 * cell. A 200-entry site renders ≈ 90 k board rows (every board page and each of its dated
 * snapshots); as components (a provenance cell, a source tag and a fragment per optional part,
 * each an async render) they were the largest part of a rebuild's page rendering. The markup is
 * byte for byte what the components wrote (`BoardTable.astro`, `UnrankedTable.astro` render
 * these strings), so every test and script that reads the tables is unchanged.
 *
 * Escaping follows Astro's, which the templates relied on: text through `escapeHtml` (the same
 * five entities as Astro's `escapeHTML`), attribute values through `escapeAttribute` (Astro's
 * `&` and `"`), always — never Astro's raw branch for a URL containing `&` (see `attr`).
 */
import type { Board, Entry, Row, Section, UnrankedRow } from '../core/board';
import { escapeAttribute, escapeHtml } from '../core/escape';
import { formatInterval, formatMetric, rawValue } from '../core/format';
import type { SourceCredit } from '../core/source-credit';
import { formatRankRange, shownInterval, withLeader } from './about';
import { explorerLinkForRow } from './explorer';
import { EXTERNAL_REL, provenanceKey, type Provenance } from './provenance';
import { sourceNoteItem } from './sources-view';

/** Text content: `undefined`, `null` and `false` write nothing, as an Astro expression does. */
const text = (v: string | number | null | undefined | false): string => (v === undefined || v === null || v === false ? '' : escapeHtml(String(v)));

/**
 * ` name="value"` as Astro's `addAttribute` writes it: nothing for `undefined`/`null`, the bare
 * name for an empty string. `attr()`-wrapped values in the templates never took the bare form
 * (a `String` object is not `''`); pass `{ always: true }` for those.
 */
function attribute(name: string, value: string | number | null | undefined, opts: { always?: boolean } = {}): string {
  if (value === undefined || value === null) return '';
  if (value === '' && !opts.always) return ` ${name}`;
  return ` ${name}="${escapeAttribute(String(value))}"`;
}
/** An attribute whose template value was `attr(…)`. */
const wrapped = (name: string, value: string | number | null | undefined) => attribute(name, value, { always: true });

export interface RowsHtmlOptions {
  board: Board;
  section: Section;
  /** The site's base URL (`import.meta.env.BASE_URL`). */
  base: string;
  /** Every submission's provenance (`provenanceIndex()`). */
  provenance: ReadonlyMap<string, Provenance>;
  /** A dated snapshot's one-line notes by submission id ("withdrawn 2026-09-12"). */
  notes?: Record<string, string> | undefined;
}

/** A row's source, inline: the repository at its commit, attribution and licence on hover. */
export function sourceTagHtml(source: SourceCredit): string {
  const s = sourceNoteItem(source);
  const title = `Imported from ${s.label}. ${s.attribution}. Licence: ${s.licence}`;
  const inner = s.href ? `<a${wrapped('href', s.href)}${attribute('title', title)} rel="noopener">${text(s.short)}</a>` : `<span${attribute('title', title)}>${text(s.short)}</span>`;
  return `<span class="src small" data-source-tag>· from ${inner}</span>`;
}

interface CellOptions {
  board: Board;
  row: Entry;
  base: string;
  provenance: Provenance | undefined;
  note: string | undefined;
}

/**
 * A board row's provenance cell: review page, per-sample files, pull request, and (expandable) the
 * model card / paper / code links, weights and licence, harness and commit, benchmark version,
 * the upstream code the scorer reproduces, submitted and accepted dates.
 */
export function provenanceCellHtml({ board, row, base, provenance: p, note }: CellOptions): string {
  const explorer = explorerLinkForRow(board, row);
  const pr = p?.links.find((l) => l.kind === 'pr');
  const registry = p?.links.filter((l) => l.kind === 'model_card' || l.kind === 'paper' || l.kind === 'code') ?? [];
  const commit = p?.links.find((l) => l.kind === 'harness_commit');
  const removed = note && /^(withdrawn|rejected) /.test(note) ? '' : undefined;
  let out = `<td class="l prov" data-provenance${attribute('data-removed', removed)}> `;
  if (note) out += `<span class="tag" data-history-note>${text(note)}</span> `;
  out += ` <a${wrapped('href', `${base}submissions/${row.submissionId}/`)} data-prov="review">review</a> `;
  if (explorer) out += ` · <a${wrapped('href', `${base}${explorer}`)} data-samples data-prov="explorer" title="Every sample of this entry, side by side with the other models">samples</a>`;
  out += ' ';
  if (p?.samplesPath) out += ` · <a${wrapped('href', `${base}${p.samplesPath}`)} data-prov="samples" title="Per-sample files (JSON and Parquet) of this submission">files</a>`;
  out += ' ';
  if (pr) out += ` · <a${wrapped('href', pr.href)}${attribute('rel', EXTERNAL_REL)} data-prov="pr">PR</a>`;
  out += ' ';
  if (row.links && row.links.length > 0) out += `<span class="small"> · ${row.links.map((l, i) => `${i > 0 ? ', ' : ''}<a${wrapped('href', `${base}${l.href}`)}>${text(l.label)}</a>`).join('')}</span>`;
  out += ' ';
  if (p) {
    const harnessCommit = p.harness.commit
      ? ` @ ${commit ? `<a${wrapped('href', commit.href)}${attribute('rel', EXTERNAL_REL)} data-prov="harness_commit"><code>${text(p.harness.commit)}</code></a>` : `<code>${text(p.harness.commit)}</code>`}`
      : '';
    const upstream = p.upstream
      ? ` · scorer reproduces <a${wrapped('href', p.upstream.url)}${attribute('rel', EXTERNAL_REL)} data-prov="upstream">${text(p.upstream.name)}${p.upstream.commit ? ` @ <code>${text(p.upstream.commit)}</code>` : ''}</a>`
      : '';
    out +=
      '<details class="prov small"> <summary>provenance</summary> <dl> ' +
      `<dt>Model</dt><dd><a${wrapped('href', `${base}${p.modelPath}`)} data-prov="model">${text(p.model.name)}</a> · weights ${text(p.model.weights)} · licence ${text(p.model.licence)}${registry.map((l) => ` · <a${wrapped('href', l.href)}${attribute('rel', EXTERNAL_REL)}${attribute('data-prov', l.kind)}>${text(l.label)}</a>`).join('')}</dd> ` +
      `<dt>Harness</dt><dd>${text(p.harness.name)} ${text(p.harness.version)}${harnessCommit}</dd> ` +
      `<dt>Benchmark</dt><dd>version ${text(p.benchmarkVersion ?? 'unverified (no reference holds it)')}${upstream}</dd> ` +
      `<dt>Dates</dt><dd>submitted ${text(p.submittedAt)} · ${text(p.acceptedAt ? `accepted ${p.acceptedAt}` : 'not accepted yet')}</dd> ` +
      '</dl> </details>';
  }
  return `${out} </td>`;
}

const cellOf = (o: RowsHtmlOptions, row: Entry) =>
  provenanceCellHtml({ board: o.board, row, base: o.base, provenance: o.provenance.get(provenanceKey(o.board.benchmark, row.submissionId)), note: o.notes?.[row.submissionId] });

/** A section's primary interval as the table shows it (truncated to the metric's range). */
export const shownOf = (board: Board, r: Row) => (r.interval ? shownInterval(board.primary.def, r.interval.lo, r.interval.hi) : undefined);

/** The ranked rows of a section's table (`<tr>`…`</tr>`, one after another). */
export function rankedRowsHtml(o: RowsHtmlOptions): string {
  const { board, section, base } = o;
  const p = board.primary;
  // The phone card's interval bar: positions in % of this section's span of interval ends (truncated to the metric's range).
  const ends = section.rows.flatMap((r) => { const iv = shownOf(board, r); return iv ? [iv.lo, iv.hi] : r.primary === null ? [] : [r.primary]; }).filter(Number.isFinite);
  const [lo, hi] = [Math.min(...ends), Math.max(...ends)];
  const pos = (v: number) => (hi > lo ? Math.round(((v - lo) / (hi - lo)) * 1000) / 10 : 50);
  const out: string[] = [];
  for (const r of section.rows) {
    const iv = shownOf(board, r);
    let value = `<span${attribute('data-metric', p.def.id)}>${text(formatMetric(p.def, r.primary))}</span>`;
    if (r.interval && iv) {
      const title = iv.truncated ? `computed ${formatInterval(p.def, r.interval.lo, r.interval.hi)}; truncated to the metric's range` : undefined;
      value += ` <span class="ci"${attribute('title', title)}><span${attribute('data-metric', p.def.id)}>${text(formatInterval(p.def, iv.lo, iv.hi))}</span>${iv.truncated ? '†' : ''}</span>`;
    }
    if (iv && r.primary !== null) {
      const b = { left: pos(iv.lo), width: Math.max(0.5, pos(iv.hi) - pos(iv.lo)), v: pos(Math.min(Math.max(r.primary, iv.lo), iv.hi)) };
      value += `<span class="card-bar" aria-hidden="true"><span class="iv"${attribute('style', `left:${b.left}%;width:${b.width}%`)}></span><span class="pt"${attribute('style', `left:${b.v}%`)}></span></span>`;
    }
    if (r.coverage) value += `<span class="card-only small muted">coverage ${text(r.coverage.units)}/${text(r.coverage.total)} ${text(r.coverage.unit)}</span>`;
    if (r.composition && r.composition.length > 0) value += `<details class="comp"><summary class="small">composition</summary><ul class="small l">${r.composition.map((c) => `<li>${text(c)}</li>`).join('')}</ul></details>`;
    out.push(
      `<tr${wrapped('data-w', r.weights)}${wrapped('data-o', r.org)}${wrapped('data-d', r.releaseDate ?? '')}${wrapped('data-entry', r.entryKey)}> ` +
        `<td${attribute('data-v', r.rank)}${attribute('data-rank-range', `${r.rankRange[0]}-${r.rankRange[1]}`)}>${text(formatRankRange(r.rankRange))}${withLeader(r) ? ' <abbr class="tie" title="Rank range includes 1: statistically indistinguishable from the leader">●</abbr>' : ''}</td> ` +
        `<th scope="row" class="l"><a${wrapped('href', `${base}models/${r.modelSlug}/`)}>${text(r.model)}</a> <span class="small muted harness">· ${text(r.harness)}</span>${r.synthetic ? ' <span class="syn" title="Synthetic demo data: not a real model run">synthetic</span>' : ''}${r.source ? ` ${sourceTagHtml(r.source)}` : ''}</th> ` +
        `<td class="l opt">${text(r.org)}</td> <td class="l opt">${text(r.weights)}</td> <td class="opt">${text(r.releaseDate ?? '—')}</td> ` +
        `<td${attribute('data-v', r.n)}>${text(r.n.toLocaleString('en-US'))}</td> ` +
        `<td${attribute('data-v', rawValue(r.primary))}>${value}</td> ` +
        board.secondary.map((c, i) => `<td${attribute('data-v', rawValue(r.secondary[i]))}><span${attribute('data-metric', c.def.id)}>${text(formatMetric(c.def, r.secondary[i]))}</span></td>`).join('') +
        ` ${cellOf(o, r)} </tr>`,
    );
  }
  return out.join('');
}

const STATUS_LABEL: Record<string, string> = { partial: 'partial coverage', preliminary: 'preliminary', under_review: 'under review', not_ranked: 'not ranked' };

/** The rows listed below a section's ranking, with their value and why they are not ranked. */
export function unrankedRowsHtml(o: RowsHtmlOptions): string {
  const { board, section, base } = o;
  const p = board.primary;
  return (section.unranked ?? [])
    .map(
      (r: UnrankedRow) =>
        `<tr${wrapped('data-w', r.weights)}${wrapped('data-o', r.org)}>` +
        `<td class="l"><a${wrapped('href', `${base}models/${r.modelSlug}/`)}>${text(r.model)}</a> <span class="small muted harness">· ${text(r.harness)}</span>${r.synthetic ? ' <span class="syn" title="Synthetic demo data: not a real model run">synthetic</span>' : ''}${r.source ? ` ${sourceTagHtml(r.source)}` : ''}</td>` +
        `<td class="l"><span class="tag">${text(STATUS_LABEL[r.status] ?? r.status)}</span></td>` +
        `<td>${text(r.coverage ? `${r.coverage.units}/${r.coverage.total} ${r.coverage.unit}` : '—')}</td>` +
        `<td><span${attribute('data-metric', p.def.id)}>${text(formatMetric(p.def, r.primary))}</span></td>` +
        `<td class="l small">${text(r.reason)}</td>` +
        `${cellOf(o, r)}</tr>`,
    )
    .join('');
}

/**
 * The explorer table's rows as HTML strings: the build renders the first rows with these and the
 * browser renders the rest with the same functions from the fetched document. Every submitted
 * string (answers, raw responses, ids, labels) goes through `escapeHtml` after `cleanText`.
 */
import { cleanText, escapeHtml } from '../../core/escape';
import type { DocCell, DocMetric, ExplorerDoc } from '../../board/explorer-doc';
import { sampleAnchor } from '../../board/explorer-paths';

export { cleanText };

/** Characters of a long text shown before "show all". */
export const TRUNCATE = 240;
export { FIRST_ROWS, WHOLE_UNIT_ROWS } from '../../board/explorer-doc';

const e = (s: string) => escapeHtml(cleanText(s));

/** A per-sample value with one more decimal than the board shows. */
export function fmtValue(def: Pick<DocMetric, 'format'>, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const digits = def.format.digits + 1;
  return def.format.kind === 'percent' ? `${(v * 100).toFixed(digits)}%` : v.toFixed(digits);
}

const OUTCOME_LABEL = { s: 'success', f: 'failure', x: 'excluded' } as const;

export interface CellTexts {
  /** The cell's long texts, when known (the build has them; the browser after loading them). */
  texts?: { label: string; body: string }[] | null;
  /** Show each text whole instead of truncated. */
  whole?: boolean;
}

function textsHtml(entry: number, sample: number, texts: { label: string; body: string }[], whole: boolean): string {
  return texts
    .map((t, k) => {
      const cut = !whole && t.body.length > TRUNCATE;
      const body = cut ? `${t.body.slice(0, TRUNCATE)}…` : t.body;
      const more = cut ? `<button type="button" class="xp-more" data-more="${entry},${sample},${k}">Show all (${t.body.length.toLocaleString('en-US')} characters)</button>` : '';
      return `<details class="xp-text"><summary>${e(t.label)}</summary><pre>${e(body)}</pre>${more}</details>`;
    })
    .join('');
}

/** One entry's cell on one sample. */
export function cellHtml(doc: ExplorerDoc, entry: number, sample: number, c: DocCell | null, opts: CellTexts = {}): string {
  const label = doc.entries[entry]!.label;
  if (!c) return `<td class="xp-cell xp-none" data-e="${entry}" data-label="${e(label)}"><span class="muted small">not run</span></td>`;
  const metrics = c.m && doc.metrics.length > 0 ? `<span class="xp-m">${doc.metrics.map((m, i) => `${e(m.label)} ${fmtValue(m.def, c.m![i])}`).join(' · ')}</span>` : '';
  const answer = c.a === '' ? '<span class="muted">(no answer)</span>' : e(c.a);
  const texts = opts.texts?.length ? textsHtml(entry, sample, opts.texts, opts.whole === true) : c.t ? `<button type="button" class="xp-load" data-load="${entry},${sample}">${c.t === 1 ? 'Response' : `${c.t} texts`}…</button>` : '';
  return (
    `<td class="xp-cell xp-${c.o}" data-e="${entry}" data-label="${e(label)}" data-v="${c.v ?? ''}">` +
    `<span class="xp-v" title="${OUTCOME_LABEL[c.o]}">${c.o === 'x' ? 'excluded' : c.o === 'f' && c.v === null ? 'failed' : `${fmtValue(doc.metric, c.v)}${c.o === 'f' ? ' · failed' : ''}`}</span>` +
    `<span class="xp-a">${answer}</span>${metrics}${texts}</td>`
  );
}

/** A sample id without its unit prefix (`<config>#12` → `#12`): the page names the unit. */
const shortId = (id: string) => (id.includes('#') ? id.slice(id.lastIndexOf('#')) : id);

/** One sample's row over the shown entries. */
export function rowHtml(doc: ExplorerDoc, sample: number, entries: readonly number[], textsOf: (entry: number, sample: number) => CellTexts = () => ({})): string {
  const s = doc.samples[sample]!;
  const anchor = sampleAnchor(s.id);
  const facts = doc.fields
    .map((f, i) => [f, s.fields[i]] as const)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([f, v]) => `<span>${e(f)}: ${e(String(v))}</span>`)
    .join('');
  const truth = doc.truth === 'hidden' ? '<span class="muted">hidden</span>' : s.truth !== undefined ? `<code>${e(s.truth)}</code>` : '—';
  return (
    `<tr id="${anchor}" data-s="${sample}"><th scope="row" class="l xp-sample"><a href="#${anchor}" title="${e(s.id)}">${e(shortId(s.id))}</a>${facts ? `<span class="xp-facts">${facts}</span>` : ''}</th>` +
    `<td class="l xp-truth" data-label="Ground truth">${truth}</td>` +
    entries.map((en) => cellHtml(doc, en, sample, doc.cells[en]?.[sample] ?? null, textsOf(en, sample))).join('') +
    '</tr>'
  );
}

/** The table head over the shown entries. */
export function headHtml(doc: ExplorerDoc, entries: readonly number[], base: string): string {
  const cols = entries
    .map((i) => {
      const en = doc.entries[i]!;
      const badge =
        (en.ranked ? '' : ' <span class="xp-badge">under review</span>') +
        (en.synthetic ? ' <span class="syn" title="Synthetic demo data: not a real model run">synthetic</span>' : '');
      return `<th scope="col" class="l" data-e="${i}"><a href="${escapeHtml(`${base}models/${encodeURIComponent(en.modelSlug)}/`)}">${e(en.label)}</a>${badge}</th>`;
    })
    .join('');
  return `<tr><th scope="col" class="l">${e(doc.sampleNoun[0]!.toUpperCase() + doc.sampleNoun.slice(1, -1))}</th><th scope="col" class="l">Ground truth</th>${cols}</tr>`;
}

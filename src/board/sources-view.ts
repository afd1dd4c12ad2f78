/**
 * The public sources behind a set of rows (imported submissions' `source`), once each, for the
 * "Data from public repositories" note under a board and on the benchmark and model pages.
 */
import type { Board, Entry } from '../core/board';
import { sourceCreditLabel, sourceCreditUrl, type SourceCredit } from '../core/source-credit';
import { safeHttpUrl } from '../core/escape';

export interface SourceNoteItem {
  /** "github.com/latchbio/scbench @ 4a7d2b0" */
  label: string;
  /** "latchbio/scbench": the repository without its host, for a row. */
  short: string;
  /** The repository at its commit (GitHub tree URL), when it is a safe http(s) URL. */
  href?: string;
  licence: string;
  attribution: string;
}

const keyOf = (s: SourceCredit) => `${s.repo}\u0000${s.commit}\u0000${s.path ?? '.'}`;

export function sourceNoteItem(s: SourceCredit): SourceNoteItem {
  const href = safeHttpUrl(sourceCreditUrl(s));
  return { label: sourceCreditLabel(s), short: new URL(s.repo).pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '') || s.repo, ...(href ? { href } : {}), licence: s.licence, attribution: s.attribution };
}

/** Distinct sources of `items`, sorted by label. */
export function sourcesOf(items: readonly { source?: SourceCredit | undefined }[]): SourceNoteItem[] {
  const seen = new Map<string, SourceCredit>();
  for (const i of items) if (i.source && !seen.has(keyOf(i.source))) seen.set(keyOf(i.source), i.source);
  return [...seen.values()].map(sourceNoteItem).sort((a, b) => a.label.localeCompare(b.label));
}

/** The source as the downloads and the data API publish it (null: not imported). */
export const sourceRecord = (s: SourceCredit | undefined): { repo: string; commit: string; path: string | null; licence: string; attribution: string } | null =>
  s ? { repo: s.repo, commit: s.commit, path: s.path ?? null, licence: s.licence, attribution: s.attribution } : null;

/** Every ranked and listed row of the boards. */
export const rowsOfBoards = (boards: readonly Board[]): Entry[] => boards.flatMap((b) => b.sections.flatMap((s) => [...s.rows, ...(s.unranked ?? [])]));

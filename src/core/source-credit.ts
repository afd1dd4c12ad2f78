/**
 * Where imported results come from: the public repository, the commit they were read at, the path
 * inside it, the licence they are published under and the attribution their authors ask for.
 * `npm run import` writes it into each submission it creates (`submission.json` "source"), from
 * `sources.json` or its own `--repo/--commit/--path/--licence/--attribution`; the site shows it on
 * every row, model, review and benchmark page the submission reaches.
 */
import { z } from 'zod';
import { httpUrlProblem } from './escape';

/** Display text: no markup characters, no control characters. */
const creditText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    // eslint-disable-next-line no-control-regex -- rejects control characters on purpose
    .refine((s) => !/[<>\u0000-\u001f\u007f]/.test(s), 'must not contain "<", ">" or control characters')
    .refine((s) => s.trim() === s, 'must not start or end with white space');

export const repoUrl = z
  .string()
  .max(300)
  .superRefine((u, ctx) => {
    const problem = httpUrlProblem(u);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    else if (!u.startsWith('https://')) ctx.addIssue({ code: 'custom', message: 'expected an https:// URL of the public repository' });
  })
  .describe('The public repository, an https:// URL in its normalised form, e.g. "https://github.com/latchbio/scbench"');

/** A path inside a repository: relative, "/"-separated, no "." or ".." segments ("." alone is the root). */
export const repoPath = z
  .string()
  .min(1)
  .max(300)
  .refine((p) => p === '.' || p.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && /^[A-Za-z0-9._+-]+$/.test(s)), 'expected a relative path inside the repository ("Results", "a/b"; "." for its root): no leading "/", no "." or ".." segments, letters, digits, ".", "_", "+", "-"')
  .describe('Path inside the repository; "." for its root');

export const sourceCreditSchema = z
  .strictObject({
    repo: repoUrl,
    commit: z.string().regex(/^[0-9a-f]{7,40}$/, 'expected a git commit id (7 to 40 lower-case hex digits)').describe('The commit the files were read at'),
    path: repoPath.optional(),
    licence: creditText(300).describe('The licence the source publishes the results under (SPDX id or words, e.g. "unclear: …"), or "unknown"'),
    attribution: creditText(300).describe('Whom to credit, as the source asks, or "unknown"'),
  })
  .describe('Where imported results come from (written by npm run import; shown with the results wherever they appear)');

export type SourceCredit = z.infer<typeof sourceCreditSchema>;

/** A browsable link to the source at its commit: GitHub's tree URL when the repository is on GitHub, else the repository. */
export function sourceCreditUrl(s: Pick<SourceCredit, 'repo' | 'commit' | 'path'>): string {
  const u = new URL(s.repo);
  if (u.hostname !== 'github.com' || u.search || u.hash) return s.repo;
  const repo = s.repo.replace(/\/+$/, '').replace(/\.git$/, '');
  return `${repo}/tree/${s.commit}${s.path && s.path !== '.' ? `/${s.path}` : ''}`;
}

/** "github.com/latchbio/scbench @ 4a7d2b0": the repository and short commit, for text. */
export const sourceCreditLabel = (s: Pick<SourceCredit, 'repo' | 'commit' | 'path'>): string =>
  `${s.repo.replace(/^https:\/\//, '').replace(/\/+$/, '').replace(/\.git$/, '')}${s.path && s.path !== '.' ? `/${s.path}` : ''} @ ${s.commit.slice(0, 7)}`;

/**
 * The credit an importer writes into each submission from its provenance: only when the repository
 * and commit are known (a local tree without them is credited nowhere); a missing licence or
 * attribution is written "unknown".
 */
export function creditFromProvenance(p: { repo?: string; commit?: string; path?: string; licence?: string; attribution?: string } | undefined): SourceCredit | undefined {
  if (!p?.repo || !p.commit) return undefined;
  return { repo: p.repo, commit: p.commit, ...(p.path && p.path !== '.' ? { path: p.path } : {}), licence: p.licence ?? 'unknown', attribution: p.attribution ?? 'unknown' };
}

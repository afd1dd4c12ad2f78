import type { Finding } from '../../core/findings';

export interface ChangedFile {
  /** Git status letter when given as `git diff --name-status` (A, M, D, R…), else undefined. */
  status?: string;
  path: string;
}

/** Parse `git diff --name-only` or `--name-status` output (renames give both paths). */
export function parseChangedFiles(text: string): ChangedFile[] {
  const out: ChangedFile[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const parts = line.split('\t');
    if (parts.length >= 2 && /^[ACDMRTUX]\d*$/.test(parts[0]!)) {
      for (const p of parts.slice(1)) out.push({ status: parts[0]![0], path: p });
    } else out.push({ path: line });
  }
  return out;
}

/** `results/<benchmark>/<id>` of a repo-relative path, if it lies in a submission folder. */
export function submissionFolderOf(path: string): string | undefined {
  const m = /^results\/([^/]+)\/([^/]+)\//.exec(path.replace(/\\/g, '/').replace(/^\.\//, ''));
  return m ? `results/${m[1]}/${m[2]}` : undefined;
}

/**
 * A pull request adds or corrects exactly one submission folder. Every changed path under
 * `results/` outside the folders being validated — and any second folder — is an edit to another
 * submission's folder (error). Changes outside `results/` are code: a maintainer reviews them.
 */
export function checkChangedFiles(changed: ChangedFile[], validatedFolders: string[]): Finding[] {
  const findings: Finding[] = [];
  const validated = new Set(validatedFolders.map((f) => f.replace(/\\/g, '/').replace(/\/+$/, '').replace(/^\.\//, '')));
  const touched = new Set<string>();
  const outside: string[] = [];
  for (const c of changed) {
    const p = c.path.replace(/\\/g, '/').replace(/^\.\//, '');
    if (p.startsWith('results/')) {
      const folder = submissionFolderOf(p);
      if (!folder) {
        findings.push({ path: p, pointer: '$', severity: 'error', message: 'changed file under results/ outside any submission folder (results/<benchmark>/<id>/)' });
        continue;
      }
      touched.add(folder);
      if (!validated.has(folder)) {
        findings.push({ path: p, pointer: '$', severity: 'error', message: `edits another submission's folder (${folder}), which this run does not validate${c.status === 'D' ? ' (deleted)' : ''}` });
      }
    } else outside.push(p);
  }
  if (touched.size > 1) {
    findings.push({
      path: 'results/',
      pointer: '$',
      severity: 'error',
      message: `this change touches ${touched.size} submission folders (${[...touched].sort().join(', ')}): a pull request adds or corrects exactly one; edits to other submissions' folders go through a maintainer`,
    });
  }
  if (outside.length) {
    findings.push({ path: outside.slice(0, 5).join(', ') + (outside.length > 5 ? ', …' : ''), pointer: '$', severity: 'warning', message: `${outside.length} changed file(s) outside results/: code and docs changes need a maintainer's review` });
  }
  return findings;
}

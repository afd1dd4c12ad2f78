import type { Finding } from '../../core/findings';

export interface ChangedFile {
  /** Git status letter when given as `git diff --name-status` (A, M, D, T, R…), else undefined. */
  status?: string;
  path: string;
  /**
   * Git file mode of the path's new version, read from the git tree (`git ls-tree`), when known:
   * `100644`/`100755` regular file, `120000` symbolic link, `160000` submodule.
   */
  mode?: string;
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

/**
 * Parse `git diff -z --name-status` output: NUL-separated fields, `<status>\0<path>\0`, and
 * `<status>\0<old>\0<new>\0` for renames and copies. Paths come through byte for byte (no quoting,
 * no escaping), so a path with a tab, a newline, a quote or non-ASCII letters is seen as it is.
 * Throws on output that does not have this shape.
 */
export function parseNameStatusZ(text: string): ChangedFile[] {
  const fields = text.split('\0');
  if (fields.at(-1) === '') fields.pop();
  const out: ChangedFile[] = [];
  for (let i = 0; i < fields.length; ) {
    const st = fields[i++]!;
    if (!/^[ACDMRTUX]\d*$/.test(st)) throw new Error(`unexpected git diff status field ${JSON.stringify(st.slice(0, 40))}`);
    const n = st[0] === 'R' || st[0] === 'C' ? 2 : 1;
    if (i + n > fields.length) throw new Error('git diff output ends in the middle of a record');
    for (let k = 0; k < n; k++) out.push({ status: st[0]!, path: fields[i++]! });
  }
  return out;
}

export interface TreeEntry {
  mode: string;
  type: string;
  object: string;
  /** Blob size in bytes with `ls-tree -l` (undefined for submodules or without -l). */
  size?: number;
}

/** Parse `git ls-tree -r -z [-l]` output: `<mode> <type> <object>[ <size>]\t<path>\0` per entry. */
export function parseLsTreeZ(text: string): Map<string, TreeEntry> {
  const out = new Map<string, TreeEntry>();
  for (const rec of text.split('\0')) {
    if (rec === '') continue;
    const tab = rec.indexOf('\t');
    const m = tab < 0 ? null : /^(\d{6}) (\w+) ([0-9a-f]{40,64})(?: +(\d+|-))?$/.exec(rec.slice(0, tab));
    if (!m) throw new Error(`unexpected git ls-tree record ${JSON.stringify(rec.slice(0, 80))}`);
    out.set(rec.slice(tab + 1), { mode: m[1]!, type: m[2]!, object: m[3]!, ...(m[4] && m[4] !== '-' ? { size: Number(m[4]) } : {}) });
  }
  return out;
}

/**
 * "Plain printable text" for a path a pull request adds: `/`-separated segments, each 1–128
 * characters from `A–Z a–z 0–9 . _ + -`, not starting with `.`, `-` or `+` (so no hidden files, no
 * `.`/`..`, nothing an option parser could take for a flag), no empty segment, at most 512
 * characters in all. No spaces, quotes, backslashes, control characters or non-ASCII letters:
 * nothing that git quotes, a shell splits, or that looks like another folder's name.
 */
export function plainPathReason(path: string): string | undefined {
  if (path.length === 0) return 'is empty';
  if (path.length > 512) return 'is longer than 512 characters';
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces or rejects
  if (/[^\x20-\x7e]/.test(path)) return /[\u0000-\u001f\u007f]/.test(path) ? 'contains a control character' : 'contains a non-ASCII character';
  for (const seg of path.split('/')) {
    if (seg === '') return 'has an empty path segment';
    if (seg === '.' || seg === '..') return `has a "${seg}" path segment`;
    if (seg.length > 128) return 'has a path segment longer than 128 characters';
    if (/^[.+-]/.test(seg)) return `has a segment starting with "${seg[0]}"`;
    const bad = /[^A-Za-z0-9._+-]/.exec(seg);
    if (bad) return `contains ${JSON.stringify(bad[0])}`;
  }
  return undefined;
}

/** `results/<benchmark>/<id>` of a repo-relative path, if it lies in a submission folder. */
export function submissionFolderOf(path: string): string | undefined {
  const m = /^results\/([^/]+)\/([^/]+)\//.exec(path.replace(/\\/g, '/').replace(/^\.\//, ''));
  return m ? `results/${m[1]}/${m[2]}` : undefined;
}

export interface ChangedFilesOptions {
  /**
   * Submission folders (`results/<benchmark>/<id>`) that already exist on the base branch. A pull
   * request adds a new folder; a path inside one of these (compared without case) is an edit to a
   * merged submission.
   */
  existingFolders?: ReadonlySet<string>;
}

/**
 * `models/<id>.json` when the path is exactly one new registry file. A pull request that submits a
 * model nobody has registered yet adds that file beside its folder; a maintainer reviews it (it is
 * CODEOWNERS-protected) and the check validates the submission against it.
 */
export function newModelFileId(c: Pick<ChangedFile, 'path' | 'status'>): string | undefined {
  const m = /^models\/([a-z0-9][a-z0-9._-]{0,79})\.json$/.exec(c.path);
  return m && c.status === 'A' && !m[1]!.includes('..') ? m[1] : undefined;
}

/** Changed files listed one by one per folder this run does not validate; the rest are counted. */
const MAX_PER_OTHER_FOLDER = 5;

const REGULAR_MODES = new Set(['100644', '100755']);

function modeProblem(mode: string): string | undefined {
  if (REGULAR_MODES.has(mode)) return undefined;
  if (mode === '120000') return 'is a symbolic link: commit the file itself';
  if (mode === '160000') return 'is a submodule (gitlink): commit the files themselves';
  return `is not a regular file (git mode ${mode})`;
}

/** Why a path outside results/ may not be in a submission pull request. */
function outsideMessage(p: string): string {
  if (p === 'reviews' || p.startsWith('reviews/')) return "reviews/ holds the maintainers' review verdicts: a submission pull request may not add or edit them (a maintainer records the verdict)";
  if (p === 'models' || p.startsWith('models/')) return "models/ is the maintainers' model registry: a submission pull request may add one new models/<id>.json for the model it submits, never edit or delete an existing one";
  return 'outside results/: a submission pull request may change nothing but its own new results/<benchmark>/<id>/ folder (code, configuration and docs changes go in a separate pull request that a maintainer reviews)';
}

/**
 * A pull request adds exactly one new submission folder and nothing else. Every other change is
 * an error: a path that is not plain printable text ({@link plainPathReason}), a symbolic link,
 * submodule or special file, a change outside `results/` (code, workflows, `reviews/`, `models/`),
 * a file under `results/` outside a submission folder, an edit inside another submission's folder
 * or inside a folder that already exists on the base branch, a deletion or modification (corrections
 * to a merged submission go through a maintainer), and a second folder.
 */
export function checkChangedFiles(changed: ChangedFile[], validatedFolders: string[], opts: ChangedFilesOptions = {}): Finding[] {
  const findings: Finding[] = [];
  const error = (path: string, message: string) => findings.push({ path, pointer: '$', severity: 'error', message });
  const validated = new Set(validatedFolders.map((f) => f.replace(/\\/g, '/').replace(/\/+$/, '').replace(/^\.\//, '')));
  const touched = new Set<string>();
  const othersShown = new Map<string, number>();
  // Compared without case: on a case-insensitive checkout `Foo` and `foo` are the same folder.
  const existing = new Set([...(opts.existingFolders ?? [])].map((f) => f.toLowerCase()));
  const newModels: string[] = [];
  for (const c of changed) {
    const p = c.path;
    const plainReason = plainPathReason(p);
    // A path that is not plain text is shown JSON-quoted, so every byte of it is visible.
    const shown = plainReason ? JSON.stringify(p) : p;
    if (plainReason) error(shown, `path is not plain printable text: it ${plainReason} (allowed: segments of A-Z a-z 0-9 . _ + - not starting with . + or -)`);
    if (c.mode !== undefined && c.status !== 'D') {
      const problem = modeProblem(c.mode);
      if (problem) error(shown, `${problem}; not allowed in a submission`);
    }
    if (!p.startsWith('results/')) {
      const model = newModelFileId(c);
      if (model !== undefined && !plainReason) {
        newModels.push(p);
        continue;
      }
      error(shown, outsideMessage(p));
      continue;
    }
    const folder = submissionFolderOf(p);
    if (!folder) {
      error(shown, 'changed file under results/ outside any submission folder (results/<benchmark>/<id>/)');
      continue;
    }
    touched.add(folder);
    const onBase = existing.has(folder.toLowerCase());
    if (onBase || !validated.has(folder)) {
      const n = (othersShown.get(folder) ?? 0) + 1;
      othersShown.set(folder, n);
      if (n > MAX_PER_OTHER_FOLDER) continue;
      if (onBase) error(shown, `${c.status === 'D' ? 'deletes from' : c.status === 'A' ? 'adds to' : 'changes'} ${folder}, a submission folder already on the base branch: a pull request adds a new folder; changes to a merged submission go through a maintainer`);
      else error(shown, `edits another submission's folder (${folder}), which this run does not validate${c.status === 'D' ? ' (deleted)' : ''}`);
      continue;
    }
    if (c.status !== undefined && c.status !== 'A') {
      const what = c.status === 'D' ? 'deletes' : c.status === 'M' ? 'modifies' : c.status === 'T' ? 'changes the type of' : `changes (${c.status})`;
      error(shown, `${what} a file that exists on the base branch: a pull request only adds new files in its new folder`);
    }
  }
  for (const [folder, n] of othersShown) {
    if (n > MAX_PER_OTHER_FOLDER) error(folder, `… and ${n - MAX_PER_OTHER_FOLDER} more changed file(s) in ${folder}`);
  }
  if (touched.size > 1) {
    error(
      'results/',
      `this change touches ${touched.size} submission folders (${[...touched].sort().join(', ')}): a pull request adds exactly one; edits to other submissions' folders go through a maintainer`,
    );
  }
  if (newModels.length > 1) error(newModels.join(', '), `adds ${newModels.length} model registry files: a pull request submits one model and may add at most its one models/<id>.json`);
  else if (newModels.length === 1) findings.push({ path: newModels[0]!, pointer: '$', severity: 'warning', message: 'adds a new model registry file: a maintainer reviews it (name, org, links) before merging' });
  return findings;
}

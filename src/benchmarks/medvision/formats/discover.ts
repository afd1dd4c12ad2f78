import { basename, join } from 'node:path';
import { isRealDir, isRealFile, listDir } from '../../../core/fs-walk';
import type { TaskType } from '../scorer/sample';

/** A model folder `Results/<task_tag>/<model>/` with its parsed files. */
export interface ModelFolder {
  dir: string;
  taskTag: string;
  model: string;
  /** `<ts>_samples_<config>.jsonl`, sorted by name (upstream's glob order is unspecified). */
  sampleFiles: string[];
  /** `<ts>_results.json` files, the run's own (claimed) aggregates. */
  resultsFiles: string[];
  /** Anything else in `parsed/` that upstream's parse and summarize steps do not write (reported, never read). */
  otherFiles: string[];
}

/** Files upstream's summarizers write next to the parsed records (old numbers from the submitter's parse; not read). */
const SUMMARIZER_OUTPUT = /^summary_[^/]*\.(json|csv)$/;

// lstat only: a symbolic link is never followed and a FIFO never opened (the safety check reports both).
const isDir = isRealDir;

const listDirs = (p: string) => listDir(p).filter((e) => isDir(join(p, e)));

function modelFolder(dir: string, taskTag: string): ModelFolder {
  const parsed = join(dir, 'parsed');
  const entries = listDir(parsed);
  const files = entries.filter((f) => isRealFile(join(parsed, f)));
  const isSamples = (f: string) => /_samples_.+\.jsonl$/.test(f) && !f.includes('_proc_acc') && !f.includes('_eq_acc');
  const isResults = (f: string) => /_results\.json$/.test(f);
  return {
    dir,
    taskTag,
    model: basename(dir),
    sampleFiles: files.filter(isSamples).map((f) => join(parsed, f)),
    resultsFiles: files.filter(isResults).map((f) => join(parsed, f)),
    otherFiles: entries.filter((f) => !(files.includes(f) && (isSamples(f) || isResults(f) || SUMMARIZER_OUTPUT.test(f)))).map((f) => join(parsed, f)),
  };
}

/**
 * Model folders under `root`, which may be a model folder, a task folder, a `Results/` folder or
 * a submission folder holding `Results/`.
 */
export function discoverModelFolders(root: string): ModelFolder[] {
  if (isDir(join(root, 'parsed'))) return [modelFolder(root, basename(join(root, '..')))];
  const out: ModelFolder[] = [];
  const children = isDir(root) ? listDirs(root) : [];
  for (const c of children) {
    if (isDir(join(root, c, 'parsed'))) out.push(modelFolder(join(root, c), basename(root)));
  }
  if (out.length) return out;
  const results = isDir(join(root, 'Results')) ? join(root, 'Results') : root;
  for (const tag of isDir(results) ? listDirs(results) : []) {
    for (const m of listDirs(join(results, tag))) {
      if (isDir(join(results, tag, m, 'parsed'))) out.push(modelFolder(join(results, tag, m), tag));
    }
  }
  return out;
}

/** `<ts>_samples_<config>.jsonl` → `<config>`. */
export function configName(file: string): string {
  const m = /_samples_(.+)\.jsonl$/.exec(basename(file));
  return m ? m[1]! : basename(file);
}

/** Upstream's `samples_([^_]+)_` dataset name. */
export function datasetFromFile(file: string): string | undefined {
  return /samples_([^_]+)_/.exec(basename(file))?.[1];
}

/** Task family from the config name, else from the task tag. */
export function taskTypeOf(file: string, taskTag: string): TaskType | undefined {
  const name = basename(file);
  if (name.includes('_TumorLesionSize_')) return 'TL';
  if (name.includes('_BiometricsFromLandmarks_')) return 'AD';
  if (name.includes('_BoxCoordinate_')) return 'Detection';
  if (/-TL\b|-TL-/.test(taskTag) || taskTag.endsWith('-TL')) return 'TL';
  if (/-AD\b/.test(taskTag)) return 'AD';
  if (/-detect/i.test(taskTag)) return 'Detection';
  return undefined;
}

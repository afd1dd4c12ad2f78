/**
 * One (model folder, family)'s per-sample primaries as a compact column table, and the sample
 * objects built from it on demand. A build reads a submission's tables when a board, an MDD or a
 * compare page asks (`MedvisionEntry.samples`), never keeps every submission's.
 */

/** One sample's primary value (MRE for TL/AD, IoU for Detection; NaN = failed answer). */
export interface SampleValue {
  /** Shared across models: `<config>#<doc_id>`. */
  key: string;
  config: string;
  /** Label group of the model summary; undefined when upstream leaves the sample out. */
  group?: string;
  value: number;
}

/** Compact column store of one (model folder, family)'s sample primaries (cheap to keep and cache). */
export interface SampleTable {
  configs: string[];
  groups: string[];
  config: number[];
  /** Index into `groups`, −1 when the sample is in no summary group. */
  group: number[];
  docId: number[];
  /** NaN = failure (stored as null in the cache file). */
  value: number[];
}

/** An entry's tables by `${model}|${family}`, read when asked. */
export interface HasSampleTables {
  samples(): ReadonlyMap<string, SampleTable>;
}

export interface RunKey {
  model: string;
  task_type: string;
}

// How many per-sample objects (an entry's tables, a row's unit values) are still reachable from
// anywhere, closures included: what the memory test holds to its bound after a full GC.
let live = 0;
const tracked = new FinalizationRegistry<undefined>(() => live--);

/** Counts `o` as per-sample data until it is garbage-collected. */
export function trackPerSample<T extends object>(o: T): T {
  tracked.register(o, undefined);
  live++;
  return o;
}

/** Per-sample objects made in this process and not yet garbage-collected (after a full GC: those something still holds). */
export const livePerSampleObjects = (): number => live;

/** A row's unit values (`Entry.unitValues`): each sample's primary by its key. */
export const unitValuesOf = (samples: readonly SampleValue[]): Record<string, number> => trackPerSample(Object.fromEntries(samples.map((x) => [x.key, x.value])));

/** The sample primaries of one model result, as objects (built on demand, not kept). */
export function samplesOf(e: HasSampleTables, r: RunKey): SampleValue[] {
  const t = e.samples().get(`${r.model}|${r.task_type}`);
  if (!t) return [];
  return t.value.map((_, i) => sampleAt(t, i));
}

function sampleAt(t: SampleTable, i: number): SampleValue {
  const config = t.configs[t.config[i]!]!;
  const g = t.group[i]!;
  return { key: `${config}#${t.docId[i]}`, config, ...(g >= 0 ? { group: t.groups[g]! } : {}), value: t.value[i]! };
}

// Row numbers of each config of a table, found once per table: a board per config used to walk
// every sample of the run once per config (66 configs × every sample, per entry).
const rowsByConfig = new WeakMap<SampleTable, Map<number, number[]>>();

/** `samplesOf(e, r)` restricted to one subtask config, in the same order. */
export function samplesOfConfig(e: HasSampleTables, r: RunKey, config: string): SampleValue[] {
  const t = e.samples().get(`${r.model}|${r.task_type}`);
  if (!t) return [];
  let rows = rowsByConfig.get(t);
  if (!rows) {
    rows = new Map();
    for (let i = 0; i < t.config.length; i++) {
      const c = t.config[i]!;
      const list = rows.get(c);
      if (list) list.push(i);
      else rows.set(c, [i]);
    }
    rowsByConfig.set(t, rows);
  }
  const at = t.configs.indexOf(config);
  return (rows.get(at) ?? []).map((i) => sampleAt(t, i));
}

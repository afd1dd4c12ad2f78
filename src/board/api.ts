/**
 * The static data API (`/api/v1/`), as documents the one catch-all route serves: the manifest,
 * one board document per board (the board download itself), one per model, per admitted
 * submission, and per (entry, unit) sample file as JSON and Parquet. Schemas:
 * `src/core/api-schemas.ts`. Everything is computed from the gate's admissions and the
 * benchmarks' own view models, so a build is a function of its inputs (no clock).
 */
import { sourceRecord } from './sources-view';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { ColumnSource } from 'hyparquet-writer';
import { SUBMISSION_BENCHMARKS } from '../registry/benchmarks';
import type { SampleFile, SubmissionSamples } from '../core/benchmark';
import { cachedProducts } from '../ingest/product-cache';
import { publishCached } from '../ingest/published-files';
import type { ApiManifest, ApiModel, ApiSamples, ApiSubmission } from '../core/api-schemas';
import { allBoards, boardPath } from './boards';
import { boardDownload, boardJson, downloadPath } from './downloads';
import { admissions, boardContext, type Admission } from './gate';
import { modelPages } from './models';
import { entryKeyOf, harnessLabel } from './submission-meta';
import { resultsRoot } from './paths';
import { changelogItems } from './changelog-view';
import { loadSubmissionReviews } from './review-view';
import { boardRowsFor } from './contributed-rows';
import { cachedDigest } from '../ingest/submission/validate-tree';
import { codeVersionOf } from '../ingest/score-cache';
import { folderBytes } from '../ingest/submission/prime-shard';
import { shardByWeight, type Shard } from '../core/shard';
import { API_ROOT, boardDocPath, modelDocPath, samplesDocPath, submissionDocPath, feedPath } from './api-paths';

export { API_ROOT, boardDocPath, modelDocPath, samplesDocPath, submissionDocPath, feedPath };

/** The JSON Schemas of the API documents, as published under `/schemas/`. */
export const API_SCHEMA_NAMES = { manifest: 'api-manifest', board: 'board', model: 'api-model', submission: 'api-submission', samples: 'api-samples' } as const;

/** One file of the API: `path` is below the site base (no leading slash). */
export interface ApiDocument {
  path: string;
  contentType: string;
  /** A function for the per-sample files: their bytes are read from the product cache when the route is written. */
  body: string | Uint8Array<ArrayBuffer> | (() => Uint8Array<ArrayBuffer>);
  /**
   * Set on the per-sample files: they are not routes but product-cache files the build links into
   * the site (`publishedApiDocuments`); the value is the cache file (undefined: the bytes are in memory).
   */
  cacheFile?: () => string | undefined;
}

/** A document's bytes (or text). */
export const documentBody = (d: ApiDocument): string | Uint8Array<ArrayBuffer> => (typeof d.body === 'function' ? d.body() : d.body);

const json = (v: unknown) => `${JSON.stringify(v, null, 1)}\n`;
const sha = (b: string | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Parquet of one sample file: the columns in order, typed as declared, every column nullable. */
export function sampleParquet(f: Pick<SampleFile, 'columns' | 'rows'>): Uint8Array<ArrayBuffer> {
  const columnData: ColumnSource[] = f.columns.map((c) => {
    const data = f.rows.map((r) => r[c.name] ?? null);
    if (c.type === 'int') {
      const wide = data.some((v) => typeof v === 'number' && (v > 2147483647 || v < -2147483648));
      return wide ? { name: c.name, type: 'INT64', data: data.map((v) => (typeof v === 'number' ? BigInt(v) : null)) } : { name: c.name, type: 'INT32', data };
    }
    return { name: c.name, type: c.type === 'string' ? 'STRING' : c.type === 'double' ? 'DOUBLE' : 'BOOLEAN', data };
  });
  return new Uint8Array(parquetWriteBuffer({ columnData, createdBy: 'evalboard (hyparquet-writer)' }));
}

/** Which submission's samples stand for an entry: ranked before under review, then the newest, then by id (the data API and the explorer). */
export function preferred(a: Admission, b: Admission): number {
  if (a.ranked !== b.ranked) return a.ranked ? -1 : 1;
  const da = a.report.submission?.submitted_at ?? '';
  const db = b.report.submission?.submitted_at ?? '';
  return db.localeCompare(da) || a.id.localeCompare(b.id);
}

/** One sample file's line in the submission and manifest documents (what the build keeps of it). */
interface SampleRef {
  unit: string;
  label: string;
  kind: string;
  rows: number;
  parquet_sha256: string;
}

interface SampleSet {
  benchmark: string;
  entry: string;
  submission: string;
  files: SampleRef[];
  /** A file's bytes by its path below the site base (read from the product cache when its route is written). */
  read: (unit: string, ext: 'json' | 'parquet') => Uint8Array<ArrayBuffer>;
  /** The product-cache file of one file (undefined: in memory). */
  fileOf: (unit: string, ext: 'json' | 'parquet') => string | undefined;
}

/**
 * One submission's sample files as JSON and Parquet, written to the product cache (computed only
 * when its folder, the code or these inputs changed); the build keeps their refs, not their rows.
 */
async function sampleSet(benchmark: string, entry: string, src: SubmissionSamples | undefined, u: (p: string) => string): Promise<SampleSet> {
  if (!src) return { benchmark, entry, submission: '', files: [], read: () => new Uint8Array(), fileOf: () => undefined };
  const store = await cachedProducts<SampleRef[]>(`api-samples/${benchmark}`, src.dir, async (put) => {
    const files = (await src.files()).slice().sort((x, y) => x.unit.localeCompare(y.unit));
    const seen = new Set<string>();
    return files.map((f) => {
      if (seen.has(f.unit)) throw new Error(`${benchmark}: two sample files for unit ${f.unit} of ${src.submission}`);
      seen.add(f.unit);
      const parquet = sampleParquet(f);
      const doc: ApiSamples = {
        format: 'evalboard-api-samples/1',
        benchmark,
        entry,
        submission: src.submission,
        unit: f.unit,
        unit_label: f.unitLabel,
        unit_kind: f.unitKind,
        parquet: u(samplesDocPath(benchmark, entry, f.unit, 'parquet')),
        columns: f.columns,
        rows: f.rows,
      };
      put(`${f.unit}.json`, json(doc));
      put(`${f.unit}.parquet`, parquet);
      return { unit: f.unit, label: f.unitLabel, kind: f.unitKind, rows: f.rows.length, parquet_sha256: sha(parquet) };
    });
  }, { extra: `api-samples/1\0${u('')}\0${entry}\0${src.submission}\0${src.extra ?? ''}` });
  return { benchmark, entry, submission: src.submission, files: store.meta, read: (unit, ext) => new Uint8Array(store.read(`${unit}.${ext}`)), fileOf: (unit, ext) => store.fileOf(`${unit}.${ext}`) };
}

/** A path below the site's base path as the documents write it (what the per-sample files' keys hold too). */
const underBase = (base: string) => (p: string) => encodeURI(`${base}${p}`);

/** Which submission's samples each (benchmark, entry) of the API shows, in the order the documents list them. */
interface PlannedSet {
  benchmark: string;
  entry: string;
  /** The submission picked (`preferred`). */
  pick: string;
  source: SubmissionSamples | undefined;
}

async function sampleSetPlan(adm: readonly Admission[]): Promise<PlannedSet[]> {
  const gate = await boardContext();
  const out: PlannedSet[] = [];
  for (const b of SUBMISSION_BENCHMARKS) {
    const sources = (await b.submissions.sampleFiles?.(gate.forBenchmark(b.id))) ?? [];
    const byEntry = new Map<string, Admission[]>();
    for (const a of adm.filter((x) => x.benchmark === b.id)) {
      const k = entryKeyOf(a.report.submission!);
      byEntry.set(k, [...(byEntry.get(k) ?? []), a]);
    }
    for (const entry of [...byEntry.keys()].sort()) {
      const pick = byEntry.get(entry)!.slice().sort(preferred)[0]!;
      out.push({ benchmark: b.id, entry, pick: pick.id, source: sources.find((x) => x.submission === pick.id) });
    }
  }
  return out;
}

/** The admissions the API documents: ranked or under review, with a submission record. */
const apiAdmissions = async (): Promise<Admission[]> => (await admissions()).filter((a) => (a.ranked || a.underReview) && a.report.submission);

/**
 * One job of the deploy's pairs stage, and a lane of a cold `npm run build`
 * (scripts/lib/prime-lanes.ts): writes shard `shard`'s per-sample files (JSON and Parquet, the
 * `api-samples` products) into the product cache, assigned by the submission folder's bytes, under
 * the keys the site build at base path `base` looks up. Returns how many sets it computed or found.
 */
export async function primeSampleSets(shard: Shard, base = '/'): Promise<{ sets: number; of: number }> {
  const u = underBase(base);
  const plan = await sampleSetPlan(await apiAdmissions());
  const mine = shardByWeight(plan, (p) => (p.source ? folderBytes(p.source.dir) : 0), shard).items;
  for (const p of mine) await sampleSet(p.benchmark, p.entry, p.source, u);
  return { sets: mine.length, of: plan.length };
}

let cache: Promise<ApiDocument[]> | undefined;
let cachedFor: string | undefined;

/**
 * Every API document. `base` is the site's base path (`/` or `/sub/`), `site` its origin; both only
 * go into URLs.
 */
/** The manifest alone (the API page's worked example). */
export async function apiManifest(base = '/', site = ''): Promise<ApiManifest> {
  const doc = (await apiDocuments(base, site)).find((d) => d.path === `${API_ROOT}/manifest.json`)!;
  return JSON.parse(doc.body as string) as ApiManifest;
}

/**
 * The documents Astro writes as routes; the per-sample files are recorded for the build to link
 * from the product cache instead (`src/ingest/published-files.ts`): same paths, same bytes.
 */
export async function routedApiDocuments(base = '/', site = ''): Promise<ApiDocument[]> {
  const docs = await apiDocuments(base, site);
  for (const d of docs) if (d.cacheFile) publishCached(d.path, d.cacheFile(), () => documentBody(d) as Uint8Array);
  return docs.filter((d) => !d.cacheFile);
}

export function apiDocuments(base = '/', site = ''): Promise<ApiDocument[]> {
  // The origin with or without its trailing slash is one site (the API page passes Astro.site's
  // href, the route import.meta.env.SITE): the documents were built twice per build.
  const origin = site.replace(/\/$/, '');
  const key = `${base}|${origin}`;
  if (!cache || cachedFor !== key) {
    cachedFor = key;
    cache = build(base, origin);
  }
  return cache;
}

async function build(base: string, site: string): Promise<ApiDocument[]> {
  const u = underBase(base);
  const docs: ApiDocument[] = [];
  const adm = await apiAdmissions();
  const boards = await allBoards();

  // Per-sample files: one submission per (benchmark, entry), written one submission at a time.
  const sets: SampleSet[] = [];
  for (const p of await sampleSetPlan(adm)) sets.push({ ...(await sampleSet(p.benchmark, p.entry, p.source, u)), submission: p.pick });
  const refsOf = (s: SampleSet) =>
    s.files.map((f) => ({
      unit: f.unit,
      label: f.label,
      kind: f.kind,
      rows: f.rows,
      json: u(samplesDocPath(s.benchmark, s.entry, f.unit, 'json')),
      parquet: u(samplesDocPath(s.benchmark, s.entry, f.unit, 'parquet')),
      parquet_sha256: f.parquet_sha256,
    }));
  for (const s of sets) {
    for (const f of s.files) {
      for (const [ext, contentType] of [['json', 'application/json'], ['parquet', 'application/vnd.apache.parquet']] as const) {
        docs.push({ path: samplesDocPath(s.benchmark, s.entry, f.unit, ext), contentType, body: () => s.read(f.unit, ext), cacheFile: () => s.fileOf(f.unit, ext) });
      }
    }
  }

  // Boards: the board download, unchanged.
  for (const b of boards) docs.push({ path: boardDocPath(b), contentType: 'application/json', body: boardJson(b) });

  // Submissions (admitted only).
  const reviews = await loadSubmissionReviews(boardRowsFor);
  const changes = changelogItems(reviews);
  const digests = new Map<string, string | null>();
  for (const a of adm) digests.set(`${a.benchmark}/${a.id}`, (await cachedDigest(a.benchmark, join(resultsRoot(), a.benchmark, a.id))) ?? null);
  // Every board's download rows once, by submission (not once per submission: at 200 entries that
  // was a third of the build).
  const rowsBySubmission = new Map<string, ApiSubmission['rows']>();
  for (const b of boards) {
    for (const r of boardDownload(b).rows) {
      const k = `${b.benchmark}/${r.submission}`;
      const list = rowsBySubmission.get(k) ?? [];
      list.push({ board: b.slug, board_url: u(boardDocPath(b)), section: r.section, status: r.status, rank: r.rank, value: r.value });
      rowsBySubmission.set(k, list);
    }
  }
  const rowsOf = (benchmark: string, id: string): ApiSubmission['rows'] => rowsBySubmission.get(`${benchmark}/${id}`) ?? [];
  for (const a of adm) {
    const s = a.report.submission!;
    const entry = entryKeyOf(s);
    const set = sets.find((x) => x.benchmark === a.benchmark && x.submission === a.id);
    const doc: ApiSubmission = {
      format: 'evalboard-api-submission/1',
      benchmark: a.benchmark,
      id: a.id,
      model_id: s.model,
      model: a.report.model?.name ?? s.model,
      entry,
      harness: { name: s.harness.name, version: s.harness.version, commit: s.harness.commit ?? null },
      submitted_at: s.submitted_at.slice(0, 10),
      synthetic: s.synthetic === true || a.report.model?.synthetic === true,
      source: sourceRecord(s.source),
      status: a.report.status,
      ranked: a.ranked,
      under_review: a.underReview,
      page: u(`submissions/${a.id}/`),
      review: { reviewed_at: a.report.review?.reviewed_at?.slice(0, 10) ?? null, verdict: a.report.review?.verdict ?? null },
      changelog: (a.report.review?.changelog ?? []).map((c) => ({ date: c.date.slice(0, 10), kind: c.kind })),
      content_digest: digests.get(`${a.benchmark}/${a.id}`) ?? null,
      rows: rowsOf(a.benchmark, a.id),
      samples: set ? refsOf(set) : [],
    };
    docs.push({ path: submissionDocPath(a.benchmark, a.id), contentType: 'application/json', body: json(doc) });
  }
  const admittedKey = new Set(adm.map((a) => `${a.benchmark}/${a.id}`));

  // Models.
  const models = await modelPages();
  for (const m of models) {
    const doc: ApiModel = {
      format: 'evalboard-api-model/1',
      id: m.slug,
      name: m.name,
      org: m.org,
      weights: m.weights,
      params: m.params,
      licence: m.licence,
      release_date: m.releaseDate,
      aliases: m.aliases,
      links: m.links,
      synthetic: m.synthetic,
      page: u(`models/${m.slug}/`),
      entries: m.entries.map((e) => ({ key: e.key, harness: e.harness, benchmarks: e.benchmarks, ranked: e.ranked })),
      submissions: m.submissions.map((s) => ({
        benchmark: s.benchmark,
        id: s.id,
        status: s.status as ApiModel['submissions'][number]['status'],
        entry: s.entryKey,
        on_boards: s.onBoards,
        reason: s.reason ?? null,
        url: admittedKey.has(`${s.benchmark}/${s.id}`) ? u(submissionDocPath(s.benchmark, s.id)) : null,
      })),
      placements: m.placements.map((p) => ({
        benchmark: p.board.benchmark,
        board: p.board.slug,
        board_url: u(boardDocPath(p.board)),
        section: p.board.sections.find((s) => s.rows.includes(p.row))?.id ?? '',
        entry: p.row.entryKey,
        rank: p.row.rank,
        rank_range: p.row.rankRange,
        of: p.of,
        value: p.row.primary !== null && Number.isFinite(p.row.primary) ? p.row.primary : null,
      })),
    };
    docs.push({ path: modelDocPath(m.slug), contentType: 'application/json', body: json(doc) });
  }

  // The manifest.
  const codeVersion = codeVersionOf(process.cwd());
  const h = createHash('sha256').update(codeVersion);
  for (const a of [...adm].sort((x, y) => `${x.benchmark}/${x.id}`.localeCompare(`${y.benchmark}/${y.id}`))) {
    h.update(`\n${a.benchmark}/${a.id}\0${a.report.status}\0${digests.get(`${a.benchmark}/${a.id}`) ?? ''}`);
  }
  const manifest: ApiManifest = {
    format: 'evalboard-api-manifest/1',
    site: `${site.replace(/\/$/, '')}${base}`,
    build: { content_hash: h.digest('hex'), code_version: codeVersion, date: changes.map((c) => c.date).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort().at(-1) ?? null, admitted: adm.length },
    schemas: Object.fromEntries(Object.entries(API_SCHEMA_NAMES).map(([k, n]) => [k, u(`schemas/${n}.json`)])),
    feed: u(feedPath()),
    benchmarks: SUBMISSION_BENCHMARKS.map((b) => ({
      id: b.id,
      name: b.name,
      page: u(`benchmarks/${b.id}/`),
      feed: u(feedPath(b.id)),
      clinical: b.clinical === true,
      data_note: b.dataNote ? { kind: b.dataNote.kind, licence: b.dataNote.licence ?? null, text: b.dataNote.text } : null,
      boards: boards.filter((x) => x.benchmark === b.id).map((x) => ({ slug: x.slug, title: x.title, kind: x.kind, url: u(boardDocPath(x)), page: u(boardPath(x)), csv: u(downloadPath(x, 'csv')) })),
    })),
    models: models.map((m) => ({ id: m.slug, name: m.name, url: u(modelDocPath(m.slug)), page: u(`models/${m.slug}/`) })),
    submissions: adm.map((a) => ({ benchmark: a.benchmark, id: a.id, status: a.report.status, ranked: a.ranked, entry: entryKeyOf(a.report.submission!), url: u(submissionDocPath(a.benchmark, a.id)), page: u(`submissions/${a.id}/`) })),
    entries: sets.map((s) => {
      const sub = adm.find((a) => a.benchmark === s.benchmark && a.id === s.submission)!.report.submission!;
      return { key: s.entry, benchmark: s.benchmark, model_id: sub.model, harness: harnessLabel(sub.harness), submission: s.submission, samples: refsOf(s) };
    }),
  };
  docs.unshift({ path: `${API_ROOT}/manifest.json`, contentType: 'application/json', body: json(manifest) });
  return docs;
}

/**
 * The static data API, on a real build: the manifest validates against its published schema and
 * every URL it lists is a file of the build; every API document validates against its schema;
 * each Parquet file, read back with hyparquet (not the writer), holds exactly the values of the
 * JSON document beside it, and MedVision's per-sample primaries equal the board's own.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../e2e/build';
import { parquetReadObjects, parquetMetadata } from 'hyparquet';
import { apiManifestSchema, apiModelSchema, apiSamplesSchema, apiSubmissionSchema, type ApiManifest, type ApiSamples } from '../../src/core/api-schemas';
import { boardDownloadSchema } from '../../src/core/board-download-schema';
import { jsonSchemaOf } from '../../src/registry/json-schemas';
import { loadMedvision } from '../../src/benchmarks/medvision/boards/load';
import { samplesOf } from '../../src/benchmarks/medvision/boards/sample-table';
import { entryKeyOf } from '../../src/board/submission-meta';

const ROOT = join(import.meta.dirname, '..', '..');
let out: string;
let manifest: ApiManifest;

/** The build's file for a site URL (directory URLs are their index.html). */
const fileOf = (url: string) => {
  const p = decodeURI(url).replace(/^\//, '');
  return join(out, p.endsWith('/') || p === '' ? `${p}index.html` : p);
};

function urlsIn(v: unknown, acc: string[] = []): string[] {
  if (typeof v === 'string' && v.startsWith('/')) acc.push(v);
  else if (Array.isArray(v)) v.forEach((x) => urlsIn(x, acc));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => urlsIn(x, acc));
  return acc;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? filesUnder(join(dir, e)) : [join(dir, e)]));
}

beforeAll(() => {
  if (process.env.EVALBOARD_DIST_UNDER_TEST) out = process.env.EVALBOARD_DIST_UNDER_TEST;
  else {
    ensureBuilt(ROOT); // the checkout's dist/, built once for every test file that reads it
    out = join(ROOT, 'dist');
  }
  manifest = JSON.parse(readFileSync(join(out, 'api/v1/manifest.json'), 'utf8'));
}, 600_000);

describe('the data API of a build', () => {
  it('manifest validates against its zod schema and the published JSON Schema is that schema', () => {
    expect(apiManifestSchema.safeParse(manifest).error?.issues ?? []).toEqual([]);
    const published = JSON.parse(readFileSync(join(out, 'schemas/api-manifest.json'), 'utf8'));
    expect(published).toEqual(JSON.parse(JSON.stringify(jsonSchemaOf('api-manifest', 'https://evalboard.example.org/'))));
    expect(manifest.build.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(manifest.entries.length).toBeGreaterThan(0);
    expect(new Set(manifest.benchmarks.map((b) => b.id))).toEqual(new Set(['medvision', 'latch', 'clinicalbench']));
  });

  it('every URL the manifest lists exists in the build output', () => {
    const urls = [...new Set(urlsIn({ ...manifest, site: undefined }))];
    expect(urls.length).toBeGreaterThan(100);
    const missing = urls.filter((u) => !existsSync(fileOf(u)));
    expect(missing).toEqual([]);
  });

  it('every API document validates against its schema, and every one is reachable from the manifest', () => {
    const files = filesUnder(join(out, 'api/v1')).map((f) => relative(out, f));
    const listed = new Set(urlsIn({ ...manifest, site: undefined }).map((u) => decodeURI(u).replace(/^\//, '')));
    for (const f of files) {
      if (f === 'api/v1/manifest.json') continue;
      // Models and submissions are listed, boards and samples too: nothing is only discoverable by guessing.
      expect(listed.has(f), f).toBe(true);
      if (f.endsWith('.parquet')) continue;
      const doc = JSON.parse(readFileSync(join(out, f), 'utf8'));
      const schema = f.startsWith('api/v1/boards/') ? boardDownloadSchema : f.startsWith('api/v1/models/') ? apiModelSchema : f.startsWith('api/v1/submissions/') ? apiSubmissionSchema : apiSamplesSchema;
      expect(schema.safeParse(doc).error?.issues ?? [], f).toEqual([]);
    }
  });

  it('a board document is the board download itself', () => {
    const b = manifest.benchmarks[0]!.boards[0]!;
    expect(readFileSync(fileOf(b.url), 'utf8')).toBe(readFileSync(fileOf(b.csv.replace(/\.csv$/, '.json')), 'utf8'));
  });

  it('each Parquet file read back with hyparquet has the JSON document’s columns and values exactly', async () => {
    let checked = 0;
    for (const e of manifest.entries) {
      for (const s of e.samples) {
        const doc: ApiSamples = JSON.parse(readFileSync(fileOf(s.json), 'utf8'));
        const bytes = readFileSync(fileOf(s.parquet));
        const buf = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
        const meta = parquetMetadata(buf);
        expect(meta.schema.slice(1).map((c) => c.name)).toEqual(doc.columns.map((c) => c.name));
        const rows = await parquetReadObjects({ file: buf });
        const norm = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : (v ?? null)])));
        expect(norm).toEqual(doc.rows.map((r) => Object.fromEntries(doc.columns.map((c) => [c.name, r[c.name] ?? null]))));
        expect(rows.length).toBe(s.rows);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('MedVision per-sample primaries in the API equal the values the boards rank on', () => {
    const entries = loadMedvision();
    let compared = 0;
    for (const e of manifest.entries.filter((x) => x.benchmark === 'medvision')) {
      const loaded = entries.find((x) => x.id === e.submission)!;
      expect(entryKeyOf(loaded.submission!)).toBe(e.key);
      const board = new Map(loaded.results.flatMap((r) => samplesOf(loaded, r)).map((s) => [s.key, s.value]));
      for (const s of e.samples) {
        const doc: ApiSamples = JSON.parse(readFileSync(fileOf(s.json), 'utf8'));
        for (const r of doc.rows) {
          const v = board.get(String(r.sample_id));
          if (r.excluded === true) {
            expect(v).toBeUndefined();
            continue;
          }
          // The board keeps NaN for a failed answer; the API writes null.
          expect(v === undefined ? 'absent' : Number.isNaN(v) ? null : v, String(r.sample_id)).toBe(r.primary);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('publishes no hidden answer keys: ClinicalBench has no error counts or flag counts, latch no answers', () => {
    for (const e of manifest.entries) {
      const doc: ApiSamples = JSON.parse(readFileSync(fileOf(e.samples[0]!.json), 'utf8'));
      const names = doc.columns.map((c) => c.name);
      if (e.benchmark === 'clinicalbench') for (const k of ['total_errors', 'correct_flags', 'false_positive_flags', 'errors', 'ground_truth']) expect(names).not.toContain(k);
      if (e.benchmark === 'latch') expect(names).toEqual(['sample_id', 'eval_id', 'trial_index', 'passed', 'score']);
    }
  });

  it('the benchmark pages carry the claim boundary on medical benchmarks and a data note on each', () => {
    for (const b of manifest.benchmarks) {
      const html = readFileSync(fileOf(b.page), 'utf8');
      expect(html.includes('Not evidence of clinical fitness'), b.id).toBe(b.clinical);
      expect(html, b.id).toContain('class="data-note"');
      const board = readFileSync(fileOf(b.boards[0]!.page), 'utf8');
      expect(board.includes('Not evidence of clinical fitness'), b.id).toBe(b.clinical);
    }
    expect(manifest.benchmarks.find((b) => b.id === 'medvision')!.clinical).toBe(true);
  });

  it('pages carry OpenGraph/Twitter meta and the sitemap lists the pages', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    for (const tag of ['property="og:title"', 'property="og:description"', 'property="og:url"', 'name="twitter:card"', 'type="application/atom+xml"']) expect(html).toContain(tag);
    const sitemap = readFileSync(join(out, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://evalboard.example.org/api/</loc>');
    expect(sitemap).toContain(`<loc>https://evalboard.example.org${manifest.benchmarks[0]!.page}</loc>`);
  });
});

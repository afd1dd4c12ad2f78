/**
 * The ClinicalBench explorer of a real build against the bundled episode files read here with
 * plain JSON.parse: for every seed × task unit and every entry, the action logs shown (one per
 * episode) list exactly the flag_error actions of that entry's episodes of that seed and task, in
 * order, each with an outcome; a hit names the flagged patient. Nothing here calls the explorer's code.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../e2e/build';

const ROOT = join(import.meta.dirname, '..', '..');
let out: string;

beforeAll(() => {
  if (process.env.EVALBOARD_DIST_UNDER_TEST) out = process.env.EVALBOARD_DIST_UNDER_TEST;
  else {
    ensureBuilt(ROOT); // the checkout's dist/, built once for every test file that reads it
    out = join(ROOT, 'dist');
  }
}, 600_000);

interface RawAction { action_type?: string | null; patient_id?: string | null; error_type?: string | null }
interface RawEpisode { task_id: string; seed: number; actions: RawAction[] }
interface Doc { unit: string; entries: { submission: string }[]; texts: (string | null)[] }

/** `patient|error_type` of each flag_error (the default type) of every episode of a submission on (seed, task). */
function submittedFlags(submission: string, seed: number, task: string): string[] {
  const dir = join(ROOT, 'results', 'clinicalbench', submission, 'episodes');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { episodes: RawEpisode[] }).episodes)
    .filter((e) => e.seed === seed && e.task_id === task)
    .map((e) =>
      e.actions
        .filter((a) => (a.action_type ?? 'flag_error') === 'flag_error')
        .map((a) => `${a.patient_id ?? ''}|${a.error_type ?? ''}`)
        .join(' '),
    )
    .sort();
}

const FLAG_LINE = /^ *\d+\. flag_error (.*)\n {5}(.*)$/gm;
function field(s: string, k: string): string {
  const m = new RegExp(`(?:^| )${k}=("(?:[^"\\\\]|\\\\.)*")`).exec(s);
  return m ? (JSON.parse(m[1]!) as string) : '';
}

describe('the ClinicalBench explorer shows every flag of every episode (bundled data)', () => {
  it('each unit × entry: the action logs list exactly the submitted flags, each with an outcome', () => {
    const dir = join(out, 'explore-data', 'clinicalbench');
    const docs = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Doc);
    expect(docs.length).toBeGreaterThan(3);
    let flags = 0;
    for (const doc of docs) {
      const [, seed, task] = /^(\d+)-(task_\w+)$/.exec(doc.unit)!;
      doc.entries.forEach((en, i) => {
        const texts = JSON.parse(readFileSync(join(out, doc.texts[i]!), 'utf8')) as ({ label: string; body: string }[] | null)[];
        const shown = texts
          .filter((t): t is { label: string; body: string }[] => t !== null)
          .map((t) => {
            const log = t.find((x) => x.label.startsWith('Action log'))!;
            return [...log.body.matchAll(FLAG_LINE)].map(([, fields, result]) => {
              flags += 1;
              const patient = field(fields!, 'patient_id');
              const hit = / → hit (P\S*) /.exec(result!);
              if (hit) expect(hit[1], `${doc.unit} ${en.submission}`).toBe(patient);
              else expect(result, `${doc.unit} ${en.submission}`).toMatch(/→ (false positive|duplicate|blocked|hit selection bias)|^not scored/);
              return `${patient}|${field(fields!, 'error_type')}`;
            }).join(' ');
          })
          .sort();
        expect(shown, `${doc.unit} ${en.submission}`).toEqual(submittedFlags(en.submission, Number(seed), task!));
      });
    }
    expect(flags).toBeGreaterThan(50);
  });
});

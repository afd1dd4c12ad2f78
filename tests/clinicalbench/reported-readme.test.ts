/**
 * The typed-in README tables (`src/benchmarks/clinicalbench/formats/reported.ts`) against the seed
 * README itself (`../shared/seeds/002_…txt`, the page the numbers were published on): both tables
 * are parsed here from the text, and every typed value must equal the README's cell exactly, row
 * for row, with nothing left out but the leaderboard's "Your model here" placeholder.
 */
import { describe, expect, it } from 'vitest';
import { needShared, readSharedText } from '../helpers/shared';
import { FRONTIER_LEADERBOARD, REPRODUCIBLE_SCORES } from '../../src/benchmarks/clinicalbench/formats/reported';

const FILE = 'seeds/002_804c6ecc51ad00a9.txt';
const readme = needShared('ClinicalBench seed README', FILE).ok ? readSharedText(FILE) : null;

/**
 * The seed is the rendered page: each README line is wrapped as `| <line> | |` (a table row
 * `| a | b |` becomes `| | a | b | | |`). Unwrap it to the README's own line.
 */
const unwrap = (l: string) => /^\| (.*?) ?\| \|\s*$/.exec(l)?.[1] ?? l;

/** The README's pipe table after the first line containing `heading`: header cells and body rows (delimiter row dropped). */
function tableAfter(text: string, heading: string): { header: string[]; rows: string[][] } {
  const lines = text.split('\n').map(unwrap);
  const at = lines.findIndex((l) => l.includes(heading));
  expect(at, heading).toBeGreaterThanOrEqual(0);
  const start = lines.findIndex((l, i) => i > at && l.startsWith('|'));
  const block: string[] = [];
  for (let i = start; i < lines.length && lines[i]!.startsWith('|'); i++) block.push(lines[i]!);
  const cells = (l: string) => l.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((x) => x.trim());
  const [header, delimiter, ...rows] = block.map(cells);
  expect(delimiter!.every((d) => /^:?-{3,}:?$/.test(d)), 'delimiter row').toBe(true);
  return { header: header!, rows };
}

/** A cell as text: bold markers and the leading emoji gone. */
const plain = (c: string) => c.replace(/\*\*/g, '').replace(/^[^\p{L}\p{N}(_—-]+/u, '').trim();

describe.skipIf(!readme)('ClinicalBench README tables, typed in by hand', () => {
  it('"Reproducible benchmark scores" (seed=20260402): every row and value as the README prints it', () => {
    const at = readme!.indexOf('Reproducible benchmark scores');
    expect(readme!.slice(at, at + 80)).toContain('`seed=20260402`');
    expect(REPRODUCIBLE_SCORES.seed).toBe(20260402);
    const t = tableAfter(readme!, 'Reproducible benchmark scores');
    expect(t.header.map(plain)).toEqual(['Agent', 'Easy', 'Medium', 'Hard', 'Average', 'Precision', 'Description']);
    expect(t.rows.map((r) => r.map(plain))).toEqual(REPRODUCIBLE_SCORES.rows.map((r) => [r.agent, r.easy, r.medium, r.hard, r.average, r.precision, r.description]));
  });

  it('"Frontier Model Leaderboard": both result rows; only the placeholder row is left out', () => {
    const t = tableAfter(readme!, 'Frontier Model Leaderboard');
    expect(t.header.map(plain)).toEqual(['Rank', 'Model', 'Easy', 'Medium', 'Hard', 'Avg Score']);
    const [placeholder, ...results] = [...t.rows].reverse();
    expect(placeholder!.map(plain)).toEqual(['—', '_Your model here_', '—', '—', '—', '—']);
    expect(results.reverse().map((r) => r.map(plain))).toEqual(FRONTIER_LEADERBOARD.rows.map((r) => [r.rank, r.model, r.easy, r.medium, r.hard, r.average]));
  });

  it('the typed numbers are numbers the README states (no value is typed twice differently)', () => {
    // The leaderboard repeats the ReAct rows of the scores table: the two transcriptions must agree.
    const react = (name: string) => REPRODUCIBLE_SCORES.rows.find((r) => r.agent === name)!;
    const pairs: [string, string][] = [['Meta-Llama-3.3-70B-Instruct', 'ReAct (3.3 70B)'], ['Meta-Llama-3.1-405B-Instruct', 'ReAct (3.1 405B)']];
    for (const [model, agent] of pairs) {
      const f = FRONTIER_LEADERBOARD.rows.find((r) => r.model === model)!;
      expect([f.easy, f.medium, f.hard, f.average]).toEqual([react(agent).easy, react(agent).medium, react(agent).hard, react(agent).average]);
    }
  });
});

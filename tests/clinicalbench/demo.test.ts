import { readFileSync, statSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENTS, DEMO_SEEDS, demoEpisodeFiles } from '../../src/benchmarks/clinicalbench/demo/generator';
import { handler } from '../../src/benchmarks/clinicalbench/format-handler';
import { submissionSchema } from '../../src/core/submission-schema';

const RESULTS = resolve(__dirname, '../../results/clinicalbench');

function dirSize(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((s, e) => s + (e.isDirectory() ? dirSize(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0);
}

describe('ClinicalBench demo data', () => {
  it('is deterministic', () => {
    expect(JSON.stringify(demoEpisodeFiles(DEMO_AGENTS[1]!))).toBe(JSON.stringify(demoEpisodeFiles(DEMO_AGENTS[1]!)));
  });

  it('agents differ in skill: their overall ranking is the intended one', () => {
    const averages = DEMO_AGENTS.map((a) => {
      const eps = demoEpisodeFiles(a).flatMap((f) => f.doc.episodes);
      return eps.reduce((s, e) => s + e.claimed.benchmark_score, 0) / eps.length;
    });
    expect([...averages].sort((x, y) => y - x)).toEqual(averages);
  });

  it('the bundled results/clinicalbench match the generator byte for byte (run `npm run demo-data` after changing it)', () => {
    for (const agent of DEMO_AGENTS) {
      for (const { seed, doc } of demoEpisodeFiles(agent, DEMO_SEEDS)) {
        const file = join(RESULTS, agent.name, 'episodes', `seed-${seed}.json`);
        expect(readFileSync(file, 'utf8'), file).toBe(JSON.stringify(doc, null, 1) + '\n');
      }
    }
    expect(dirSize(RESULTS)).toBeLessThan(2 * 1024 * 1024);
  });

  it.each(DEMO_AGENTS.map((a) => [a.name]))('%s: valid submission.json, every claim confirmed by the score handler', async (name) => {
    const dir = join(RESULTS, name);
    const submission = submissionSchema.parse(JSON.parse(readFileSync(join(dir, 'submission.json'), 'utf8')));
    expect(submission).toMatchObject({ id: name, benchmark: 'clinicalbench', synthetic: true });
    const out = await handler.score(dir, {});
    expect(out.items).toHaveLength(DEMO_SEEDS.length * 3);
    expect(out.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(out.items.every((i) => i.ground_truth === 'regenerated' && i.ground_truth_mismatch === false)).toBe(true);
    const [agent] = out.summary.agents as { agent: string; Average: { mean: number }; Easy: { mean: number } }[];
    expect(agent!.agent).toBe(name);
    expect(submission.claimed![`${name}/Average`]).toBe(agent!.Average.mean);
    expect(submission.claimed![`${name}/Easy`]).toBe(agent!.Easy.mean);
  });
});

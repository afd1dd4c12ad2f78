import { describe, expect, it } from 'vitest';
import { handler } from '../../src/benchmarks/clinicalbench/format-handler';
import { needShared, sharedPath } from '../helpers/shared';

const FIXTURE = 'fixtures/clinicalbench/episodes_heuristic_seed20260402.json';
const EPISODES = 'conformance/clinicalbench/episodes.json';
const need = needShared('clinicalbench score handler on shared files', FIXTURE, EPISODES);
// sharedPath resolves; a trailing slash is kept because detect() is given a folder.
const fixtureDir = `${sharedPath('fixtures/clinicalbench')}/`;
const present = need.has(FIXTURE);
const vectorsPresent = need.has(EPISODES);

describe.skipIf(!present)('score handler: clinicalbench', () => {
  it('detects the fixture folder but not when a tile-task reference is given', async () => {
    expect(await handler.detect(fixtureDir, {})).toBe(true);
    expect(await handler.detect(fixtureDir, { reference: 'x.json' })).toBe(false);
  });

  it('scores the heuristic fixture into the README row with no findings', async () => {
    const out = await handler.score(fixtureDir, {});
    expect(out.format).toBe('clinicalbench');
    expect(out.items.map((i) => i.metrics.benchmark_score)).toEqual([0.98, 0.791, 0.733]);
    expect(out.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const [agent] = out.summary.agents as { rows: { Average: number }[] }[];
    expect(agent!.rows[0]!.Average.toFixed(2)).toBe('0.83');
    expect(handler.renderText(out)).toContain('0.98 / 0.79 / 0.73 / 0.83 / 67%');
  });
});

describe.skipIf(!vectorsPresent)('score handler on the recorded episodes', () => {
  it('replays all 48 with every claim confirmed (warnings only, for the agents’ odd actions)', async () => {
    const out = await handler.score(sharedPath('conformance/clinicalbench/episodes.json'), {});
    expect(out.items).toHaveLength(48);
    expect(out.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });
});

describe('score handler: clinicalbench detection never throws', () => {
  it('says no for a missing path', async () => {
    expect(await handler.detect('/nonexistent/path/x', {})).toBe(false);
  });
});

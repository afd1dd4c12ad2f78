import { describe, expect, it } from 'vitest';
import { threadsForIdleCores } from '../../src/benchmarks/medvision/formats/score-threads';

// The policy docs/scaling.md states from its measurements on 2 cores: this thread, plus a worker
// per core the load leaves idle, at most one thread per core.
describe('threads by the idle cores', () => {
  it('uses both cores of a 2-core machine until other work fills them', () => {
    expect(threadsForIdleCores({ cores: 2, load: 0 })).toBe(2);
    expect(threadsForIdleCores({ cores: 2, load: 0.9 })).toBe(2);
    expect(threadsForIdleCores({ cores: 2, load: 1.8 })).toBe(2);
    expect(threadsForIdleCores({ cores: 2, load: 2 })).toBe(1);
    expect(threadsForIdleCores({ cores: 2, load: 3.3 })).toBe(1);
  });

  it('counts idle cores on a bigger machine, never more threads than cores', () => {
    expect(threadsForIdleCores({ cores: 8, load: 0 })).toBe(8);
    expect(threadsForIdleCores({ cores: 8, load: 5.5 })).toBe(4);
    expect(threadsForIdleCores({ cores: 8, load: 7.2 })).toBe(2);
    expect(threadsForIdleCores({ cores: 8, load: 12 })).toBe(1);
  });

  it('falls back to one thread on one core or a load it cannot read', () => {
    expect(threadsForIdleCores({ cores: 1, load: 0 })).toBe(1);
    expect(threadsForIdleCores({ cores: 0, load: 0 })).toBe(1);
    expect(threadsForIdleCores({ cores: 2, load: Number.NaN })).toBe(1);
    expect(threadsForIdleCores({ cores: 2, load: -1 })).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { explorerDataPath, explorerDisagreeHref, explorerHref, explorerPath, explorerRowHref, sampleAnchor } from '../../src/board/explorer-paths';

describe('explorer URL contract', () => {
  it('index, benchmark and unit paths', () => {
    expect(explorerPath()).toBe('explore/');
    expect(explorerPath('medvision')).toBe('explore/medvision/');
    expect(explorerPath('medvision', 'KiTS23_TumorLesionSize_Task01_Axial')).toBe('explore/medvision/KiTS23_TumorLesionSize_Task01_Axial/');
    expect(explorerDataPath('latch', 'demo_qc')).toBe('explore-data/latch/demo_qc.json');
  });

  it('a row links to the benchmark index (or its one unit) with the entry selected', () => {
    expect(explorerRowHref({ benchmark: 'latch' }, { entryKey: 'm~h-1' })).toBe('explore/latch/?e=m%7Eh-1');
    expect(explorerRowHref({ benchmark: 'medvision' }, { entryKey: 'm~h-1' }, 'cfg')).toBe('explore/medvision/cfg/?e=m%7Eh-1');
  });

  it('the disagreement link selects both entries and the filter', () => {
    const href = explorerDisagreeHref('clinicalbench', 'a~x-1', 'b~y-2');
    const q = new URL(href, 'https://x.org/').searchParams;
    expect(q.get('e')).toBe('a~x-1,b~y-2');
    expect(q.get('f')).toBe('disagree');
  });

  it('sample anchors are valid fragment ids, distinct for distinct ids', () => {
    const ids = ['cfg#1', 'cfg#11', 'cfg/1', '42/task_easy#0', 'a b', 'a~20~b'];
    const anchors = ids.map(sampleAnchor);
    for (const a of anchors) expect(a).toMatch(/^s-[A-Za-z0-9._~-]+$/);
    expect(new Set(anchors).size).toBe(ids.length);
    expect(explorerHref({ benchmark: 'medvision', unit: 'cfg', sample: 'cfg#1' })).toBe('explore/medvision/cfg/#s-cfg~23~1');
  });
});

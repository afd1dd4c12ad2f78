import { describe, expect, it } from 'vitest';
import { matchScore, queryTerms, rankResults } from '../../src/components/search-rank';

describe('search ranking', () => {
  it('drops results that only match parts of words or single letters', () => {
    expect(matchScore(queryTerms('xyzzy'), 'IoU', 'each box x pair and y pair')).toBe(0);
    expect(matchScore(queryTerms('iou'), 'Acc@IoU', 'share of samples')).toBeGreaterThan(0);
  });
  it('ranks a title match above a body match, exact above prefix, near forms last', () => {
    const pages = [
      { title: 'How to submit', body: 'the model demo-vlm-7b as an example' },
      { title: 'Models', body: 'all of them' },
      { title: 'demo-vlm-7b', body: 'a model' },
      { title: 'demo-vlm-7b-large', body: '' },
    ];
    const order = (q: string) => rankResults(queryTerms(q), pages, (p) => p).map((p) => p.title);
    expect(order('demo-vlm-7b')).toEqual(['demo-vlm-7b', 'demo-vlm-7b-large', 'How to submit']);
    expect(order('model')).toEqual(['Models', 'How to submit', 'demo-vlm-7b']);
    expect(order('modeling')).toEqual([]);
    expect(order('modelz')).toEqual(['How to submit', 'Models', 'demo-vlm-7b']); // near forms only: Pagefind's order
  });
  it('puts the page the query names first', () => {
    const pages = [{ title: 'Recall clinicalbench · cb-recall', body: '' }, { title: 'ClinicalBench: Hard', body: '' }, { title: 'ClinicalBench', body: '' }];
    expect(rankResults(queryTerms('ClinicalBench'), pages, (p) => p)[0]!.title).toBe('ClinicalBench');
  });
});

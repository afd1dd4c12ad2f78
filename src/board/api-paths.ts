/** The data API's URL layout (paths below the site base, no leading slash). */
import type { Board } from '../core/board';

export const API_ROOT = 'api/v1';

/** URL-safe path pieces: a board slug keeps its `/` (nested paths), everything else is one segment. */
export const boardDocPath = (b: Pick<Board, 'benchmark' | 'slug'>) => `${API_ROOT}/boards/${b.benchmark}/${b.slug}.json`;
export const modelDocPath = (id: string) => `${API_ROOT}/models/${id}.json`;
export const submissionDocPath = (benchmark: string, id: string) => `${API_ROOT}/submissions/${benchmark}/${id}.json`;
export const samplesDocPath = (benchmark: string, entry: string, unit: string, ext: 'json' | 'parquet') =>
  `${API_ROOT}/samples/${benchmark}/${entry}/${unit}.${ext}`;
export const feedPath = (benchmark?: string) => (benchmark ? `benchmarks/${benchmark}/feed.xml` : 'feed.xml');

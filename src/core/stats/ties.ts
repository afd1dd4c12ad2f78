/** Ranking with "tied with #1": a row ties the leader when its interval overlaps the leader's. */
export interface Rankable {
  value: number | null;
  lo?: number | null;
  hi?: number | null;
  /** Tie-break for equal values (e.g. the model name), so ranks are deterministic. */
  name: string;
}

export interface Ranked<T> {
  item: T;
  rank: number;
  tiedWithLeader: boolean;
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export function intervalsOverlap(a: { lo?: number | null; hi?: number | null }, b: { lo?: number | null; hi?: number | null }): boolean {
  if (!finite(a.lo) || !finite(a.hi) || !finite(b.lo) || !finite(b.hi)) return false;
  return a.lo <= b.hi && b.lo <= a.hi;
}

/**
 * Sort by value (direction decides), missing values last; equal values share a rank
 * (competition ranking, 1 2 2 4). The leader is row one; rows whose interval overlaps it are tied.
 */
export function rankRows<T extends Rankable>(rows: readonly T[], direction: 'higher' | 'lower'): Ranked<T>[] {
  const sign = direction === 'lower' ? 1 : -1;
  const sorted = [...rows].sort((x, y) => {
    const fx = finite(x.value), fy = finite(y.value);
    if (!fx || !fy) return fx === fy ? x.name.localeCompare(y.name) : fx ? -1 : 1;
    return sign * ((x.value as number) - (y.value as number)) || x.name.localeCompare(y.name);
  });
  const leader = sorted[0];
  let rank = 0;
  return sorted.map((item, i) => {
    if (i === 0 || item.value !== sorted[i - 1]!.value) rank = i + 1;
    const tiedWithLeader = i > 0 && finite(item.value) && leader !== undefined && intervalsOverlap(item, leader);
    return { item, rank, tiedWithLeader };
  });
}

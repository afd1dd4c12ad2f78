/** One job of a matrix: shard `index` (1-based) of `of`. */
export interface Shard {
  index: number;
  of: number;
}

/**
 * `items` assigned to `shard.of` shards by weight (heaviest first, each to the shard with the least
 * weight so far; ties by list order and then the lowest shard): the same list gives every job of a
 * matrix the same assignment. Returns shard `shard.index`'s items in list order and its weight.
 */
export function shardByWeight<T>(items: readonly T[], weightOf: (item: T) => number, shard: Shard): { items: T[]; weight: number } {
  const weighed = items.map((item, order) => ({ item, order, weight: weightOf(item) }));
  const load = new Array<number>(shard.of).fill(0);
  const mine: typeof weighed = [];
  for (const w of [...weighed].sort((x, y) => y.weight - x.weight || x.order - y.order)) {
    let to = 0;
    for (let s = 1; s < shard.of; s++) if (load[s]! < load[to]!) to = s;
    load[to]! += w.weight;
    if (to === shard.index - 1) mine.push(w);
  }
  mine.sort((x, y) => x.order - y.order);
  return { items: mine.map((w) => w.item), weight: load[shard.index - 1]! };
}

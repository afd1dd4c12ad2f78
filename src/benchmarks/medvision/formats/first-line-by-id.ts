/**
 * The first line each record id was seen on, for the duplicate-id check. Upstream numbers a file's
 * records 0…n−1, so small ids index a typed array (a Map lookup per record was a measurable share
 * of reading); ids past `DENSE_LIMIT` go to a Map. Ids are non-negative safe integers (validated).
 */
const DENSE_LIMIT = 1 << 22;

export class FirstLineById {
  /** Line number per id, 0 for none yet (lines count from 1). */
  private dense = new Int32Array(1024);
  private readonly sparse = new Map<number, number>();

  /** The line `id` was first seen on; when it is new, `line` becomes that and undefined is returned. */
  firstOrSet(id: number, line: number): number | undefined {
    if (id >= DENSE_LIMIT) {
      const prev = this.sparse.get(id);
      if (prev === undefined) this.sparse.set(id, line);
      return prev;
    }
    if (id >= this.dense.length) {
      const bigger = new Int32Array(Math.min(DENSE_LIMIT, Math.max(this.dense.length * 2, id + 1)));
      bigger.set(this.dense);
      this.dense = bigger;
    }
    const prev = this.dense[id]!;
    if (prev !== 0) return prev;
    this.dense[id] = line;
    return undefined;
  }
}

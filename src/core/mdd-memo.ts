/**
 * The paired MDD of two rows whose unit values have a stable identity (`Entry.unitValuesKey`),
 * remembered by those two keys: a MedVision row's unit values are its per-sample primaries, read
 * back from the score cache each time they are asked for, and every board, dated snapshot and
 * social card asks again for the MDD of a section's top two rows. The build installs a memo kept
 * between builds (`src/ingest/mdd-store.ts`), so an incremental build reads samples only for a
 * section whose top two rows changed; the browser and the CLIs run without one.
 */
import { pairedMdd, type Mdd } from './stats/mdd';

export interface UnitValuesOf {
  /** Same key, same values in the same order (so the same MDD); absent: computed every time. */
  key?: () => string;
  values: () => Readonly<Record<string, number>>;
}

export interface MddMemo {
  run(key: string, compute: () => Mdd | undefined): Mdd | undefined;
}

let memo: MddMemo | undefined;
export function setMddMemo(m: MddMemo | undefined): void {
  memo = m;
}

/** `pairedMdd(a.values(), b.values())`, through the installed memo when both rows carry a key. */
export function pairedMddOf(a: UnitValuesOf, b: UnitValuesOf): Mdd | undefined {
  const compute = () => pairedMdd(a.values(), b.values());
  return memo && a.key !== undefined && b.key !== undefined ? memo.run(JSON.stringify([a.key(), b.key()]), compute) : compute();
}

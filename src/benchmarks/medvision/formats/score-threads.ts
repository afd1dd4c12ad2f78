/**
 * How many threads `score` uses when nobody says (docs/scaling.md, "Threads by the idle cores"):
 * this thread, and a worker for each core the 1-minute load average leaves idle (rounded up), at
 * most one thread per core. The load counts this thread's own predecessors (a workflow's previous
 * step, a bench's previous contender: load ≈ 1 on an otherwise idle machine), hence this thread
 * is not counted against it. On 2 cores two threads were 1.23× one thread at load < 1, even at
 * load 1.75–2 (0.97×) and up to 30 % slower at load ≥ 3.3, where the worker only competes with
 * other work for a core: its start-up and JIT warm-up cost ≈ 0.45 CPU s.
 */
export interface MachineLoad {
  /** Cores this process may use (`os.availableParallelism()`). */
  cores: number;
  /** Runnable processes, the 1-minute average (`os.loadavg()[0]`; 0 where the OS has none). */
  load: number;
}

export function threadsForIdleCores({ cores, load }: MachineLoad): number {
  if (!(cores >= 1) || !Number.isFinite(load) || load < 0) return 1;
  const idle = Math.max(0, Math.ceil(cores - load));
  return Math.min(Math.floor(cores), 1 + idle);
}

import { readFileSync, readdirSync } from 'node:fs';

/**
 * Samples, every `everyMs`, the summed resident memory of this process's descendants whose
 * command line holds `match` (or any of several; a wrapper such as `/usr/bin/time` excluded) and
 * keeps the largest sum: what processes side by side hold at once, which the sum of their separate
 * peaks only bounds from above. Linux only (`/proc`); elsewhere it returns NaN. For the benchmarks, never the build.
 */
export function concurrentRss(match: string | readonly string[], everyMs = 200): { stop: () => number } {
  const matches = typeof match === 'string' ? [match] : match;
  if (!readdirSafe('/proc')) return { stop: () => NaN };
  let peakKb = 0;
  const sample = () => {
    const pids = (readdirSafe('/proc') ?? []).filter((p) => /^\d+$/.test(p));
    const parent = new Map(pids.map((p) => [p, parentOf(p)]));
    const mine = (pid: string | undefined): boolean => pid !== undefined && pid !== '0' && pid !== '1' && (pid === String(process.pid) || mine(parent.get(pid)));
    let kb = 0;
    for (const pid of pids) {
      const argv = readSafe(`/proc/${pid}/cmdline`)?.split('\0');
      if (!argv || argv[0] === '/usr/bin/time' || !argv.some((a) => matches.some((m) => a.includes(m))) || !mine(parent.get(pid))) continue;
      kb += Number(/^VmRSS:\s+(\d+) kB/m.exec(readSafe(`/proc/${pid}/status`) ?? '')?.[1] ?? 0);
    }
    peakKb = Math.max(peakKb, kb);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peakKb / 1024;
    },
  };
}

/** The parent pid from `/proc/<pid>/stat` (its fourth field, after the command name in parentheses). */
function parentOf(pid: string): string | undefined {
  const stat = readSafe(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
}

// A process may exit between the listing and the read.
function readSafe(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function readdirSafe(path: string): string[] | undefined {
  try {
    return readdirSync(path);
  } catch {
    return undefined;
  }
}

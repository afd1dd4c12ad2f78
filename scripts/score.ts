// npm run --silent score -- <path> [--json] [--reference <file>] [--trust-submitted-parse] [--per-sample]
// Detects the result format, recomputes every number, prints a table or one JSON document.
// --trust-submitted-parse (MedVision): score filtered_resps as submitted instead of re-extracting
// from resps: upstream-summarizer parity, never used by the site.
// Tables print every missing value (NaN, null, absent) as one marker, MISSING (src/core/text-number.ts).
// On a terminal a progress line on stderr counts the folders or files scored; a pipe gets none.
// --per-sample (MedVision): each item also lists its samples with their per-sample metrics.
import { existsSync } from 'node:fs';
import { FORMAT_HANDLERS } from '../src/registry/formats';
import { toJson } from '../src/core/json-out';
import { MISSING } from '../src/core/text-number';
import { progressLine } from './lib/progress';

const MISSING_NOTE = `${MISSING} = no value (NaN in upstream's output, or not applicable); --json writes it as null`;

// A function, not top-level await: the tool is compiled to CommonJS so V8's code cache can hold
// it (scripts/cli/code-cache.mjs), and CommonJS has no top-level await.
async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const json = args.includes('--json');
  const trustSubmittedParse = args.includes('--trust-submitted-parse');
  const perSample = args.includes('--per-sample');
  const refAt = args.indexOf('--reference');
  const reference = refAt >= 0 ? args[refAt + 1] : undefined;
  const paths = args.filter((a, i) => !a.startsWith('--') && (refAt < 0 || i !== refAt + 1));

  if (paths.length !== 1) {
    console.error('usage: npm run --silent score -- <path> [--json] [--reference <file>] [--trust-submitted-parse] [--per-sample]');
    process.exit(2);
  }
  const path = paths[0]!;
  if (!existsSync(path)) {
    console.error(`score: ${path}: no such file or folder`);
    process.exit(2);
  }
  const progress = progressLine('score');
  const opts = { reference, progress: (done: number, total: number, label: string) => progress.update(done, total, label), ...(trustSubmittedParse ? { trustSubmittedParse } : {}), ...(perSample ? { perSample } : {}) };
  let handler;
  for (const h of FORMAT_HANDLERS) {
    if (await h.detect(path, opts)) {
      handler = h;
      break;
    }
  }
  if (!handler) {
    console.error(`score: ${path}: not a format we know (${FORMAT_HANDLERS.map((h) => h.format).join(', ')})`);
    process.exit(2);
  }
  try {
    const out = await handler.score(path, opts);
    progress.clear();
    const text = json ? toJson(out) : handler.renderText(out);
    process.stdout.write(`${text}\n${!json && text.includes(MISSING) ? `${MISSING_NOTE}\n` : ''}`);
    // exitCode, not exit(): exit() can cut off output still queued for a pipe.
    process.exitCode = out.findings.some((f) => f.severity === 'error') ? 1 : 0;
  } catch (err) {
    progress.clear();
    console.error(`score: ${(err as Error).message}`);
    process.exit(1);
  }
}

void main();

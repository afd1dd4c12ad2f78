/**
 * The per-sample explorer writes submitted strings (answers, raw responses, grader reasoning,
 * action logs, sample ids, image facts, entry labels) into HTML, on the build and again in the
 * browser with innerHTML. Every string of a document here is a payload of the XSS corpus: the
 * rendered markup must carry none of the corpus' dangers, show the payload as text, and run
 * nothing in Chromium when inserted the way the client inserts it.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { cellHtml, cleanText, headHtml, rowHtml } from '../../src/components/explorer/render';
import type { ExplorerDoc } from '../../src/board/explorer-doc';
import { dangers, XSS_MARKDOWN, XSS_TEXT } from './xss-corpus';
import { actionLogText, plantedErrorsText } from '../../src/benchmarks/clinicalbench/explorer-rows';
import { replayEpisode } from '../../src/benchmarks/clinicalbench/scorer/replay';

const PAYLOADS = [...XSS_TEXT, ...XSS_MARKDOWN];

function hostileDoc(p: string): ExplorerDoc {
  const metric = { id: 'mv-mre', label: p, direction: 'lower' as const, format: { kind: 'fixed' as const, digits: 3 } };
  return {
    version: 1, benchmark: 'medvision', benchmarkName: p, unit: 'u', label: p, unitKind: p, sampleNoun: 'samples', truth: 'public',
    metric, metrics: [{ label: p, def: metric }], margin: 0.1, fields: [p, 'pixel size'],
    samples: [{ id: `${p}#1`, truth: p, fields: [p, p] }],
    entries: [{ key: p, label: p, modelSlug: p, submission: p, ranked: false, synthetic: true }],
    cells: [[{ v: 0.5, o: 'f', a: p, m: [0.1], t: 1 }]],
    texts: [null],
  };
}

const texts = (p: string) => [{ label: p, body: `${p}${'x'.repeat(300)}${p}` }];

describe('explorer rows with hostile submitted strings', () => {
  it.each(PAYLOADS)('%s', (p) => {
    const doc = hostileDoc(p);
    const html = `<table><thead>${headHtml(doc, [0], '/')}</thead><tbody>${rowHtml(doc, 0, [0], () => ({ texts: texts(p) }))}${rowHtml(doc, 0, [0], () => ({ texts: texts(p), whole: true }))}</tbody></table>${cellHtml(doc, 0, 0, doc.cells[0]![0]!)}`;
    const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
    // The explorer's own "show all" / "load" buttons are site markup; any other button is injected.
    for (const b of document.querySelectorAll('button.xp-more, button.xp-load')) b.remove();
    expect(dangers(document.body.innerHTML), html).toEqual([]);
    // The payload is shown as text (an answer, a raw response), not dropped.
    expect(document.body.textContent).toContain(cleanText(p));
  });

  it('control characters and bidirectional overrides in a raw response are made visible, never passed through', () => {
    const doc = hostileDoc('ok');
    const html = rowHtml(doc, 0, [0], () => ({ texts: [{ label: 'r', body: 'a\u202eb\u0007c\u2066d' }], whole: true }));
    for (const ch of ['\u202e', '\u2066', '\u0007']) expect(html).not.toContain(ch);
    expect(html).toContain('a\ufffdb\ufffdc\ufffdd');
  });

  it('nothing runs in Chromium when the rows are inserted with innerHTML, as the client does', async (ctx) => {
    if (!existsSync('/usr/bin/chromium')) {
      console.warn('skipped: /usr/bin/chromium not found (apt-get install -y chromium)');
      ctx.skip();
    }
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><body><table><thead></thead><tbody></tbody></table></body></html>');
      for (const p of PAYLOADS) {
        const doc = hostileDoc(p);
        const head = headHtml(doc, [0], '/');
        const body = rowHtml(doc, 0, [0], () => ({ texts: texts(p), whole: true }));
        await page.evaluate(([h, b]) => {
          document.querySelector('thead')!.innerHTML = h!;
          document.querySelector('tbody')!.innerHTML = b!;
          for (const d of document.querySelectorAll('details')) d.open = true;
        }, [head, body]);
        await page.mouse.move(5, 5);
        await page.waitForTimeout(20);
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0), p).toBe(0);
      }
    } finally {
      await browser.close();
    }
  }, 120_000);
});

describe('ClinicalBench action logs with hostile submitted fields', () => {
  it.each(PAYLOADS)('%s', (p) => {
    const actions = [
      { action_type: p, patient_id: p, error_type: p, reason: p, report: p },
      { action_type: 'flag_error', patient_id: p, error_type: 'invalid_age', reason: p },
    ];
    const replay = replayEpisode({ task_id: 'task_easy', actions, ground_truth: { errors: [{ patient_id: p, error_type: 'invalid_age' }], total_errors: 1, bias_actionable: false } });
    const body = `${actionLogText(actions, replay)}\n${plantedErrorsText(replay)}`;
    const html = rowHtml(hostileDoc('ok'), 0, [0], () => ({ texts: [{ label: p, body }], whole: true }));
    const { document } = parseHTML(`<!doctype html><html><body><table><tbody>${html}</tbody></table></body></html>`);
    for (const b of document.querySelectorAll('button.xp-more, button.xp-load')) b.remove();
    expect(dangers(document.body.innerHTML), html).toEqual([]);
    expect(document.body.textContent).toContain(cleanText(JSON.stringify(p)));
  });
});

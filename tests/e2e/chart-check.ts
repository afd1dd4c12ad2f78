import type { Page } from 'playwright-core';

/** Smallest on-screen font size of chart text, px. */
export const MIN_FONT_PX = 12;

/**
 * Runs in the page. For every rendered chart SVG (`figure.chart svg`, or every `svg` with
 * `all: true`) and every `<text>` in it, from the browser's own layout: the text's on-screen font
 * size (computed size × the SVG's scale) must be ≥ 12 px, its box must lie inside the SVG, and no
 * two text boxes of one SVG may intersect. Returns one line per problem.
 */
export async function measureCharts(page: Page, opts: { all?: boolean } = {}): Promise<{ problems: string[]; svgs: number; texts: number }> {
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(({ all, min }) => {
    const problems: string[] = [];
    let svgs = 0, texts = 0;
    const where = (svg: SVGSVGElement) => `${svg.closest('figure')?.id ?? svg.getAttribute('aria-label') ?? 'svg'}@${svg.viewBox.baseVal.width}`;
    const list = [...document.querySelectorAll<SVGSVGElement>(all ? 'svg' : 'figure.chart svg')].filter((s) => !s.classList.contains('sym') && s.ownerSVGElement === null);
    for (const svg of list) {
      const box = svg.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue; // a hidden width variant
      svgs++;
      const vb = svg.viewBox.baseVal;
      const scale = vb && vb.width > 0 ? box.width / vb.width : 1;
      const items = [...svg.querySelectorAll('text')].map((t) => ({ t, r: t.getBoundingClientRect(), label: [...t.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim().slice(0, 40) }))
        .filter(({ r, t }) => r.width > 0 && r.height > 0 && getComputedStyle(t).display !== 'none' && t.closest('[display="none"]') === null);
      texts += items.length;
      for (const { t, r, label } of items) {
        const px = parseFloat(getComputedStyle(t).fontSize) * scale;
        if (px < min - 0.01) problems.push(`${where(svg)}: "${label}" is ${px.toFixed(1)} px (< ${min})`);
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
          problems.push(`${where(svg)}: "${label}" (${Math.round(r.left - box.left)}–${Math.round(r.right - box.left)} × ${Math.round(r.top - box.top)}–${Math.round(r.bottom - box.top)}) falls outside the SVG (${Math.round(box.width)} × ${Math.round(box.height)})`);
        }
      }
      for (let i = 0; i < items.length; i++) {
        for (let j = i + 1; j < items.length; j++) {
          const a = items[i]!.r, b = items[j]!.r;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 0.5 && h > 0.5) problems.push(`${where(svg)}: "${items[i]!.label}" and "${items[j]!.label}" overlap (${w.toFixed(1)} × ${h.toFixed(1)} px)`);
        }
      }
    }
    return { problems, svgs, texts };
  }, { all: opts.all ?? false, min: MIN_FONT_PX });
}

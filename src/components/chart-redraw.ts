/**
 * Redraw the build-time charts for the board's current filters, without Plot in the browser:
 * every mark of an entry sits in `<g data-entry>` (see src/board/charts-kit.ts). Row charts
 * (forest plot, heat grid) drop the filtered rows and move the rest up by whole row steps, then
 * shrink the SVG; point charts (scatters) hide the filtered points. Captions say "n of N entries".
 */

/** Per board section: the entry keys its table shows, or `null` when the whole section is filtered out. */
export type Visible = ReadonlyMap<string, ReadonlySet<string> | null>;

const noun = (n: number) => (n === 1 ? 'entry' : 'entries');

function redrawSvg(svg: SVGSVGElement, keep: ReadonlySet<string>, rows: boolean): Set<string> {
  const groups = [...svg.querySelectorAll<SVGGElement>('g[data-entry]')];
  const shown = new Set<string>();
  const step = Number(svg.dataset.rowStep ?? '0');
  if (rows && step > 0) {
    const order = [...new Set(groups.map((g) => Number(g.dataset.row)))].sort((a, b) => a - b);
    const rowKey = new Map(groups.map((g) => [Number(g.dataset.row), g.dataset.entry!]));
    const kept = order.filter((r) => keep.has(rowKey.get(r)!));
    const moved = new Map(kept.map((r, i) => [r, (i - r) * step]));
    for (const g of groups) {
      const dy = moved.get(Number(g.dataset.row));
      if (dy === undefined) g.setAttribute('display', 'none');
      else {
        g.removeAttribute('display');
        if (dy === 0) g.removeAttribute('transform');
        else g.setAttribute('transform', `translate(0,${dy})`);
        shown.add(g.dataset.entry!);
      }
    }
    svg.dataset.h0 ??= String(svg.viewBox.baseVal.height);
    const h = Number(svg.dataset.h0) - (order.length - kept.length) * step;
    const vb = svg.viewBox.baseVal;
    svg.setAttribute('viewBox', `${vb.x} ${vb.y} ${vb.width} ${h}`);
    svg.setAttribute('height', String(h));
    return shown;
  }
  for (const g of groups) {
    const on = keep.has(g.dataset.entry!);
    if (on) g.removeAttribute('display');
    else g.setAttribute('display', 'none');
    if (on) shown.add(g.dataset.entry!);
  }
  return shown;
}

export function redrawCharts(doc: Document, visible: Visible): void {
  for (const fig of doc.querySelectorAll<HTMLElement>('figure.chart[data-chart-section]')) {
    const section = fig.dataset.chartSection!;
    if (!visible.has(section)) continue;
    const keep = visible.get(section) ?? null;
    fig.hidden = keep === null;
    if (keep === null) continue;
    const rows = fig.dataset.layout === 'rows';
    let shown = new Set<string>();
    for (const svg of fig.querySelectorAll<SVGSVGElement>('.chart-v svg:not(.sym)')) {
      const s = redrawSvg(svg, keep, rows);
      if (s.size > shown.size) shown = s;
    }
    const total = Number(fig.dataset.entries ?? '0');
    const count = fig.querySelector('[data-chart-count]');
    if (count) count.textContent = shown.size === total ? `${total} ${noun(total)}` : `${shown.size} of ${total} ${noun(total)} shown (filtered)`;
    fig.classList.toggle('is-empty', shown.size === 0);
    const empty = fig.querySelector<HTMLElement>('[data-chart-empty]');
    if (empty) empty.hidden = shown.size > 0;
  }
}

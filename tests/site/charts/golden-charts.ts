// The golden chart set: every chart kind drawn on the fixed boards, one file per kind × width
// variant (plus the heat grid's sticky label column). `update-golden.ts` writes them;
// `golden.test.ts` compares them byte for byte.
import { forestPlot, heatGrid, reportedCostScore, scoreVsDate, scoreVsSize, type ChartSpec } from '../../../src/board/charts';
import { familyBoard, percentBoard, reportedView } from './fixtures';

const sec = (b: typeof familyBoard) => b.sections[0]!;
export const GOLDEN_CHARTS: Record<string, () => ChartSpec | undefined> = {
  'forest-lower': () => forestPlot(familyBoard, sec(familyBoard)),
  'forest-percent': () => forestPlot(percentBoard, sec(percentBoard)),
  'grid-28': () => heatGrid(familyBoard, 'full'),
  'scatter-date': () => scoreVsDate(percentBoard, sec(percentBoard)),
  'scatter-size': () => scoreVsSize(familyBoard, sec(familyBoard)),
  'scatter-cost': () => reportedCostScore(reportedView),
};

const standalone = (svg: string) => `${svg.replace(/^<svg(?![^>]*xmlns=)/, '<svg xmlns="http://www.w3.org/2000/svg"')}\n`;

/** File name → exact SVG text. */
export function goldenFiles(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, make] of Object.entries(GOLDEN_CHARTS)) {
    const chart = make();
    if (!chart) throw new Error(`golden chart ${name} drew nothing`);
    for (const v of chart.variants) {
      out.set(`${name}-${v.width}.svg`, standalone(v.svg));
      if (v.sticky) out.set(`${name}-${v.width}-labels.svg`, standalone(v.sticky.svg));
    }
    out.set(`${name}.legend.json`, `${JSON.stringify({ title: chart.title, summary: chart.summary, entries: chart.entries, layout: chart.layout, legend: chart.legend }, null, 2)}\n`);
  }
  return out;
}

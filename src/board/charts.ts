/**
 * Board charts, drawn at build time. Conventions (sizes, labels, tooltips, legends, the filter
 * redraw) and their helpers are in `charts-kit.ts`; one module per chart kind.
 */
export { CHART_MODELS, type ChartSpec, type ChartVariant, type LegendItem } from './charts-kit';
export { forestPlot } from './charts-forest';
export { heatGrid } from './charts-grid';
export { reportedCostScore, scatterPlot, scoreVsDate, scoreVsSize, type ScatterPoint } from './charts-scatter';

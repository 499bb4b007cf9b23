import './charts.css';

/** The charts' palette (charts.css, one shade per theme): eight colours, then round again. */
const PALETTE_SIZE = 8;

/** The colour (a CSS custom property's name) of the n-th series of a chart with one series per fuel, item… */
export function seriesColor(index: number): string {
  return `--s-c${index % PALETTE_SIZE}`;
}

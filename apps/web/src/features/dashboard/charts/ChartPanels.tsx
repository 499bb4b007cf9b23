import type { PanelContext } from '../common';
import { GeneratorsChart } from './GeneratorsChart';
import type { ChartsContext } from './charts-context';
import { useLiveLog } from './live-log';
import { PlayersChart } from './PlayersChart';
import { PowerChart } from './PowerChart';
import { ProductionChart } from './ProductionChart';
import { SinkChart } from './SinkChart';

export type { ChartsContext } from './charts-context';

export interface ChartPanelsProps {
  ctx: PanelContext;
  retentionHours: number | null;
  planName: string | null;
  /** The plan's polling intervals by kind (`polling_intervals_seconds`), when known. */
  pollIntervals: Record<string, number> | null;
}

/**
 * The history charts of a server's dashboard: power per circuit, production per item, generators by fuel, the
 * sink's points and the players (with their trails on the map). Each has its own range; the live polls the page
 * receives continue every chart after its history.
 */
export function ChartPanels(props: ChartPanelsProps) {
  const log = useLiveLog(props.ctx.src.key);
  const charts: ChartsContext = {
    ctx: props.ctx,
    log,
    retentionHours: props.retentionHours,
    planName: props.planName,
    intervalOf: (kind, fallback) => props.pollIntervals?.[kind] ?? fallback,
  };
  return (
    <>
      <PowerChart {...charts} />
      <ProductionChart {...charts} />
      <GeneratorsChart {...charts} />
      <SinkChart {...charts} />
      <PlayersChart {...charts} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { NearViewport } from '../../../components/NearViewport';
import { useInTurns } from '../../../lib/hooks';
import type { PanelContext } from '../common';
import { GeneratorsChart } from './GeneratorsChart';
import type { ChartsContext } from './charts-context';
import { useLiveLog } from './live-log';
import { PlayersChart } from './PlayersChart';
import { PowerChart } from './PowerChart';
import { ProductionChart } from './ProductionChart';
import { SinkChart } from './SinkChart';
import { livePanel } from '../live-panel';

export type { ChartsContext } from './charts-context';

/** Each chart with the height of its place until it is built (NearViewport: built when the reader comes near). */
const CHARTS = [
  { Chart: PowerChart, height: 442, title: 'charts.power.title', id: 'chart-power' },
  { Chart: ProductionChart, height: 442, title: 'charts.production.title', id: 'chart-production' },
  { Chart: GeneratorsChart, height: 398, title: 'charts.generators.title', id: 'chart-generators' },
  { Chart: SinkChart, height: 398, title: 'charts.sink.title', id: 'chart-sink' },
  { Chart: PlayersChart, height: 762, title: 'charts.players.title', id: 'chart-players' },
] as const;

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
function ChartPanelsView(props: ChartPanelsProps) {
  const { t } = useTranslation('dashboard');
  const log = useLiveLog(props.ctx.src.key);
  const charts: ChartsContext = {
    ctx: props.ctx,
    log,
    retentionHours: props.retentionHours,
    planName: props.planName,
    intervalOf: (kind, fallback) => props.pollIntervals?.[kind] ?? fallback,
  };
  // One chart more per task (each mounts its history query and a uPlot), not five in one long task.
  const shown = useInTurns(CHARTS.length, true);
  return (
    <>
      {CHARTS.slice(0, shown).map(({ Chart, height, title, id }, i) => (
        <NearViewport key={i} wide height={height} title={t(title)} id={id}>
          <Chart {...charts} />
        </NearViewport>
      ))}
    </>
  );
}

export const ChartPanels = livePanel(ChartPanelsView, {
  kinds: ['power', 'production', 'generators', 'resource_sink', 'players'],
});

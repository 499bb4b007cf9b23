import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Panel } from '../../../components/Panel';
import { ApiFailure } from '../../../lib/api';
import { dateTime, formatSpan } from '../../../lib/format';
import { AddonNeeded, type PanelContext } from '../common';
import type { LoggedKind } from './live-log';
import { RangePicker, type ChartRange } from './RangePicker';
import type { SaveChange } from './sessions';

export interface ChartPanelProps {
  ctx: PanelContext;
  id: string;
  title: string;
  /** The kind behind the chart: its newest poll dates the panel. */
  kind: LoggedKind;
  interval: number;
  range: ChartRange;
  retentionHours: number | null;
  planName: string | null;
  /** The history query's failure, if any. */
  error: unknown;
  /** The circuit / item chooser. */
  chooser?: ReactNode;
  /** The changes of save within the shown range. */
  changes: readonly SaveChange[];
  children: ReactNode;
}

/**
 * The frame of a history chart: its range picker, the plan's retention, why there is nothing to draw (no add-on,
 * no samples yet, a failed read), the charts, and where another save was loaded (the lines break there).
 */
export function ChartPanel(props: ChartPanelProps) {
  const { t } = useTranslation('dashboard');
  const { live } = props.ctx;
  const failure = props.error instanceof ApiFailure ? props.error : null;
  const retention = props.retentionHours;
  const retentionText = retention !== null ? formatSpan(retention * 3600) : '';
  const unavailable = live.addonStatus === 'unavailable' || failure?.code === 'AddonUnavailable';
  const noData = failure?.code === 'NoDataYet';
  return (
    <Panel
      id={props.id}
      title={props.title}
      className="panel-wide chart-panel"
      time={unavailable ? undefined : (live.kinds[props.kind]?.time ?? null)}
      interval={unavailable ? undefined : props.interval}
      actions={<RangePicker range={props.range} retentionHours={retention} planName={props.planName} />}
    >
      {unavailable ? (
        <AddonNeeded reason={live.addonReason ?? failure?.message ?? null} />
      ) : (
        <>
          {props.chooser && <div className="chart-chooser">{props.chooser}</div>}
          {retention !== null && (
            <p className="muted small">
              {props.planName
                ? t('charts.retention', { plan: props.planName, retention: retentionText })
                : t('charts.retentionNoPlan', { retention: retentionText })}
            </p>
          )}
          {noData && <p className="muted">{t('charts.noDataYet')}</p>}
          {props.error !== null && !noData && <ErrorNotice error={props.error} title={t('charts.loadFailed')} />}
          {props.children}
          {props.changes.length > 0 && (
            <ul className="save-changes small" aria-label={t('charts.saveChanges')}>
              {props.changes.map((c) => (
                <li key={`${c.t}|${c.to}`} data-testid="save-change">
                  {t('charts.saveChanged', { time: dateTime(c.t), from: c.from, to: c.to })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  );
}

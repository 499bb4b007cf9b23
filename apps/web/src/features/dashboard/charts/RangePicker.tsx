import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSpan } from '../../../lib/format';
import { RANGES, stepFor, type RangeId } from '../history-series';

/** The range a chart shows and the bucket size it asks for (never finer than the kind's polling interval). */
export interface ChartRange {
  id: RangeId;
  hours: number;
  step: number;
  set(id: RangeId): void;
}

export function useChartRange(intervalSeconds: number, initial: RangeId = '1h'): ChartRange {
  const [id, set] = useState<RangeId>(initial);
  const hours = RANGES.find((r) => r.id === id)!.hours;
  return { id, hours, step: stepFor(hours, intervalSeconds), set };
}

/**
 * The plan-aware range picker of the history charts: the ranges longer than the plan keeps are offered but
 * disabled, saying which plan keeps how much.
 */
export function RangePicker(props: { range: ChartRange; retentionHours: number | null; planName: string | null }) {
  const { t } = useTranslation('dashboard');
  const retention = props.retentionHours;
  const retentionText = retention !== null ? formatSpan(retention * 3600) : '';
  return (
    <div className="range-picker" role="group" aria-label={t('history.ranges')}>
      {RANGES.map((r) => {
        const tooLong = retention !== null && r.hours > retention;
        return (
          <button
            key={r.id}
            type="button"
            className="btn btn-small btn-seg"
            aria-pressed={props.range.id === r.id}
            disabled={tooLong}
            title={
              tooLong
                ? props.planName
                  ? t('history.tooLong', { plan: props.planName, retention: retentionText })
                  : t('history.tooLongNoPlan', { retention: retentionText })
                : undefined
            }
            onClick={() => props.range.set(r.id)}
          >
            {formatSpan(r.hours * 3600)}
          </button>
        );
      })}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { num } from '../../lib/format';
import type { HeatmapAnswer } from './api';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** A weekday's short name in the reader's language (ISO weekday 1 = Monday; 2024-01-01 was a Monday). */
function weekdayName(weekday: number): string {
  return new Intl.DateTimeFormat(currentLanguage(), { weekday: 'short', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, weekday),
  );
}

/**
 * Concurrency heat map: a table of weekdays (rows) by hours (columns), each cell shaded by the average number of
 * players online in that hour of the week; every cell states its numbers for screen readers and on hover.
 */
export function Heatmap(props: { data: HeatmapAnswer }) {
  const { t } = useTranslation('players');
  const cells = new Map(props.data.cells.map((c) => [`${c.weekday}:${c.hour}`, c]));
  const max = Math.max(0.01, ...props.data.cells.map((c) => c.average_players));
  const days = Math.max(1, Math.round(props.data.retention_hours / 24));
  return (
    <div className="table-wrap" role="region" aria-label={t('heatmap')} tabIndex={0}>
      <table className="pl-heatmap" data-testid="heatmap">
        <caption className="muted small">{t('heatmapCaption', { days, zone: props.data.tz })}</caption>
        <thead>
          <tr>
            <td />
            {HOURS.map((h) => (
              <th key={h} scope="col" className="small">
                {h % 3 === 0 ? h : <span className="sr-only">{h}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((d) => {
            const day = weekdayName(d);
            return (
              <tr key={d}>
                <th scope="row" className="small">
                  {day}
                </th>
                {HOURS.map((h) => {
                  const c = cells.get(`${d}:${h}`);
                  const average = c?.average_players ?? 0;
                  const text = t('heatmapCell', { day, hour: h, average: num(average, 1), peak: c?.peak_players ?? 0 });
                  return (
                    <td
                      key={h}
                      title={text}
                      data-average={average}
                      style={{ ['--heat' as string]: (average / max).toFixed(3) }}
                    >
                      <span className="sr-only">{text}</span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mw, num, percent } from '../../../lib/format';
import { DESC_FIRST, type Building, type Sort, type SortColumn } from './model';

/** One line per row, so every row has the same height and the virtualiser never measures. */
export const ROW_HEIGHT = 37;
/** Rows drawn above and below the visible ones (smooth scrolling with a wheel or Page Down). */
const OVERSCAN = 12;

const COLUMNS: { id: SortColumn; num: boolean }[] = [
  { id: 'type', num: false },
  { id: 'recipe', num: false },
  { id: 'state', num: false },
  { id: 'clock', num: true },
  { id: 'shards', num: true },
  { id: 'somersloops', num: true },
  { id: 'productivity', num: true },
  { id: 'power', num: true },
  { id: 'circuit', num: true },
];

/** The state as a pill; a stalled machine says why. */
export function StateCell(props: { b: Building }) {
  const { t } = useTranslation('dashboard');
  const { state, stall } = props.b;
  if (state === 'stalled') {
    const reason = stall === 'output_full' || stall === 'input_starved' ? t(`factoryTable.stall.${stall}`) : stall;
    return <span className="pill pill-bad">{t('factoryTable.stalledBecause', { reason })}</span>;
  }
  const cls = state === 'producing' ? 'pill-ok' : state === 'idle' ? 'pill-warn' : '';
  return <span className={`pill ${cls}`}>{t(`factoryTable.states.${state}`)}</span>;
}

function Row(props: { b: Building; index: number }) {
  const { t } = useTranslation('dashboard');
  const b = props.b;
  return (
    <tr
      data-testid="factory-row"
      data-building-id={b.id}
      aria-rowindex={props.index + 2}
      className={b.state === 'stalled' ? 'row-bad' : undefined}
    >
      <th scope="row" title={b.className}>
        {b.type}
      </th>
      <td>{b.recipe ?? <span className="muted">—</span>}</td>
      <td>
        <StateCell b={b} />
      </td>
      <td className="num">{percent(b.clock, 1)}</td>
      <td className="num">{num(b.shards, 0)}</td>
      <td className="num">{num(b.somersloops, 0)}</td>
      <td className="num">{percent(b.productivity)}</td>
      <td className="num">{mw(b.powerMw)}</td>
      <td className="num">{b.circuit === null ? '—' : t('power.circuitId', { id: b.circuit })}</td>
    </tr>
  );
}

/**
 * The machines as a table whose rows are drawn only where the reader looks (@tanstack/react-virtual): the rows
 * above and below the window are one spacer row each, so 5,000+ machines scroll like 30. It stays a real table
 * (headers, row and column counts for screen readers); the scroll area is a focusable region, so the arrow and page
 * keys scroll it, and each column's header is a sort button.
 */
export function FactoryTable(props: { rows: readonly Building[]; sort: Sort; onSort: (sort: Sort) => void }) {
  const { t } = useTranslation('dashboard');
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (i) => props.rows[i]!.id,
  });
  const items = virtual.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  const label = (c: SortColumn) => t(`factoryTable.columns.${c}`);
  const title = t('factoryTable.title');

  return (
    <div
      ref={scroller}
      className="table-wrap factory-scroll"
      tabIndex={0}
      role="region"
      aria-label={t('panel.scrollable', { title })}
      data-testid="factory-scroll"
    >
      <table className="table factory-table" aria-rowcount={props.rows.length + 1}>
        <caption className="sr-only">
          {t('factoryTable.caption', {
            column: label(props.sort.column),
            direction: t(props.sort.desc ? 'factoryTable.descending' : 'factoryTable.ascending'),
          })}
        </caption>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((c) => {
              const active = props.sort.column === c.id;
              return (
                <th
                  key={c.id}
                  scope="col"
                  className={c.num ? 'num' : undefined}
                  aria-sort={active ? (props.sort.desc ? 'descending' : 'ascending') : 'none'}
                >
                  <button
                    type="button"
                    className="sort-btn"
                    data-testid={`sort-${c.id}`}
                    onClick={() =>
                      props.onSort({ column: c.id, desc: active ? !props.sort.desc : DESC_FIRST.has(c.id) })
                    }
                  >
                    {label(c.id)}
                    <span aria-hidden="true" className="sort-mark">
                      {active ? (props.sort.desc ? '▼' : '▲') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden="true" className="factory-pad">
              <td colSpan={COLUMNS.length} style={{ height: top }} />
            </tr>
          )}
          {items.map((v) => (
            <Row key={v.key} b={props.rows[v.index]!} index={v.index} />
          ))}
          {bottom > 0 && (
            <tr aria-hidden="true" className="factory-pad">
              <td colSpan={COLUMNS.length} style={{ height: bottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

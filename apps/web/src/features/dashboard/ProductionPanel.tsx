import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cubicPerMinute, percent, perMinute } from '../../lib/format';
import type { DataOf } from '../../live/store';
import { AddonPanel, Meter, ScrollTable, type PanelContext } from './common';
import { livePanel } from './live-panel';

type Item = DataOf<'production'>[number];
type Col = 'item' | 'produced' | 'max' | 'ofMax' | 'consumed' | 'net';

const COLS: { id: Col; num: boolean; value: (i: Item) => number | string }[] = [
  { id: 'item', num: false, value: (i) => i.itemName.toLowerCase() },
  { id: 'produced', num: true, value: (i) => i.currentProd },
  { id: 'max', num: true, value: (i) => i.maxProd },
  { id: 'ofMax', num: false, value: (i) => (i.maxProd > 0 ? i.currentProd / i.maxProd : 0) },
  { id: 'consumed', num: true, value: (i) => i.currentConsumed },
  { id: 'net', num: true, value: (i) => i.currentProd - i.currentConsumed },
];

/** Fluids are measured in m³ per minute, everything else in items per minute (as the game shows them). */
const rate = (i: Item, v: number) =>
  i.itemForm === 'Liquid' || i.itemForm === 'Gas' ? cubicPerMinute(v) : perMinute(v);

/** Production per item, sortable by any column, with current against maximum as a bar. */
function ProductionPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  const [sort, setSort] = useState<{ col: Col; desc: boolean }>({ col: 'produced', desc: true });
  const [filter, setFilter] = useState('');
  const label = (c: Col) => t(`production.${c}`);
  return (
    <AddonPanel ctx={props.ctx} kind="production" id="production" title={t('production.title')} className="panel-wide">
      {(items) => {
        if (items.length === 0) return <p className="muted">{t('production.empty')}</p>;
        const col = COLS.find((c) => c.id === sort.col)!;
        const q = filter.trim().toLowerCase();
        const rows = items
          .filter((i) => !q || i.itemName.toLowerCase().includes(q))
          .sort((a, b) => {
            const va = col.value(a);
            const vb = col.value(b);
            const c = typeof va === 'string' ? va.localeCompare(vb as string) : va - (vb as number);
            return sort.desc ? -c : c;
          });
        return (
          <>
            <div className="toolbar">
              <label className="inline-field">
                <span>{t('production.filter')}</span>
                <input
                  type="search"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  placeholder={t('production.filterExample')}
                />
              </label>
              <span className="muted small">{t('production.count', { shown: rows.length, total: items.length })}</span>
            </div>
            <ScrollTable title={t('production.title')} className="table-scroll">
              <table className="table table-sortable">
                <caption className="sr-only">{t('production.caption', { column: label(col.id) })}</caption>
                <thead>
                  <tr>
                    {COLS.map((c) => (
                      <th
                        key={c.id}
                        scope="col"
                        className={c.num ? 'num' : undefined}
                        aria-sort={sort.col === c.id ? (sort.desc ? 'descending' : 'ascending') : 'none'}
                      >
                        <button
                          type="button"
                          className="sort-btn"
                          onClick={() =>
                            setSort((s) => ({ col: c.id, desc: s.col === c.id ? !s.desc : c.id !== 'item' }))
                          }
                        >
                          {label(c.id)}
                          <span aria-hidden="true" className="sort-mark">
                            {sort.col === c.id ? (sort.desc ? '▼' : '▲') : '↕'}
                          </span>
                        </button>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((i) => {
                    const pct = i.maxProd > 0 ? (i.currentProd / i.maxProd) * 100 : 0;
                    const net = i.currentProd - i.currentConsumed;
                    return (
                      <tr key={i.itemClass}>
                        <th scope="row">{i.itemName}</th>
                        <td className="num">{rate(i, i.currentProd)}</td>
                        <td className="num">{rate(i, i.maxProd)}</td>
                        <td className="meter-cell">
                          <Meter
                            value={i.currentProd}
                            max={i.maxProd}
                            label={t('production.percentOfMax', { item: i.itemName, percent: percent(pct) })}
                            tone={pct < 50 ? 'warn' : 'ok'}
                          />
                          <span className="small muted">{percent(pct)}</span>
                        </td>
                        <td className="num">{rate(i, i.currentConsumed)}</td>
                        <td className={`num ${net < 0 ? 'bad-text' : ''}`}>{rate(i, net)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollTable>
          </>
        );
      }}
    </AddonPanel>
  );
}

export const ProductionPanel = livePanel(ProductionPanelView, { kinds: ['production'] });

// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState } from 'react';
import { num } from '../../lib/format';
import type { DataOf } from '../../live/store';
import { AddonPanel, Meter, type PanelContext } from './common';

type Item = DataOf<'production'>[number];
type Col = 'item' | 'prod' | 'max' | 'pct' | 'cons' | 'net';

const COLS: { id: Col; label: string; num: boolean; value: (i: Item) => number | string }[] = [
  { id: 'item', label: 'Item', num: false, value: (i) => i.itemName.toLowerCase() },
  { id: 'prod', label: 'Produced /min', num: true, value: (i) => i.currentProd },
  { id: 'max', label: 'Max /min', num: true, value: (i) => i.maxProd },
  { id: 'pct', label: 'Current vs max', num: false, value: (i) => (i.maxProd > 0 ? i.currentProd / i.maxProd : 0) },
  { id: 'cons', label: 'Consumed /min', num: true, value: (i) => i.currentConsumed },
  { id: 'net', label: 'Net /min', num: true, value: (i) => i.currentProd - i.currentConsumed },
];

/** Production per item, sortable by any column, with current against maximum as a bar. */
export function ProductionPanel(props: { ctx: PanelContext }) {
  const [sort, setSort] = useState<{ col: Col; desc: boolean }>({ col: 'prod', desc: true });
  const [filter, setFilter] = useState('');
  return (
    <AddonPanel ctx={props.ctx} kind="production" id="production" title="Production" className="panel-wide">
      {(items) => {
        if (items.length === 0) return <p className="muted">Nothing is being produced yet.</p>;
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
                <span>Filter items</span>
                <input
                  type="search"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  placeholder="e.g. plate"
                />
              </label>
              <span className="muted small">
                {rows.length} of {items.length} items
              </span>
            </div>
            <div className="table-wrap table-scroll">
              <table className="table table-sortable">
                <caption className="sr-only">Production per item, sorted by {col.label}</caption>
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
                          {c.label}
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
                    const pct = i.maxProd > 0 ? i.currentProd / i.maxProd : 0;
                    const net = i.currentProd - i.currentConsumed;
                    return (
                      <tr key={i.itemClass}>
                        <th scope="row">{i.itemName}</th>
                        <td className="num">{num(i.currentProd)}</td>
                        <td className="num">{num(i.maxProd)}</td>
                        <td className="meter-cell">
                          <Meter
                            value={i.currentProd}
                            max={i.maxProd}
                            label={`${i.itemName}: ${Math.round(pct * 100)} % of maximum`}
                            tone={pct < 0.5 ? 'warn' : 'ok'}
                          />
                          <span className="small muted">{Math.round(pct * 100)} %</span>
                        </td>
                        <td className="num">{num(i.currentConsumed)}</td>
                        <td className={`num ${net < 0 ? 'bad-text' : ''}`}>{num(net)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        );
      }}
    </AddonPanel>
  );
}

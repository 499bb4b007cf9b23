// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { formatSpan, mw, num } from '../../lib/format';
import type { DataOf } from '../../live/store';
import { AddonPanel, Meter, type PanelContext } from './common';

type Circuit = DataOf<'power'>[number];

function BatteryTrend(props: { c: Circuit }) {
  const d = props.c.batteryDifferential;
  if (Math.abs(d) < 0.05)
    return (
      <span className="trend" title="Steady">
        <span aria-hidden="true">▶</span>
        <span className="sr-only">steady</span>
      </span>
    );
  const charging = d > 0;
  const eta = charging ? props.c.batteryTimeFullSeconds : props.c.batteryTimeEmptySeconds;
  return (
    <span
      className={`trend ${charging ? 'ok-text' : 'warn-text'}`}
      title={`${charging ? 'Charging' : 'Draining'} ${mw(Math.abs(d))}`}
    >
      <span aria-hidden="true">{charging ? '▲' : '▼'}</span>
      <span className="small">
        {charging ? ' charging' : ' draining'} {mw(Math.abs(d))}
        {eta ? ` · ${charging ? 'full' : 'empty'} in ${formatSpan(eta)}` : ''}
      </span>
    </span>
  );
}

/** Power per circuit: production, consumption, capacity, batteries, tripped fuses. */
export function PowerPanel(props: { ctx: PanelContext }) {
  return (
    <AddonPanel ctx={props.ctx} kind="power" id="power" title="Power" className="panel-wide">
      {(circuits) => {
        if (circuits.length === 0)
          return (
            <p className="muted" data-testid="power-empty">
              No power circuits yet — normal early in a game.
            </p>
          );
        const prod = circuits.reduce((s, c) => s + c.powerProduction, 0);
        const cons = circuits.reduce((s, c) => s + c.powerConsumed, 0);
        const cap = circuits.reduce((s, c) => s + c.powerCapacity, 0);
        const tripped = circuits.filter((c) => c.fuseTriggered).length;
        return (
          <>
            <dl className="tiles tiles-compact">
              <div className="tile">
                <dt>Production</dt>
                <dd className="tile-text">{mw(prod)}</dd>
              </div>
              <div className="tile">
                <dt>Consumption</dt>
                <dd className="tile-text">{mw(cons)}</dd>
              </div>
              <div className="tile">
                <dt>Capacity</dt>
                <dd className="tile-text">{mw(cap)}</dd>
              </div>
              <div className="tile">
                <dt>Fuses</dt>
                <dd className={`tile-text ${tripped ? 'bad-text' : 'ok-text'}`}>
                  {tripped ? `${tripped} tripped` : 'All fine'}
                </dd>
              </div>
            </dl>
            <div className="table-wrap">
              <table className="table">
                <caption className="sr-only">Power per circuit</caption>
                <thead>
                  <tr>
                    <th scope="col">Circuit</th>
                    <th scope="col" className="num">
                      Production
                    </th>
                    <th scope="col" className="num">
                      Consumption
                    </th>
                    <th scope="col" className="num">
                      Capacity
                    </th>
                    <th scope="col">Load</th>
                    <th scope="col">Battery</th>
                  </tr>
                </thead>
                <tbody>
                  {circuits.map((c) => {
                    const load = c.powerCapacity > 0 ? c.powerConsumed / c.powerCapacity : 0;
                    return (
                      <tr key={c.circuitGroupId} className={c.fuseTriggered ? 'row-bad' : undefined}>
                        <th scope="row">
                          #{c.circuitGroupId}
                          {c.fuseTriggered && (
                            <span className="pill pill-bad" data-testid="fuse-tripped">
                              Fuse tripped
                            </span>
                          )}
                        </th>
                        <td className="num">{mw(c.powerProduction)}</td>
                        <td className="num">
                          {mw(c.powerConsumed)}
                          <div className="muted small">max {mw(c.powerMaxConsumed)}</div>
                        </td>
                        <td className="num">{mw(c.powerCapacity)}</td>
                        <td className="meter-cell">
                          <Meter
                            value={c.powerConsumed}
                            max={c.powerCapacity}
                            label={`Circuit ${c.circuitGroupId} load ${Math.round(load * 100)} %`}
                            tone={c.fuseTriggered || load > 1 ? 'bad' : load > 0.9 ? 'warn' : 'ok'}
                          />
                          <span className="small muted">{Math.round(load * 100)} %</span>
                        </td>
                        <td>
                          {c.batteryCapacity > 0 ? (
                            <>
                              <span className={c.batteryPercent < 20 ? 'bad-text' : undefined}>
                                {num(c.batteryPercent, 0)} %
                              </span>{' '}
                              <BatteryTrend c={c} />
                            </>
                          ) : (
                            <span className="muted">none</span>
                          )}
                        </td>
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

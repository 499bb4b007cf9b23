// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { num } from '../../lib/format';
import { AddonPanel, Meter, type PanelContext } from './common';

/** Trains: status, station, speed, payload; derailed in red. */
export function TrainsPanel(props: { ctx: PanelContext }) {
  return (
    <AddonPanel ctx={props.ctx} kind="trains" id="trains" title="Trains">
      {(trains) => {
        if (trains.length === 0) return <p className="muted">No trains.</p>;
        const derailed = trains.filter((t) => t.derailed).length;
        return (
          <>
            {derailed > 0 && (
              <p className="bad-text" role="status">
                {derailed} train{derailed === 1 ? '' : 's'} derailed
              </p>
            )}
            <div className="table-wrap">
              <table className="table">
                <caption className="sr-only">Trains</caption>
                <thead>
                  <tr>
                    <th scope="col">Train</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Speed
                    </th>
                    <th scope="col">Payload</th>
                  </tr>
                </thead>
                <tbody>
                  {trains.map((t) => (
                    <tr key={t.trainId} className={t.derailed ? 'row-bad' : undefined}>
                      <th scope="row">
                        {t.name || t.trainId}
                        {t.station && <div className="muted small">{t.station}</div>}
                      </th>
                      <td>
                        {t.derailed ? (
                          <span className="pill pill-bad">Derailed</span>
                        ) : t.pendingDerail ? (
                          <span className="pill pill-warn">About to derail</span>
                        ) : (
                          <span>{t.status || '—'}</span>
                        )}
                      </td>
                      <td className="num">{num(Math.abs(t.forwardSpeed), 0)} km/h</td>
                      <td className="meter-cell">
                        <Meter value={t.payloadMass} max={t.maxPayloadMass} label={`Payload of ${t.name}`} />
                        <span className="small muted">
                          {t.maxPayloadMass > 0 ? `${Math.round((t.payloadMass / t.maxPayloadMass) * 100)} %` : '—'}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        );
      }}
    </AddonPanel>
  );
}

/** Drones: stations, destination, flying mode and speed. */
export function DronesPanel(props: { ctx: PanelContext }) {
  return (
    <AddonPanel ctx={props.ctx} kind="drones" id="drones" title="Drones">
      {(drones) =>
        drones.length === 0 ? (
          <p className="muted">No drones.</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="sr-only">Drones</caption>
              <thead>
                <tr>
                  <th scope="col">Drone</th>
                  <th scope="col">Route</th>
                  <th scope="col">Mode</th>
                  <th scope="col" className="num">
                    Speed
                  </th>
                </tr>
              </thead>
              <tbody>
                {drones.map((d) => (
                  <tr key={d.droneId}>
                    <th scope="row">{d.name || d.droneId}</th>
                    <td className="small">
                      {d.homeStation ?? '—'} → {d.pairedStation ?? '—'}
                      {d.destination && <div className="muted">to {d.destination}</div>}
                    </td>
                    <td>{d.flyingMode ?? '—'}</td>
                    <td className="num">{num(d.flyingSpeed, 0)} km/h</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </AddonPanel>
  );
}

const STATES = [
  { key: 'producing', label: 'Producing', cls: 'seg-ok' },
  { key: 'idle', label: 'Idle', cls: 'seg-warn' },
  { key: 'paused', label: 'Paused', cls: 'seg-info' },
  { key: 'unconfigured', label: 'Unconfigured', cls: 'seg-muted' },
] as const;

/** Factory buildings by state: producing, idle, paused, unconfigured. */
export function FactoryPanel(props: { ctx: PanelContext }) {
  return (
    <AddonPanel ctx={props.ctx} kind="factory" id="factory" title="Factory buildings">
      {(f) => {
        if (f.buildings === 0) return <p className="muted">No production buildings yet.</p>;
        return (
          <>
            <div
              className="stack-bar"
              role="img"
              aria-label={STATES.map((s) => `${f[s.key]} ${s.label.toLowerCase()}`).join(', ')}
            >
              {STATES.map((s) =>
                f[s.key] > 0 ? (
                  <div
                    key={s.key}
                    className={`seg ${s.cls}`}
                    style={{ flexGrow: f[s.key] }}
                    title={`${s.label}: ${f[s.key]}`}
                  />
                ) : null,
              )}
            </div>
            <dl className="tiles tiles-compact">
              {STATES.map((s) => (
                <div className="tile" key={s.key}>
                  <dt>
                    <span className={`key ${s.cls}`} aria-hidden="true" /> {s.label}
                  </dt>
                  <dd className="tile-text">{num(f[s.key], 0)}</dd>
                </div>
              ))}
              <div className="tile">
                <dt>Total</dt>
                <dd className="tile-text">{num(f.buildings, 0)}</dd>
              </div>
            </dl>
          </>
        );
      }}
    </AddonPanel>
  );
}

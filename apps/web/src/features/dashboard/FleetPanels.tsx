import { useTranslation } from 'react-i18next';
import { num, percent } from '../../lib/format';
import { AddonPanel, Meter, ScrollTable, type PanelContext } from './common';
import { livePanel } from './live-panel';

/** Trains: status, station, speed, payload; derailed in red. */
function TrainsPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  return (
    <AddonPanel ctx={props.ctx} kind="trains" id="trains" title={t('trains.title')}>
      {(trains) => {
        if (trains.length === 0) return <p className="muted">{t('trains.empty')}</p>;
        const derailed = trains.filter((x) => x.derailed).length;
        return (
          <>
            {derailed > 0 && (
              <p className="bad-text" role="status">
                {t('trains.derailed', { count: derailed })}
              </p>
            )}
            <ScrollTable title={t('trains.title')}>
              <table className="table">
                <caption className="sr-only">{t('trains.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('trains.train')}</th>
                    <th scope="col">{t('trains.status')}</th>
                    <th scope="col" className="num">
                      {t('trains.speed')}
                    </th>
                    <th scope="col">{t('trains.payload')}</th>
                  </tr>
                </thead>
                <tbody>
                  {trains.map((x) => (
                    <tr key={x.trainId} className={x.derailed ? 'row-bad' : undefined}>
                      <th scope="row">
                        {x.name || x.trainId}
                        {x.station && <div className="muted small">{x.station}</div>}
                      </th>
                      <td>
                        {x.derailed ? (
                          <span className="pill pill-bad">{t('trains.derailedState')}</span>
                        ) : x.pendingDerail ? (
                          <span className="pill pill-warn">{t('trains.aboutToDerail')}</span>
                        ) : (
                          <span>{x.status || '—'}</span>
                        )}
                      </td>
                      <td className="num">{t('units.kmh', { value: num(Math.abs(x.forwardSpeed), 0) })}</td>
                      <td className="meter-cell">
                        <Meter
                          value={x.payloadMass}
                          max={x.maxPayloadMass}
                          label={t('trains.payloadOf', { name: x.name || x.trainId })}
                        />
                        <span className="small muted">
                          {x.maxPayloadMass > 0 ? percent((x.payloadMass / x.maxPayloadMass) * 100) : '—'}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          </>
        );
      }}
    </AddonPanel>
  );
}

/** Drones: stations, destination, flying mode and speed. */
function DronesPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  return (
    <AddonPanel ctx={props.ctx} kind="drones" id="drones" title={t('drones.title')}>
      {(drones) =>
        drones.length === 0 ? (
          <p className="muted">{t('drones.empty')}</p>
        ) : (
          <ScrollTable title={t('drones.title')}>
            <table className="table">
              <caption className="sr-only">{t('drones.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('drones.drone')}</th>
                  <th scope="col">{t('drones.route')}</th>
                  <th scope="col">{t('drones.mode')}</th>
                  <th scope="col" className="num">
                    {t('drones.speed')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {drones.map((d) => (
                  <tr key={d.droneId}>
                    <th scope="row">{d.name || d.droneId}</th>
                    <td className="small">
                      {d.homeStation ?? '—'} → {d.pairedStation ?? '—'}
                      {d.destination && <div className="muted">{t('drones.to', { destination: d.destination })}</div>}
                    </td>
                    <td>{d.flyingMode ?? '—'}</td>
                    <td className="num">{t('units.kmh', { value: num(d.flyingSpeed, 0) })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )
      }
    </AddonPanel>
  );
}

const STATES = [
  { key: 'producing', cls: 'seg-ok' },
  { key: 'idle', cls: 'seg-warn' },
  { key: 'paused', cls: 'seg-info' },
  { key: 'unconfigured', cls: 'seg-muted' },
] as const;

/** Factory buildings by state: producing, idle, paused, unconfigured. */
function FactoryPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  return (
    <AddonPanel ctx={props.ctx} kind="factory" id="factory" title={t('factory.title')}>
      {(f) => {
        if (f.buildings === 0) return <p className="muted">{t('factory.empty')}</p>;
        const count = (s: (typeof STATES)[number]) =>
          t('factory.count', { state: t(`factory.${s.key}`), number: num(f[s.key], 0) });
        return (
          <>
            <div className="stack-bar" role="img" aria-label={STATES.map(count).join(', ')}>
              {STATES.map((s) =>
                f[s.key] > 0 ? (
                  <div key={s.key} className={`seg ${s.cls}`} style={{ flexGrow: f[s.key] }} title={count(s)} />
                ) : null,
              )}
            </div>
            <dl className="tiles tiles-compact">
              {STATES.map((s) => (
                <div className="tile" key={s.key}>
                  <dt>
                    <span className={`key ${s.cls}`} aria-hidden="true" /> {t(`factory.${s.key}`)}
                  </dt>
                  <dd className="tile-text">{num(f[s.key], 0)}</dd>
                </div>
              ))}
              <div className="tile">
                <dt>{t('factory.total')}</dt>
                <dd className="tile-text">{num(f.buildings, 0)}</dd>
              </div>
            </dl>
          </>
        );
      }}
    </AddonPanel>
  );
}

export const TrainsPanel = livePanel(TrainsPanelView, { kinds: ['trains'] });

export const DronesPanel = livePanel(DronesPanelView, { kinds: ['drones'] });

export const FactoryPanel = livePanel(FactoryPanelView, { kinds: ['factory'] });

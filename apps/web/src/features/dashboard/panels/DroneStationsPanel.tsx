import { useTranslation } from 'react-i18next';
import { formatDuration, num, perMinute } from '../../../lib/format';
import { AddonPanel, ScrollTable, type PanelContext } from '../common';
import { useAmount } from './units';
import {
  droneStatusKey,
  LOW_DRONE_FUEL_SECONDS,
  stationProblem,
  type DroneStation,
  type StationProblem,
} from './model';
import { livePanel } from '../live-panel';

const PROBLEM_PILL: Record<StationProblem, string> = { noDrone: 'pill-bad', noFuel: 'pill-bad', lowFuel: 'pill-warn' };

/** A round trip: seconds under ten minutes (drone trips are short), hours and minutes above. */
function useRoundTrip() {
  const { t } = useTranslation('dashboard');
  return (seconds: number | null) =>
    seconds === null || seconds <= 0
      ? '—'
      : seconds < 600
        ? t('droneStationsPanel.seconds', { value: num(seconds, 0) })
        : formatDuration(seconds);
}

function Status(props: { s: DroneStation }) {
  const { t } = useTranslation('dashboard');
  const status = props.s.droneStatus;
  const key = droneStatusKey(status);
  const text = key ? t(`droneStationsPanel.statuses.${key}`) : (status ?? '—');
  // The two statuses that mean the port does not fly at all.
  return status === 'No Drone' || status === 'Not Enough Fuel' ? (
    <span className="pill pill-bad">{text}</span>
  ) : (
    <>{text}</>
  );
}

function Row(props: { s: DroneStation }) {
  const { t } = useTranslation('dashboard');
  const amount = useAmount();
  const roundTrip = useRoundTrip();
  const s = props.s;
  const problem = stationProblem(s);
  return (
    <tr
      className={problem && problem !== 'lowFuel' ? 'row-bad' : undefined}
      data-testid="drone-station-row"
      data-name={s.name}
    >
      <th scope="row">{s.name}</th>
      <td>{s.pairedStation ?? <span className="muted">{t('droneStationsPanel.unpaired')}</span>}</td>
      <td>
        <Status s={s} />
      </td>
      <td className="num">{roundTrip(s.roundTripSeconds)}</td>
      <td>
        {s.fuelName ?? '—'}
        <div className="muted small">{amount(s.fuelAmount, false)}</div>
      </td>
      <td className="num">
        {problem === 'noFuel' || problem === 'lowFuel' ? (
          <span className={`pill ${PROBLEM_PILL[problem]}`}>
            {problem === 'noFuel' ? t('droneStationsPanel.noFuel') : formatDuration(s.fuelTimeLeftSeconds)}
          </span>
        ) : (
          formatDuration(s.fuelTimeLeftSeconds)
        )}
        {s.fuelRate !== null && <div className="muted small">{perMinute(s.fuelRate)}</div>}
      </td>
      <td className="num">
        {t('droneStationsPanel.inOut', { in: perMinute(s.avgIncRate), out: perMinute(s.avgOutRate) })}
        <div className="muted small">{t('droneStationsPanel.stacks', { value: num(s.transportRate, 2) })}</div>
      </td>
    </tr>
  );
}

/** Drone ports: status, paired port, round trip, fuel and when it runs out, throughput; ports about to stop flagged. */
function DroneStationsPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  const title = t('droneStationsPanel.title');
  return (
    <AddonPanel ctx={props.ctx} kind="drone_stations" id="drone-stations" title={title} className="panel-wide">
      {(stations) => {
        if (stations.length === 0) return <p className="muted">{t('droneStationsPanel.empty')}</p>;
        const count = (p: StationProblem) => stations.filter((s) => stationProblem(s) === p).length;
        const [noDrone, noFuel, lowFuel] = [count('noDrone'), count('noFuel'), count('lowFuel')];
        const sorted = [...stations].sort(
          (a, b) => a.name.localeCompare(b.name) || a.stationId.localeCompare(b.stationId),
        );
        return (
          <>
            {noDrone + noFuel > 0 && (
              <div className="notice notice-error" role="status" data-testid="station-warnings">
                {noDrone > 0 && <p>{t('droneStationsPanel.noDroneWarning', { count: noDrone })}</p>}
                {noFuel > 0 && <p>{t('droneStationsPanel.noFuelWarning', { count: noFuel })}</p>}
              </div>
            )}
            {lowFuel > 0 && (
              <p className="notice notice-info" role="status" data-testid="station-low">
                {t('droneStationsPanel.lowFuelWarning', {
                  count: lowFuel,
                  span: formatDuration(LOW_DRONE_FUEL_SECONDS),
                })}
              </p>
            )}
            <ScrollTable title={title} className="table-scroll">
              <table className="table" data-testid="drone-station-table">
                <caption className="sr-only">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('droneStationsPanel.station')}</th>
                    <th scope="col">{t('droneStationsPanel.paired')}</th>
                    <th scope="col">{t('droneStationsPanel.status')}</th>
                    <th scope="col" className="num">
                      {t('droneStationsPanel.roundTrip')}
                    </th>
                    <th scope="col">{t('droneStationsPanel.fuel')}</th>
                    <th scope="col" className="num">
                      {t('droneStationsPanel.fuelLeft')}
                    </th>
                    <th scope="col" className="num">
                      {t('droneStationsPanel.throughput')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((s) => (
                    <Row key={s.stationId} s={s} />
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

export const DroneStationsPanel = livePanel(DroneStationsPanelView, { kinds: ['drone_stations'] });

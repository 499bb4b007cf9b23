// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { ago, num } from '../../lib/format';
import { useNow } from '../../lib/hooks';
import type { DataOf } from '../../live/store';
import { AddonPanel, type PanelContext } from './common';

type Player = DataOf<'players'>[number];

/** The playable world in game units (cm): about 7.5 km square. */
const WORLD = { minX: -325_000, maxX: 425_000, minY: -375_000, maxY: 375_000 };

function PlayerMap(props: { players: Player[] }) {
  const w = WORLD.maxX - WORLD.minX;
  const h = WORLD.maxY - WORLD.minY;
  const r = w / 110;
  const grid = [];
  for (let x = -300_000; x <= 400_000; x += 100_000)
    grid.push(<line key={`x${x}`} x1={x} x2={x} y1={WORLD.minY} y2={WORLD.maxY} />);
  for (let y = -300_000; y <= 300_000; y += 100_000)
    grid.push(<line key={`y${y}`} y1={y} y2={y} x1={WORLD.minX} x2={WORLD.maxX} />);
  const online = props.players.filter((p) => p.isOnline).length;
  return (
    <figure className="map">
      <svg
        viewBox={`${WORLD.minX} ${WORLD.minY} ${w} ${h}`}
        role="img"
        aria-label={`Map of player positions: ${online} online, ${props.players.length - online} offline`}
      >
        <rect className="map-bg" x={WORLD.minX} y={WORLD.minY} width={w} height={h} />
        <g className="map-grid">{grid}</g>
        {props.players.map((p) => {
          const x = Math.max(WORLD.minX, Math.min(WORLD.maxX, p.posX));
          const y = Math.max(WORLD.minY, Math.min(WORLD.maxY, p.posY));
          const cls = p.isDead ? 'pin-dead' : p.isOnline ? 'pin-online' : 'pin-offline';
          return (
            <g key={p.playerId} className={`pin ${cls}`}>
              <title>{`${p.name || 'Unnamed player'}: ${p.isDead ? 'dead' : p.isOnline ? 'online' : 'offline'}`}</title>
              {p.isDead ? (
                <path
                  d={`M${x - r},${y - r}L${x + r},${y + r}M${x + r},${y - r}L${x - r},${y + r}`}
                  strokeWidth={r / 2.5}
                />
              ) : (
                <circle cx={x} cy={y} r={r} strokeWidth={r / 3} />
              )}
              <text x={x + r * 1.6} y={y + r * 0.6} fontSize={r * 2.6}>
                {p.name}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="muted small">
        <span className="legend pin-online">● online</span> <span className="legend pin-offline">○ offline</span>{' '}
        <span className="legend pin-dead">✕ dead</span> · grid 1 km
      </figcaption>
    </figure>
  );
}

/** Players: who is online or dead, health, and where (table and map). */
export function PlayersPanel(props: { ctx: PanelContext }) {
  const now = useNow();
  const lastOnline = props.ctx.live.lastOnline;
  return (
    <AddonPanel ctx={props.ctx} kind="players" id="players" title="Players" className="panel-wide">
      {(players, entry) => {
        if (players.length === 0) return <p className="muted">No player has joined this save yet.</p>;
        const sorted = [...players].sort(
          (a, b) => Number(b.isOnline) - Number(a.isOnline) || a.name.localeCompare(b.name),
        );
        return (
          <div className="players-grid">
            <div className="table-wrap">
              <table className="table">
                <caption className="sr-only">Players</caption>
                <thead>
                  <tr>
                    <th scope="col">Player</th>
                    <th scope="col">State</th>
                    <th scope="col" className="num">
                      Health
                    </th>
                    <th scope="col">Position (m)</th>
                    <th scope="col">Last seen</th>
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((p) => {
                    const seen = p.isOnline ? entry.time : (lastOnline[p.playerId] ?? null);
                    return (
                      <tr key={p.playerId} className={p.isDead ? 'row-bad' : undefined}>
                        <th scope="row">{p.name || <span className="muted">Unnamed player</span>}</th>
                        <td>
                          {p.isDead ? (
                            <span className="pill pill-bad">Dead</span>
                          ) : p.isOnline ? (
                            <span className="pill pill-ok">Online</span>
                          ) : (
                            <span className="pill">Offline</span>
                          )}
                        </td>
                        <td className="num">{p.isOnline ? `${num(p.health, 0)}` : '—'}</td>
                        <td className="mono small">
                          {num(p.posX / 100, 0)}, {num(p.posY / 100, 0)}, {num(p.posZ / 100, 0)}
                        </td>
                        <td>{p.isOnline ? 'now' : seen ? ago(seen, now) : 'unknown'}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <PlayerMap players={players} />
          </div>
        );
      }}
    </AddonPanel>
  );
}

import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../live/store';

type Player = DataOf<'players'>[number];

/** The playable world in game units (cm): about 7.5 km square. */
const WORLD = { minX: -325_000, maxX: 425_000, minY: -375_000, maxY: 375_000 };

/** Where the players are: a pin per player on the world's 1 km grid (online, offline, dead). */
export function PlayerMap(props: { players: Player[] }) {
  const { t } = useTranslation('dashboard');
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
        aria-label={t('players.mapLabel', { online, offline: props.players.length - online })}
      >
        <rect className="map-bg" x={WORLD.minX} y={WORLD.minY} width={w} height={h} />
        <g className="map-grid">{grid}</g>
        {props.players.map((p) => {
          const x = Math.max(WORLD.minX, Math.min(WORLD.maxX, p.posX));
          const y = Math.max(WORLD.minY, Math.min(WORLD.maxY, p.posY));
          const state = p.isDead ? 'dead' : p.isOnline ? 'online' : 'offline';
          const pinState = p.isDead
            ? t('players.pinDead')
            : p.isOnline
              ? t('players.pinOnline')
              : t('players.pinOffline');
          return (
            <g key={p.playerId} className={`pin pin-${state}`}>
              <title>{t('players.pin', { name: p.name || t('players.unnamed'), state: pinState })}</title>
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
        <span className="legend pin-online">● {t('players.pinOnline')}</span>{' '}
        <span className="legend pin-offline">○ {t('players.pinOffline')}</span>{' '}
        <span className="legend pin-dead">✕ {t('players.pinDead')}</span> · {t('players.grid')}
      </figcaption>
    </figure>
  );
}

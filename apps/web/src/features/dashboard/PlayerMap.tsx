import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../live/store';
import { seriesColor } from './charts/series-colors';
import type { Trail } from './charts/trails';

type Player = DataOf<'players'>[number];

/** The playable world in game units (cm): about 7.5 km square. */
const WORLD = { minX: -325_000, maxX: 425_000, minY: -375_000, maxY: 375_000 };

/**
 * Where the players are: a pin per player on the world's 1 km grid (online, offline, dead) and, when given, each
 * player's trail (a line per stretch, in one colour per player, named in the legend below the map).
 */
export function PlayerMap(props: { players: Player[]; trails?: Trail[]; trailsNote?: string }) {
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
  const trails = props.trails ?? [];
  const clampX = (x: number) => Math.max(WORLD.minX, Math.min(WORLD.maxX, x));
  const clampY = (y: number) => Math.max(WORLD.minY, Math.min(WORLD.maxY, y));
  const label = t('players.mapLabel', { online, offline: props.players.length - online });
  return (
    <figure className="map">
      <svg
        viewBox={`${WORLD.minX} ${WORLD.minY} ${w} ${h}`}
        role="img"
        aria-label={
          props.trails
            ? `${label} ${trails.length > 0 ? t('charts.players.trailsLabel', { names: trails.map((tr) => tr.name).join(', ') }) : t('charts.players.trailsNone')}`
            : label
        }
      >
        <rect className="map-bg" x={WORLD.minX} y={WORLD.minY} width={w} height={h} />
        <g className="map-grid">{grid}</g>
        {trails.map((trail, i) => (
          <g key={trail.playerId} className="trail" data-testid="trail" style={{ stroke: `var(${seriesColor(i)})` }}>
            <title>{t('charts.players.trail', { name: trail.name || t('players.unnamed') })}</title>
            {trail.stretches.map((stretch, j) => (
              <polyline
                key={j}
                points={stretch.map(([x, y]) => `${clampX(x)},${clampY(y)}`).join(' ')}
                strokeWidth={r / 2}
              />
            ))}
          </g>
        ))}
        {props.players.map((p) => {
          const x = clampX(p.posX);
          const y = clampY(p.posY);
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
        {trails.length > 0 && (
          <span className="trail-legend">
            {' · '}
            {trails.map((trail, i) => (
              <span key={trail.playerId} className="legend">
                <span aria-hidden="true" style={{ color: `var(${seriesColor(i)})` }}>
                  ━
                </span>{' '}
                {trail.name || t('players.unnamed')}{' '}
              </span>
            ))}
          </span>
        )}
        {props.trailsNote && (
          <span className="trails-note" data-testid="trails-note">
            <br />
            {props.trailsNote}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

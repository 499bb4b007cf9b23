import { useTranslation } from 'react-i18next';
import { ago, num } from '../../lib/format';
import { useNow } from '../../lib/hooks';
import { AddonPanel, ScrollTable, type PanelContext } from './common';
import { PlayerMap } from './PlayerMap';
import { livePanel } from './live-panel';

/** Players: who is online or dead, health, and where (table and map). */
function PlayersPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  const now = useNow();
  const lastOnline = props.ctx.live.lastOnline;
  return (
    <AddonPanel ctx={props.ctx} kind="players" id="players" title={t('players.title')} className="panel-wide">
      {(players, entry) => {
        if (players.length === 0) return <p className="muted">{t('players.empty')}</p>;
        const sorted = [...players].sort(
          (a, b) => Number(b.isOnline) - Number(a.isOnline) || a.name.localeCompare(b.name),
        );
        return (
          <div className="players-grid">
            <ScrollTable title={t('players.title')}>
              <table className="table">
                <caption className="sr-only">{t('players.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('players.player')}</th>
                    <th scope="col">{t('players.state')}</th>
                    <th scope="col" className="num">
                      {t('players.health')}
                    </th>
                    <th scope="col">{t('players.position')}</th>
                    <th scope="col">{t('players.lastSeen')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((p) => {
                    const seen = p.isOnline ? entry.time : (lastOnline[p.playerId] ?? null);
                    return (
                      <tr key={p.playerId} className={p.isDead ? 'row-bad' : undefined}>
                        <th scope="row">{p.name || <span className="muted">{t('players.unnamed')}</span>}</th>
                        <td>
                          {p.isDead ? (
                            <span className="pill pill-bad">{t('players.dead')}</span>
                          ) : p.isOnline ? (
                            <span className="pill pill-ok">{t('players.online')}</span>
                          ) : (
                            <span className="pill">{t('players.offline')}</span>
                          )}
                        </td>
                        <td className="num">{p.isOnline ? num(p.health, 0) : '—'}</td>
                        <td className="mono small">
                          {num(p.posX / 100, 0)}, {num(p.posY / 100, 0)}, {num(p.posZ / 100, 0)}
                        </td>
                        <td>{p.isOnline ? t('players.now') : seen ? ago(seen, now) : t('players.unknown')}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollTable>
            <PlayerMap players={players} />
          </div>
        );
      }}
    </AddonPanel>
  );
}

export const PlayersPanel = livePanel(PlayersPanelView, { kinds: ['players'], fields: ['lastOnline'] });

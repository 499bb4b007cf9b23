import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton, Loadable, Notice, OnceSecret, Table, Time } from '../../components/ui';
import { dateTime, ms } from '../../lib/format';
import { CreateShare } from './CreateShare';
import { FormField } from './forms';
import { shareUrl } from './links';
import { atLeast, useSettings, type CreatedShare, type ServerSummary } from './model';
import { useRevokeShare, useServerList, useShares } from './queries';

/**
 * Read-only links to one server (Pro plan and up): everyone sees them, operators and admins make and revoke them.
 * The server shown is `?server=<id>` (the first server without it), so a link can lead to one server's links.
 */
export function SharesTab() {
  const { t } = useTranslation('settings');
  const { role } = useSettings();
  const servers = useServerList();
  const navigate = useNavigate();
  // `?server=<id>` (validated by the route in app/router.tsx) picks whose links are shown.
  const wanted = useSearch({ from: '/signed-in/settings/$tab', select: (s) => s.server });
  const [created, setCreated] = useState<CreatedShare | null>(null);

  const show = (server: string) =>
    void navigate({
      to: '/settings/$tab',
      params: { tab: 'shares' },
      search: { server },
      replace: true,
    });

  return (
    <>
      <p>{t('shares.intro')}</p>
      <Loadable state={servers} what={t('shares.serversWhat')}>
        {(list) => {
          const server = list.find((s) => s.id === wanted) ?? list[0];
          if (!server)
            return (
              <p>
                {t('shares.noServers')} <Link to="/servers/new">{t('shares.addServer')}</Link>
              </p>
            );
          return (
            <>
              {atLeast(role, 'operator') && (
                <CreateShare
                  servers={list}
                  server={server.id}
                  onCreated={(share) => {
                    setCreated(share);
                    show(share.server_id);
                  }}
                />
              )}
              {created && (
                <OnceSecret
                  title={t(`shares.createdTitle.${created.kind === 'overlay' ? 'overlay' : 'dashboard'}`, {
                    name: list.find((s) => s.id === created.server_id)?.name ?? '',
                  })}
                  value={shareUrl(location.origin, created.url)}
                  label={t('shares.linkLabel')}
                  testId="share-url"
                  warning={t('shares.linkWarning')}
                  onDone={() => setCreated(null)}
                />
              )}
              <ServerShares key={server.id} server={server} servers={list} onPick={show} />
            </>
          );
        }}
      </Loadable>
    </>
  );
}

function ServerShares(p: { server: ServerSummary; servers: ServerSummary[]; onPick: (id: string) => void }) {
  const { t } = useTranslation('settings');
  const { role } = useSettings();
  const canEdit = atLeast(role, 'operator');
  const shares = useShares(p.server.id);
  const revoke = useRevokeShare();
  const [notice, setNotice] = useState('');
  const kindLabel = (kind: string) => (kind === 'overlay' ? t('shares.kind.overlay') : t('shares.kind.dashboard'));

  return (
    <section aria-labelledby="share-list-heading">
      <h3 id="share-list-heading">{t('shares.listHeading', { name: p.server.name })}</h3>
      <FormField label={t('shares.showServer')} className="settings-narrow">
        {(a11y) => (
          <select {...a11y} value={p.server.id} onChange={(e) => p.onPick(e.target.value)}>
            {p.servers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <Notice text={notice} />
      <Loadable state={shares} what={t('shares.what')}>
        {(list) =>
          list.length === 0 ? (
            <p>{t('shares.none')}</p>
          ) : (
            <Table
              label={t('shares.listLabel')}
              head={[
                t('shares.col.kind'),
                t('col.created'),
                t('col.expires'),
                t('col.lastUsed'),
                ...(canEdit ? [''] : []),
              ]}
            >
              {list.map((s) => (
                <tr key={s.id} data-testid="share-row" data-kind={s.kind}>
                  <td data-label={t('shares.col.kind')}>{kindLabel(s.kind)}</td>
                  <td data-label={t('col.created')}>
                    <Time iso={s.created_at} />
                  </td>
                  <td data-label={t('col.expires')}>
                    <Time iso={s.expires_at} none={t('never')} />
                  </td>
                  <td data-label={t('col.lastUsed')}>
                    <Time iso={s.last_used_at} none={t('never')} />
                  </td>
                  {canEdit && (
                    <td data-label="">
                      <ConfirmButton
                        target={t('shares.target', { kind: kindLabel(s.kind), time: dateTime(ms(s.created_at)) })}
                        question={t('shares.revokeQuestion')}
                        detail={<p>{t('shares.revokeDetail')}</p>}
                        confirm={t('shares.revokeConfirm')}
                        action={async () => {
                          await revoke.mutateAsync({ serverId: p.server.id, shareId: s.id });
                          setNotice(t('shares.revoked'));
                        }}
                      >
                        {t('revoke')}
                      </ConfirmButton>
                    </td>
                  )}
                </tr>
              ))}
            </Table>
          )
        }
      </Loadable>
    </section>
  );
}

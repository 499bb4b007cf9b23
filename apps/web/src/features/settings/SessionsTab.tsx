import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton, Loadable, Notice, Table, Time } from '../../components/ui';
import { session } from '../../lib/api';
import { flash } from '../../lib/flash';
import { navigate } from '../../lib/router';
import { deviceOf } from './device';
import { useRevokeAllSessions, useRevokeSession, useSessions, type SessionRow } from './sessionQueries';

/**
 * Back to the sign-in page after this device's session ended; `message` is shown there. The live connection may
 * have been told first (the revocation reaches it over NATS) and already gone there with its own "you were signed
 * out": then that stands (navigating again would mount the sign-in page anew, without its message).
 */
function leave(message: string | null): void {
  if (session.token() === null) return;
  if (message) flash.set(message);
  else flash.expectSignOut();
  session.clear();
  navigate('/login', { replace: true });
}

/**
 * Where the user is signed in (any role: the sessions are the user's own, not the organisation's): each session
 * with its device, address and times, this device marked; sign one out, or every one with "Sign out everywhere".
 */
export function SessionsTab() {
  const { t } = useTranslation('sessions');
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [notice, setNotice] = useState('');

  const deviceName = (row: SessionRow): string => {
    const { browser, system } = deviceOf(row.user_agent);
    return t('device', { browser: browser ?? t('unknownBrowser'), system: system ?? t('unknownSystem') });
  };

  return (
    <>
      <p>{t('intro')}</p>
      <Notice text={notice} />
      <Loadable state={sessions} what={t('what')}>
        {(list) => (
          <Table
            label={t('listLabel')}
            head={[t('col.device'), t('col.address'), t('col.signedIn'), t('col.lastUsed'), t('col.expires'), '']}
          >
            {list.map((row) => {
              const device = deviceName(row);
              return (
                <tr key={row.id} data-testid="session-row" data-current={row.current ? 'true' : undefined}>
                  <td data-label={t('col.device')}>
                    <span title={row.user_agent ?? undefined}>{device}</span>
                    {row.current && (
                      <>
                        {' '}
                        <span className="pill" data-testid="this-device">
                          {t('thisDevice')}
                        </span>
                      </>
                    )}
                  </td>
                  <td data-label={t('col.address')}>{row.ip ?? '—'}</td>
                  <td data-label={t('col.signedIn')}>
                    <Time iso={row.created_at} />
                  </td>
                  <td data-label={t('col.lastUsed')}>
                    <Time iso={row.last_used_at} />
                  </td>
                  <td data-label={t('col.expires')}>
                    <Time iso={row.expires_at} />
                  </td>
                  <td data-label="">
                    <ConfirmButton
                      target={t('target', { device, address: row.ip ?? '—' })}
                      question={row.current ? t('signOutThisQuestion') : t('signOutQuestion', { device })}
                      detail={<p>{row.current ? t('signOutThisDetail') : t('signOutDetail')}</p>}
                      confirm={t('signOut')}
                      action={async () => {
                        await revoke.mutateAsync(row.id);
                        if (row.current) leave(null);
                        else setNotice(t('signedOut', { device }));
                      }}
                    >
                      {t('signOut')}
                    </ConfirmButton>
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
      </Loadable>
      <Everywhere />
    </>
  );
}

function Everywhere() {
  const { t } = useTranslation('sessions');
  const revokeAll = useRevokeAllSessions();
  return (
    <section className="card settings-form" aria-labelledby="sessions-everywhere">
      <h3 id="sessions-everywhere">{t('everywhere.heading')}</h3>
      <p>{t('everywhere.text')}</p>
      <ConfirmButton
        question={t('everywhere.question')}
        detail={<p>{t('everywhere.detail')}</p>}
        confirm={t('everywhere.confirm')}
        action={async () => {
          await revokeAll.mutateAsync();
          leave(t('everywhere.done'));
        }}
      >
        {t('everywhere.button')}
      </ConfirmButton>
    </section>
  );
}

import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../app/LanguagePicker';
import { ThemeToggle } from '../../app/Layout';
import { ConnectionBanner, ConnectionIndicator } from '../../components/Connection';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { DEFAULT_INTERVALS } from '../../lib/account';
import { dateTime, ms } from '../../lib/format';
import { LiveContext, useShareLive } from '../../live/hooks';
import { Dashboard } from '../dashboard';
import { InvalidShare } from './InvalidShare';
import { shareSource, useShare, type PublicServer } from './public';

/** `/share/:token`: the read-only dashboard of one server, live over the share token's socket. */
export function SharePage(props: { token: string }) {
  const { t } = useTranslation('share');
  const live = useShareLive(props.token);
  const share = useShare(props.token);
  const src = useMemo(() => shareSource(props.token), [props.token]);
  const name = share.data?.server.name;

  useEffect(() => {
    if (name) document.title = t('title', { name, app: t('common:app.name') });
  }, [name, t]);

  return (
    <LiveContext.Provider value={live}>
      <a className="skip-link" href="#main">
        {t('common:app.skipToContent')}
      </a>
      <header className="topbar">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          {t('common:app.name')}
        </span>
        <div className="topbar-tools">
          <ConnectionIndicator client={live} />
          <LanguagePicker />
          <ThemeToggle />
        </div>
      </header>
      <ConnectionBanner client={live} shared />
      {share.error ? (
        <InvalidShare error={share.error} />
      ) : !share.data ? (
        <main id="main" className="page">
          <p className="muted" role="status">
            {t('loading')}
          </p>
        </main>
      ) : (
        <main id="main" className="page page-wide" tabIndex={-1}>
          <ErrorBoundary>
            <Dashboard
              src={src}
              name={share.data.server.name}
              readOnly
              intervals={DEFAULT_INTERVALS}
              retentionHours={null}
              planName={null}
              notice={<ReadOnlyNotice share={share.data} />}
            />
          </ErrorBoundary>
        </main>
      )}
    </LiveContext.Provider>
  );
}

function ReadOnlyNotice({ share }: { share: PublicServer }) {
  const { t } = useTranslation('share');
  return (
    <p className="notice notice-info" data-testid="read-only-notice">
      {share.expires_at ? t('readOnlyUntil', { time: dateTime(ms(share.expires_at)) }) : t('readOnly')}
    </p>
  );
}

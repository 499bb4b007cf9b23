import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton, ErrorNote, Loadable } from '../../../components/ui';
import { failureOf } from '../forms';
import { atLeast, useSettings, type ServerSummary } from '../model';
import { useServerList } from '../queries';
import { CreateStatusPage, ServerChecks } from './CreateStatusPage';
import { useDeleteStatusPage, useStatusPages, useUpdateStatusPage, type StatusPage } from './queries';
import { StatusIncidents } from './StatusIncidents';
import './statuspage.css';

/**
 * The organisation's public status pages (Pro plan and up): everyone sees them, operators and admins publish one
 * (slug, title, the servers it shows), change its servers, post incidents and delete it. The page itself is served
 * by the api-gateway at /status/<slug> (server-rendered: it works without JavaScript).
 */
export function StatusPagesTab() {
  const { t } = useTranslation('statuspage');
  const { role } = useSettings();
  const pages = useStatusPages();
  const servers = useServerList();
  const canEdit = atLeast(role, 'operator');

  return (
    <>
      <p>{t('intro')}</p>
      <Loadable state={servers} what={t('serversWhat')}>
        {(serverList) => (
          <>
            {canEdit && <CreateStatusPage servers={serverList} />}
            <Loadable state={pages} what={t('what')}>
              {(list) =>
                list.length === 0 ? (
                  <p>{t('none')}</p>
                ) : (
                  <>
                    {list.map((page) => (
                      <PageCard key={page.id} page={page} servers={serverList} canEdit={canEdit} />
                    ))}
                  </>
                )
              }
            </Loadable>
          </>
        )}
      </Loadable>
    </>
  );
}

function PageCard(p: { page: StatusPage; servers: ServerSummary[]; canEdit: boolean }) {
  const { t } = useTranslation('statuspage');
  const update = useUpdateStatusPage();
  const remove = useDeleteStatusPage();
  const [chosen, setChosen] = useState(p.page.server_ids);
  const names = p.page.server_ids.map((id) => p.servers.find((s) => s.id === id)?.name ?? id);
  const failure = failureOf(update.error) ?? failureOf(remove.error);

  return (
    <section className="card statuspage-card" aria-labelledby={`status-page-${p.page.id}`} data-testid="status-page">
      <h3 id={`status-page-${p.page.id}`}>{p.page.title}</h3>
      <p>
        <a href={p.page.url} target="_blank" rel="noreferrer">
          {p.page.url}
        </a>
      </p>
      <p className="muted small">{t('showing', { names: names.join(', ') || t('noServers') })}</p>
      <p className="muted small">
        {t('embeds')} <code>{`${p.page.url}/badge/status.svg`}</code> · <code>{`/api/v1/status/${p.page.slug}`}</code> ·{' '}
        <code>{`${p.page.url}/feed.atom`}</code>
      </p>
      {p.canEdit && (
        <>
          <fieldset className="settings-checks">
            <legend>{t('servers')}</legend>
            <ServerChecks servers={p.servers} chosen={chosen} onChange={setChosen} />
          </fieldset>
          <div className="statuspage-actions">
            <button
              type="button"
              className="btn"
              onClick={() => void update.mutateAsync({ id: p.page.id, body: { server_ids: chosen } }).catch(() => {})}
            >
              {t('saveServers')}
            </button>
            <ConfirmButton
              target={p.page.title}
              question={t('deleteQuestion')}
              confirm={t('delete')}
              action={async () => {
                await remove.mutateAsync(p.page.id);
              }}
            >
              {t('delete')}
            </ConfirmButton>
          </div>
        </>
      )}
      {failure && <ErrorNote error={failure} />}
      <StatusIncidents pageId={p.page.id} canEdit={p.canEdit} />
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton, ErrorNote, Loadable, Notice } from '../../../components/ui';
import { failureOf } from '../forms';
import { atLeast, useSettings, type ServerSummary } from '../model';
import { useServerList } from '../queries';
import {
  useCreateStatusPage,
  useDeleteStatusPage,
  useStatusPages,
  useUpdateStatusPage,
  type StatusPage,
} from './queries';
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

function ServerChecks(p: { servers: ServerSummary[]; chosen: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('statuspage');
  return (
    <fieldset className="settings-checks">
      <legend>{t('servers')}</legend>
      {p.servers.map((s) => (
        <label key={s.id} className="statuspage-check">
          <input
            type="checkbox"
            checked={p.chosen.includes(s.id)}
            onChange={(e) => p.onChange(e.target.checked ? [...p.chosen, s.id] : p.chosen.filter((id) => id !== s.id))}
          />{' '}
          {s.name}
        </label>
      ))}
    </fieldset>
  );
}

function CreateStatusPage({ servers }: { servers: ServerSummary[] }) {
  const { t } = useTranslation('statuspage');
  const create = useCreateStatusPage();
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [notice, setNotice] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice('');
    try {
      const page = await create.mutateAsync({ slug: slug.trim(), title: title.trim(), server_ids: chosen });
      setNotice(t('created', { url: page.url }));
      setSlug('');
      setTitle('');
      setChosen([]);
    } catch {
      // shown below from the mutation's error
    }
  };
  const failure = failureOf(create.error);

  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} aria-labelledby="new-status-page" noValidate>
      <h3 id="new-status-page">{t('newHeading')}</h3>
      <div className="settings-fields">
        <div className="settings-field">
          <label htmlFor="status-slug">{t('slug')}</label>
          <p className="field-help" id="status-slug-help">
            {t('slugHelp')}
          </p>
          <input
            id="status-slug"
            aria-describedby="status-slug-help"
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
            required
          />
        </div>
        <div className="settings-field">
          <label htmlFor="status-title">{t('title')}</label>
          <input id="status-title" value={title} onChange={(e) => setTitle(e.target.value)} required />
        </div>
      </div>
      <ServerChecks servers={servers} chosen={chosen} onChange={setChosen} />
      <button type="submit" className="btn btn-primary" aria-disabled={create.isPending}>
        {create.isPending ? t('creating') : t('create')}
      </button>
      <Notice text={notice} />
      {failure && <ErrorNote error={failure} />}
    </form>
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
          <ServerChecks servers={p.servers} chosen={chosen} onChange={setChosen} />
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

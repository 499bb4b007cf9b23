import { useTranslation } from 'react-i18next';
import { ErrorNote, Loadable, RoleNote, Table, Time } from '../../components/ui';
import { failureOf } from './forms';
import { useSettings, type AuditEntry } from './model';
import { AUDIT_PAGE_SIZE, useAuditLog } from './queries';

/** Who changed what, newest first (admins only); older entries are added below with "Load older entries". */
export function AuditTab() {
  const { t } = useTranslation('settings');
  const { role } = useSettings();
  if (role !== 'admin') return <RoleNote>{t('audit.adminOnly', { role: t(`roles.${role}`) })}</RoleNote>;
  return <AuditLog />;
}

function AuditLog() {
  const { t } = useTranslation('settings');
  const log = useAuditLog();
  const items = log.data?.pages.flatMap((p) => p.items);
  const more = failureOf(log.isFetchNextPageError ? log.error : null);

  return (
    <>
      <p>{t('audit.intro', { count: AUDIT_PAGE_SIZE })}</p>
      <Loadable
        state={{ data: items, error: log.isFetchNextPageError ? null : log.error, refetch: log.refetch }}
        what={t('audit.what')}
      >
        {(list) =>
          list.length === 0 ? (
            <p>{t('audit.none')}</p>
          ) : (
            <Table
              label={t('audit.label')}
              head={[
                t('audit.col.time'),
                t('audit.col.actor'),
                t('audit.col.action'),
                t('audit.col.target'),
                t('audit.col.details'),
                t('audit.col.ip'),
              ]}
            >
              {list.map((e) => (
                <AuditRow key={e.id} entry={e} />
              ))}
            </Table>
          )
        }
      </Loadable>
      {more && <ErrorNote error={more} retry={() => void log.fetchNextPage()} />}
      {log.hasNextPage && (
        // aria-disabled, not disabled: the pressed button keeps focus while the next page loads.
        <button
          type="button"
          className="btn btn-small"
          data-testid="load-more"
          aria-disabled={log.isFetchingNextPage}
          onClick={() => !log.isFetchingNextPage && void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? t('audit.loadingMore') : t('audit.loadMore')}
        </button>
      )}
      {items && items.length > 0 && !log.hasNextPage && <p className="muted small">{t('audit.end')}</p>}
    </>
  );
}

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  const { t } = useTranslation('settings');
  const who =
    e.actor.email ?? (e.actor.user_id ? t('audit.user', { id: e.actor.user_id.slice(0, 8) }) : t('audit.platform'));
  return (
    <tr data-testid="audit-row" data-action={e.action}>
      <td data-label={t('audit.col.time')}>
        <Time iso={e.time} />
      </td>
      <td data-label={t('audit.col.actor')}>{e.actor.token_id ? t('audit.viaToken', { who }) : who}</td>
      <td data-label={t('audit.col.action')}>
        <code>{e.action}</code>
      </td>
      <td data-label={t('audit.col.target')}>
        {e.target ? (
          <span title={e.target.id}>
            {e.target.type.replaceAll('_', ' ')} {e.target.id.length > 8 ? `${e.target.id.slice(0, 8)}…` : e.target.id}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td data-label={t('audit.col.details')} className="settings-details">
        <Details details={e.details} />
      </td>
      <td data-label={t('audit.col.ip')}>{e.ip ?? '—'}</td>
    </tr>
  );
}

const show = (v: unknown) => (v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The details as "key: value" pairs (the API's own names), the whole JSON on hover. */
function Details({ details }: { details: Record<string, unknown> }) {
  const pairs = Object.entries(details);
  if (pairs.length === 0) return <>—</>;
  const text = pairs.map(([k, v]) => `${k.replaceAll('_', ' ')}: ${show(v)}`).join(' · ');
  return <span title={JSON.stringify(details, null, 1)}>{text.length > 160 ? `${text.slice(0, 159)}…` : text}</span>;
}

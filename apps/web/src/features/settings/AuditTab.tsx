// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState } from 'react';
import { useSettings, type AuditEntry, type AuditPage } from './model';
import { Loadable, RoleNote, Table, Time } from '../../components/ui';
import { useApi } from '../../lib/useApi';

const PAGE_SIZE = 50;

/** Who changed what, newest first (admins only; the API pages forwards with next_cursor). */
export function AuditTab() {
  const { role } = useSettings();
  if (role !== 'admin')
    return <RoleNote>The audit log is for the organisation's admins; your role is {role}.</RoleNote>;
  return <AuditLog />;
}

function AuditLog() {
  // The cursors of the pages seen so far: "previous" pops one (the API only pages forwards).
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const page = useApi<AuditPage>(`/api/v1/audit?limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`);
  const next = page.data?.next_cursor;

  // aria-disabled, not disabled: the pressed button keeps focus while the next page loads.
  const button = (label: string, enabled: boolean, go: () => void) => (
    <button type="button" className="btn btn-small" aria-disabled={!enabled} onClick={() => enabled && go()}>
      {label}
    </button>
  );
  const paging = (
    <nav className="settings-paging" aria-label="Audit log pages">
      {button('Newest', cursors.length > 0, () => setCursors([]))}
      {button('Previous page', cursors.length > 0, () => setCursors((c) => c.slice(0, -1)))}
      <span className="muted small">Page {cursors.length + 1}</span>
      {button('Next page', !!next, () => next && setCursors((c) => [...c, next]))}
    </nav>
  );

  return (
    <>
      <p>Newest first, {PAGE_SIZE} entries a page.</p>
      <Loadable state={page} what="the audit log">
        {({ items }) =>
          items.length === 0 ? (
            <p>{cursors.length === 0 ? 'Nothing recorded yet.' : 'No older entries.'}</p>
          ) : (
            <Table label="Audit log" head={['Time', 'Actor', 'Action', 'Target', 'Details', 'IP address']}>
              {items.map((e) => (
                <tr key={e.id}>
                  <td data-label="Time">
                    <Time iso={e.time} />
                  </td>
                  <td data-label="Actor">{actor(e)}</td>
                  <td data-label="Action">
                    <code>{e.action}</code>
                  </td>
                  <td data-label="Target">
                    {e.target ? (
                      <span title={e.target.id}>
                        {e.target.type.replaceAll('_', ' ')}{' '}
                        {e.target.id.length > 8 ? `${e.target.id.slice(0, 8)}…` : e.target.id}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label="Details" className="settings-details">
                    <Details details={e.details} />
                  </td>
                  <td data-label="IP address">{e.ip ?? '—'}</td>
                </tr>
              ))}
            </Table>
          )
        }
      </Loadable>
      {paging}
    </>
  );
}

function actor(e: AuditEntry): string {
  const who = e.actor.email ?? (e.actor.user_id ? `user ${e.actor.user_id.slice(0, 8)}` : 'the platform');
  return e.actor.token_id ? `${who} (API token)` : who;
}

const show = (v: unknown) => (v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The details as "key: value" pairs, the whole JSON on hover. */
function Details({ details }: { details: Record<string, unknown> }) {
  const pairs = Object.entries(details);
  if (pairs.length === 0) return <>—</>;
  const text = pairs.map(([k, v]) => `${k.replaceAll('_', ' ')}: ${show(v)}`).join(' · ');
  return <span title={JSON.stringify(details, null, 1)}>{text.length > 160 ? `${text.slice(0, 159)}…` : text}</span>;
}

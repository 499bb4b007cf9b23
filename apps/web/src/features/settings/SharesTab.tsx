// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { Link, navigate } from '../../lib/router';
import { atLeast, useSettings, type ServerSummary, type Share, type ShareKind } from './model';
import { ConfirmButton, ErrorNote, Loadable, Notice, OnceSecret, Table, Time } from '../../components/ui';
import { useAction, useApi } from '../../lib/useApi';

const KIND_LABEL: Record<ShareKind, string> = { dashboard: 'Dashboard', overlay: 'Streaming overlay' };
const shareUrl = (kind: ShareKind, token: string) =>
  `${location.origin}/${kind === 'overlay' ? 'overlay' : 'share'}/${token}`;

/** Read-only links to one server (Pro plan and up): everyone sees them, operators and admins make and revoke them. */
export function SharesTab() {
  const servers = useApi<ServerSummary[]>('/api/v1/servers');
  const [picked, setPicked] = useState(() => new URLSearchParams(location.search).get('server'));

  return (
    <>
      <p>
        A share link shows one server's dashboard, or a streaming overlay, without sign-in and read-only. Its address
        and admin password are never shown.
      </p>
      <Loadable state={servers} what="servers">
        {(list) => {
          if (list.length === 0)
            return (
              <p>
                No servers yet. <Link to="/servers/new">Add a server</Link> to share it.
              </p>
            );
          const server = list.find((s) => s.id === picked) ?? list[0];
          return (
            <>
              <label className="settings-field settings-narrow">
                Server
                <select
                  value={server.id}
                  onChange={(e) => {
                    setPicked(e.target.value);
                    navigate(`/settings/shares?server=${encodeURIComponent(e.target.value)}`, { replace: true });
                  }}
                >
                  {list.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
              <ServerShares key={server.id} server={server} />
            </>
          );
        }}
      </Loadable>
    </>
  );
}

function ServerShares({ server }: { server: ServerSummary }) {
  const { role } = useSettings();
  const canEdit = atLeast(role, 'operator');
  const base = `/api/v1/servers/${encodeURIComponent(server.id)}/shares`;
  const shares = useApi<Share[]>(base);
  const [created, setCreated] = useState<{ url: string; kind: ShareKind } | null>(null);
  const [notice, setNotice] = useState('');

  return (
    <>
      {canEdit && (
        <CreateShare
          base={base}
          onCreated={({ token, ...row }) => {
            setCreated({ url: shareUrl(row.kind, token), kind: row.kind });
            setNotice('');
            shares.update((l) => [...l, row]);
          }}
        />
      )}
      {created && (
        <OnceSecret
          title={`${KIND_LABEL[created.kind]} link for ${server.name}`}
          value={created.url}
          label="link"
          testId="share-url"
          warning="Copy this link now: it will not be shown again. Anyone with it can watch this server."
          onDone={() => setCreated(null)}
        />
      )}
      <h3>Links to {server.name}</h3>
      <Notice text={notice} />
      <Loadable state={shares} what="share links">
        {(list) =>
          list.length === 0 ? (
            <p>No share links for this server yet.</p>
          ) : (
            <Table label="Share links" head={['Kind', 'Created', 'Expires', 'Last used', ...(canEdit ? [''] : [])]}>
              {list.map((s) => (
                <tr key={s.id}>
                  <td data-label="Kind">{KIND_LABEL[s.kind] ?? s.kind}</td>
                  <td data-label="Created">
                    <Time iso={s.created_at} />
                  </td>
                  <td data-label="Expires">
                    <Time iso={s.expires_at} none="Never" />
                  </td>
                  <td data-label="Last used">
                    <Time iso={s.last_used_at} none="Never" />
                  </td>
                  {canEdit && (
                    <td data-label="">
                      <ConfirmButton
                        target={`${KIND_LABEL[s.kind] ?? s.kind} link made ${new Date(s.created_at).toLocaleString()}`}
                        question="Revoke this share link?"
                        detail={<p>Everyone using it loses access at once. This cannot be undone.</p>}
                        confirm="Revoke link"
                        action={async () => {
                          await api('DELETE', `${base}/${s.id}`);
                          shares.update((l) => l.filter((x) => x.id !== s.id));
                          setNotice('Share link revoked.');
                        }}
                      >
                        Revoke
                      </ConfirmButton>
                    </td>
                  )}
                </tr>
              ))}
            </Table>
          )
        }
      </Loadable>
    </>
  );
}

function CreateShare({ base, onCreated }: { base: string; onCreated: (s: Share & { token: string }) => void }) {
  const act = useAction();
  const [kind, setKind] = useState<ShareKind>('dashboard');
  const [expires, setExpires] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act.run(async () => {
      // datetime-local is the viewer's local time; the API takes an ISO 8601 instant.
      const body = { kind, ...(expires ? { expires_at: new Date(expires).toISOString() } : {}) };
      onCreated(await api<Share & { token: string }>('POST', base, body));
      setExpires('');
    });
  };
  return (
    <form className="card settings-form" onSubmit={submit} aria-labelledby="new-share-heading">
      <h3 id="new-share-heading">New share link</h3>
      <div className="settings-fields">
        <label className="settings-field">
          Kind
          <select value={kind} onChange={(e) => setKind(e.target.value as ShareKind)}>
            <option value="dashboard">{KIND_LABEL.dashboard}</option>
            <option value="overlay">{KIND_LABEL.overlay}</option>
          </select>
        </label>
        <label className="settings-field">
          Expires (optional)
          <input type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" aria-disabled={act.pending}>
          {act.pending ? 'Creating…' : 'Create link'}
        </button>
      </div>
      {act.error && <ErrorNote error={act.error} />}
    </form>
  );
}

// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { SCOPES, useSettings, type ApiToken } from './model';
import { ConfirmButton, ErrorNote, Loadable, Notice, OnceSecret, RoleNote, Table, Time } from '../../components/ui';
import { useAction, useApi } from '../../lib/useApi';

const EXPIRY_DAYS = [7, 30, 90, 365];

/** API tokens of the public API: admins only (the API refuses everyone else, even the list). */
export function TokensTab() {
  const { role } = useSettings();
  if (role !== 'admin')
    return (
      <RoleNote>
        API tokens are managed by the organisation's admins; your role is {role}. Ask an admin for a token.
      </RoleNote>
    );
  return <Tokens />;
}

function Tokens() {
  const tokens = useApi<ApiToken[]>('/api/v1/tokens');
  const [created, setCreated] = useState<(ApiToken & { token: string }) | null>(null);
  const [notice, setNotice] = useState('');

  return (
    <>
      <p>
        API tokens let scripts read and change this organisation through the public REST API (Pro plan and up): send one
        as <code>Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <CreateToken
        onCreated={(t) => {
          setCreated(t);
          setNotice('');
          const { token: _secret, ...row } = t;
          tokens.update((list) => [...list, row]);
        }}
      />
      {created && (
        <OnceSecret
          title={`Token “${created.name}” created`}
          value={created.token}
          label="token"
          testId="new-token-value"
          warning="Copy this token now: it will not be shown again. Keep it like a password."
          onDone={() => setCreated(null)}
        />
      )}
      <h3>Tokens</h3>
      <Notice text={notice} />
      <Loadable state={tokens} what="API tokens">
        {(list) =>
          list.length === 0 ? (
            <p>No API tokens yet.</p>
          ) : (
            <Table label="API tokens" head={['Name', 'Starts with', 'Scopes', 'Created', 'Expires', 'Last used', '']}>
              {list.map((t) => (
                <tr key={t.id}>
                  <td data-label="Name">{t.name}</td>
                  <td data-label="Starts with">
                    <code>{t.prefix}…</code>
                  </td>
                  <td data-label="Scopes">{t.scopes.join(', ')}</td>
                  <td data-label="Created">
                    <Time iso={t.created_at} />
                  </td>
                  <td data-label="Expires">
                    <Time iso={t.expires_at} none="Never" />
                    {t.expires_at && Date.parse(t.expires_at) < Date.now() && ' (expired)'}
                  </td>
                  <td data-label="Last used">
                    <Time iso={t.last_used_at} none="Never" />
                  </td>
                  <td data-label="">
                    <ConfirmButton
                      target={`token “${t.name}”`}
                      question={`Revoke the token “${t.name}”?`}
                      detail={<p>Scripts using it are refused from now on. This cannot be undone.</p>}
                      confirm="Revoke token"
                      action={async () => {
                        await api('DELETE', `/api/v1/tokens/${t.id}`);
                        tokens.update((l) => l.filter((x) => x.id !== t.id));
                        if (created?.id === t.id) setCreated(null);
                        setNotice(`Token “${t.name}” revoked.`);
                      }}
                    >
                      Revoke
                    </ConfirmButton>
                  </td>
                </tr>
              ))}
            </Table>
          )
        }
      </Loadable>
    </>
  );
}

function CreateToken({ onCreated }: { onCreated: (t: ApiToken & { token: string }) => void }) {
  const act = useAction();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['servers:read', 'metrics:read']);
  const [days, setDays] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (scopes.length === 0) return;
    void act.run(async () => {
      const body = { name: name.trim(), scopes, ...(days ? { expires_in_days: Number(days) } : {}) };
      onCreated(await api<ApiToken & { token: string }>('POST', '/api/v1/tokens', body));
      setName('');
    });
  };

  return (
    <form className="card settings-form" onSubmit={submit} aria-labelledby="new-token-heading">
      <h3 id="new-token-heading">New token</h3>
      <div className="settings-fields">
        <label className="settings-field">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} placeholder="CI" />
        </label>
        <label className="settings-field">
          Expires
          <select value={days} onChange={(e) => setDays(e.target.value)}>
            <option value="">Never</option>
            {EXPIRY_DAYS.map((d) => (
              <option key={d} value={d}>
                in {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="settings-checks">
        <legend>Scopes</legend>
        {SCOPES.map((s) => (
          <label key={s}>
            <input
              type="checkbox"
              checked={scopes.includes(s)}
              onChange={(e) => setScopes((l) => (e.target.checked ? [...l, s] : l.filter((x) => x !== s)))}
            />{' '}
            {s}
          </label>
        ))}
      </fieldset>
      {act.error && <ErrorNote error={act.error} />}
      <button type="submit" className="btn btn-primary" aria-disabled={act.pending || scopes.length === 0}>
        {act.pending ? 'Creating…' : 'Create token'}
      </button>
      {scopes.length === 0 && <p className="muted small">Choose at least one scope.</p>}
    </form>
  );
}

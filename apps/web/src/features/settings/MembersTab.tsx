// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState, type FormEvent } from 'react';
import { api, session } from '../../lib/api';
import { ROLES, useSettings, type Invitation, type InviteResult, type Member, type Role } from './model';
import { ConfirmButton, ErrorNote, Loadable, Notice, OnceSecret, Table, Time } from '../../components/ui';
import { useAction, useApi } from '../../lib/useApi';

interface Members {
  members: Member[];
  invitations: Invitation[];
}

const ROLE_HELP =
  'Members beyond the owner come with the Team and Enterprise plans. ' +
  'Admin: everything (members, plan, API tokens). Operator: servers, alerts, share links. Viewer: read only.';

/** Members and roles; admins also invite, change roles, remove and withdraw invitations (Team plan and up). */
export function MembersTab() {
  const { me, role, reloadMe } = useSettings();
  const admin = role === 'admin';
  const list = useApi<Members>('/api/v1/org/members');
  const change = useAction();
  const [invited, setInvited] = useState<(Invitation & { token: string }) | null>(null);
  const [notice, setNotice] = useState('');

  const setRole = (m: Member, next: Role) =>
    void change.run(async () => {
      await api('PATCH', `/api/v1/org/members/${m.user_id}`, { role: next });
      list.update((d) => ({
        ...d,
        members: d.members.map((x) => (x.user_id === m.user_id ? { ...x, role: next } : x)),
      }));
      setNotice(`${m.name} is now ${next}.`);
      if (m.user_id === me.id) reloadMe();
    });

  return (
    <>
      <p>{ROLE_HELP}</p>
      {admin && (
        <InviteForm
          onInvited={(r) => {
            setNotice('');
            if (r.status === 'added') {
              list.update((d) => ({ ...d, members: [...d.members, r.member] }));
              setNotice(`${r.member.email} already had an account and was added as ${r.member.role}.`);
              setInvited(null);
            } else {
              const { token: _secret, ...row } = r.invitation;
              list.update((d) => ({ ...d, invitations: [...d.invitations, row] }));
              setInvited(r.invitation);
            }
          }}
        />
      )}
      {invited && (
        <OnceSecret
          title={`Invitation for ${invited.email}`}
          value={`${location.origin}/settings/accept#token=${invited.token}`}
          label="invitation link"
          testId="invitation-url"
          warning="E-mails are not sent yet: send this link to the person yourself. It will not be shown again."
          onDone={() => setInvited(null)}
        >
          <p>
            They create an account with {invited.email} (or sign in with it), then open the link to join as{' '}
            {invited.role}. It works until <Time iso={invited.expires_at} />.
          </p>
        </OnceSecret>
      )}
      <h3>Members</h3>
      <Notice text={notice} />
      {change.error && <ErrorNote error={change.error} />}
      <Loadable state={list} what="members">
        {(d) => (
          <>
            <Table label="Members" head={['Name', 'E-mail', 'Role', 'Joined', ...(admin ? [''] : [])]}>
              {d.members.map((m) => (
                <tr key={m.user_id}>
                  <td data-label="Name">
                    {m.name}
                    {m.user_id === me.id && ' (you)'}
                  </td>
                  <td data-label="E-mail">{m.email}</td>
                  <td data-label="Role">
                    {admin ? (
                      <select
                        aria-label={`Role of ${m.name}`}
                        value={m.role}
                        aria-busy={change.pending}
                        onChange={(e) => setRole(m, e.target.value as Role)}
                      >
                        {ROLES.map((r) => (
                          <option key={r}>{r}</option>
                        ))}
                      </select>
                    ) : (
                      m.role
                    )}
                  </td>
                  <td data-label="Joined">
                    <Time iso={m.joined_at} />
                  </td>
                  {admin && (
                    <td data-label="">
                      <ConfirmButton
                        target={m.name}
                        question={m.user_id === me.id ? 'Leave this organisation?' : `Remove ${m.name}?`}
                        detail={<p>Their access and their API tokens for this organisation stop at once.</p>}
                        confirm="Remove member"
                        action={async () => {
                          await api('DELETE', `/api/v1/org/members/${m.user_id}`);
                          if (m.user_id === me.id) return session.setOrg(null);
                          list.update((x) => ({ ...x, members: x.members.filter((y) => y.user_id !== m.user_id) }));
                          setNotice(`${m.name} was removed.`);
                        }}
                      >
                        Remove
                      </ConfirmButton>
                    </td>
                  )}
                </tr>
              ))}
            </Table>
            {admin && (
              <Invitations
                list={d.invitations}
                onWithdrawn={(i) => {
                  list.update((x) => ({ ...x, invitations: x.invitations.filter((y) => y.id !== i.id) }));
                  setNotice(`The invitation for ${i.email} was withdrawn.`);
                }}
              />
            )}
          </>
        )}
      </Loadable>
    </>
  );
}

function Invitations({ list, onWithdrawn }: { list: Invitation[]; onWithdrawn: (i: Invitation) => void }) {
  return (
    <>
      <h3>Pending invitations</h3>
      {list.length === 0 ? (
        <p>No pending invitations.</p>
      ) : (
        <Table label="Pending invitations" head={['E-mail', 'Role', 'Invited', 'Expires', '']}>
          {list.map((i) => (
            <tr key={i.id}>
              <td data-label="E-mail">{i.email}</td>
              <td data-label="Role">{i.role}</td>
              <td data-label="Invited">
                <Time iso={i.created_at} />
              </td>
              <td data-label="Expires">
                <Time iso={i.expires_at} />
              </td>
              <td data-label="">
                <ConfirmButton
                  target={`invitation for ${i.email}`}
                  question={`Withdraw the invitation for ${i.email}?`}
                  detail={<p>The link stops working; you can invite them again later.</p>}
                  confirm="Withdraw invitation"
                  action={async () => {
                    await api('DELETE', `/api/v1/org/invitations/${i.id}`);
                    onWithdrawn(i);
                  }}
                >
                  Withdraw
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}

function InviteForm({ onInvited }: { onInvited: (r: InviteResult) => void }) {
  const act = useAction();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act.run(async () => {
      onInvited(await api<InviteResult>('POST', '/api/v1/org/members', { email: email.trim(), role }));
      setEmail('');
    });
  };
  return (
    <form className="card settings-form" onSubmit={submit} aria-labelledby="invite-heading">
      <h3 id="invite-heading">Invite a member</h3>
      <div className="settings-fields">
        <label className="settings-field">
          E-mail
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required maxLength={254} />
        </label>
        <label className="settings-field">
          Role
          <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" aria-disabled={act.pending}>
          {act.pending ? 'Inviting…' : 'Invite'}
        </button>
      </div>
      {act.error && <ErrorNote error={act.error} />}
    </form>
  );
}

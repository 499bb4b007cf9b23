import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton, ErrorNote, Loadable, Notice, Table, Time } from '../../components/ui';
import { failureOf } from './forms';
import { InviteMember } from './InviteMember';
import { ROLES, useSettings, type Invitation, type Member, type Role } from './model';
import { useChangeRole, useMembers, useRemoveMember, useResendInvitation, useWithdrawInvitation } from './queries';

/**
 * Members and roles; admins also invite (by mail: the person joins by accepting it), change roles, remove, and
 * resend or withdraw invitations (Team plan and up). The owner has a badge and can be neither demoted nor removed.
 */
export function MembersTab() {
  const { t } = useTranslation('settings');
  const { me, role } = useSettings();
  const admin = role === 'admin';
  const list = useMembers();
  const change = useChangeRole(me.id);
  const [notice, setNotice] = useState('');

  const setRole = (m: Member, next: Role) =>
    change.mutate(
      { userId: m.user_id, role: next },
      { onSuccess: () => setNotice(t('members.roleChanged', { name: m.name, role: t(`roles.${next}`) })) },
    );
  const changeFailure = failureOf(change.error);

  return (
    <>
      <p>{t('members.intro')}</p>
      {admin && (
        <InviteMember
          onInvited={(r) =>
            setNotice(
              r.mail_sent
                ? t('invitations:sent', { email: r.invitation.email })
                : t('invitations:notMailed', { email: r.invitation.email }),
            )
          }
        />
      )}
      <h3>{t('members.listHeading')}</h3>
      <Notice text={notice} />
      {changeFailure && <ErrorNote error={changeFailure} />}
      <Loadable state={list} what={t('members.what')}>
        {(d) => (
          <>
            <Table
              label={t('members.listLabel')}
              head={[
                t('members.col.name'),
                t('members.col.email'),
                t('members.col.role'),
                t('members.col.joined'),
                ...(admin ? [''] : []),
              ]}
            >
              {d.members.map((m) => (
                <tr key={m.user_id} data-testid="member-row" data-email={m.email} data-role={m.role}>
                  <td data-label={t('members.col.name')}>
                    {m.name}
                    {m.user_id === me.id && ` ${t('members.you')}`}
                  </td>
                  <td data-label={t('members.col.email')}>{m.email}</td>
                  <td data-label={t('members.col.role')}>
                    {m.owner && (
                      <span className="badge" data-testid="owner-badge" title={t('invitations:ownerHint')}>
                        {t('invitations:owner')}
                      </span>
                    )}{' '}
                    {admin && !m.owner ? (
                      <select
                        aria-label={t('members.roleOf', { name: m.name })}
                        value={m.role}
                        aria-busy={change.isPending}
                        onChange={(e) => setRole(m, e.target.value as Role)}
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {t(`roles.${r}`)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      t(`roles.${m.role}`)
                    )}
                  </td>
                  <td data-label={t('members.col.joined')}>
                    <Time iso={m.joined_at} />
                  </td>
                  {admin && (
                    <td data-label="">
                      {!m.owner && (
                        <RemoveMember
                          member={m}
                          myId={me.id}
                          onRemoved={() => setNotice(t('members.removed', { name: m.name }))}
                        />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </Table>
            {admin && (
              <Invitations
                list={d.invitations}
                onWithdrawn={(i) => setNotice(t('members.withdrawn', { email: i.email }))}
                onResent={(i) => setNotice(t('invitations:resent', { email: i.email }))}
              />
            )}
          </>
        )}
      </Loadable>
    </>
  );
}

function RemoveMember({ member: m, myId, onRemoved }: { member: Member; myId: string; onRemoved: () => void }) {
  const { t } = useTranslation('settings');
  const remove = useRemoveMember(myId);
  return (
    <ConfirmButton
      target={m.name}
      question={m.user_id === myId ? t('members.leaveQuestion') : t('members.removeQuestion', { name: m.name })}
      detail={<p>{t('members.removeDetail')}</p>}
      confirm={t('members.removeConfirm')}
      action={async () => {
        await remove.mutateAsync(m.user_id);
        if (m.user_id !== myId) onRemoved();
      }}
    >
      {t('members.remove')}
    </ConfirmButton>
  );
}

function Invitations(p: {
  list: Invitation[];
  onWithdrawn: (i: Invitation) => void;
  onResent: (i: Invitation) => void;
}) {
  const { t } = useTranslation('settings');
  const withdraw = useWithdrawInvitation();
  const resend = useResendInvitation();
  const resendFailure = failureOf(resend.error);
  const { list, onWithdrawn } = p;
  return (
    <>
      <h3>{t('members.pendingHeading')}</h3>
      <p className="muted small">{t('invitations:pendingHint')}</p>
      {resendFailure && <ErrorNote error={resendFailure} />}
      {list.length === 0 ? (
        <p>{t('members.noPending')}</p>
      ) : (
        <Table
          label={t('members.pendingHeading')}
          head={[t('members.col.email'), t('members.col.role'), t('members.col.invited'), t('col.expires'), '']}
        >
          {list.map((i) => (
            <tr key={i.id} data-testid="invitation-row" data-email={i.email}>
              <td data-label={t('members.col.email')}>{i.email}</td>
              <td data-label={t('members.col.role')}>{t(`roles.${i.role}`)}</td>
              <td data-label={t('members.col.invited')}>
                <Time iso={i.created_at} />
              </td>
              <td data-label={t('col.expires')}>
                <Time iso={i.expires_at} />
              </td>
              <td data-label="">
                <button
                  type="button"
                  className="btn btn-small"
                  aria-disabled={resend.isPending || undefined}
                  onClick={() => !resend.isPending && resend.mutate(i.id, { onSuccess: () => p.onResent(i) })}
                >
                  {t('invitations:resend')}
                </button>{' '}
                <ConfirmButton
                  target={t('members.invitationTarget', { email: i.email })}
                  question={t('members.withdrawQuestion', { email: i.email })}
                  detail={<p>{t('members.withdrawDetail')}</p>}
                  confirm={t('members.withdrawConfirm')}
                  action={async () => {
                    await withdraw.mutateAsync(i.id);
                    onWithdrawn(i);
                  }}
                >
                  {t('members.withdraw')}
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}

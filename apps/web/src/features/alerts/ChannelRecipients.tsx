import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ui';
import type { Channel } from './model';
import { useResendConfirmations } from './mutations';
import { failureOf } from './queries';

/**
 * An e-mail channel's recipients that have not confirmed yet: alerts do not go to them until they open the link
 * mailed to them. Writers may mail new links.
 */
export function PendingRecipients({ channel, writer }: { channel: Channel; writer: boolean }) {
  const { t } = useTranslation('alerts');
  const resend = useResendConfirmations(channel.id);
  const pending = (channel.recipients ?? []).filter((r) => !r.confirmed);
  if (pending.length === 0) return null;
  return (
    <div className="small" data-testid="pending-recipients">
      <div className="bad-text">{t('channels.pendingRecipients', { count: pending.length })}</div>
      <ul className="muted">
        {pending.map((r) => (
          <li key={r.address} data-testid="pending-recipient">
            {r.address}
          </li>
        ))}
      </ul>
      {writer && (
        <button
          type="button"
          className="btn btn-small"
          aria-busy={resend.isPending || undefined}
          onClick={() => resend.isPending || resend.mutate()}
        >
          {t('channels.resend')}
          <span className="sr-only"> {t('channels.toTarget', { name: channel.name })}</span>
        </button>
      )}
      {resend.data && <div role="status">{t('channels.resent', { count: resend.data.sent })}</div>}
      {resend.error && <ErrorNote error={failureOf(resend.error)} />}
    </div>
  );
}

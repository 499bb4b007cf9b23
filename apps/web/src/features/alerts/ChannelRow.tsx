import { useTranslation } from 'react-i18next';
import { ConfirmButton, ErrorNote, Time } from '../../components/ui';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { PendingRecipients } from './ChannelRecipients';
import { TestResult } from './ChannelTestResult';
import { ChannelKindLabel, DeliveryStatusPill, Switch } from './common';
import type { Channel, SavedChannel } from './model';
import { useChannelMutations, useChannelTest } from './mutations';
import { failureOf } from './queries';

/**
 * One channel of the list: what it is, where it sends and in which language, its last delivery and (for writers)
 * its actions, with the outcome of its last "Send test" (or a failed switch) on a row of its own below it.
 */
export function ChannelRow(p: {
  channel: Channel;
  writer: boolean;
  columns: number;
  head: string[];
  onEdit: () => void;
  /** A new signing secret to show once, under that title. */
  onSecret: (title: string, saved: SavedChannel) => void;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation('alerts');
  const { channel: c, writer, head } = p;
  const { update, remove } = useChannelMutations();
  // A mutation of its own: a failed rotation shows in its dialog, not as a failed switch under the row.
  const rotation = useChannelMutations().update;
  const test = useChannelTest(c.id);
  const locale = c.locale ?? 'en';
  const toggle = (enabled: boolean) =>
    update.mutate(
      { id: c.id, changes: { enabled } },
      { onSuccess: () => p.onNotice(t(enabled ? 'channels.switchedOn' : 'channels.switchedOff', { name: c.name })) },
    );
  const outcome = test.isPending ? null : test.error || test.data ? 'test' : update.error ? 'switch' : null;
  return (
    <>
      <tr
        data-testid="channel-row"
        data-channel-id={c.id}
        data-channel-name={c.name}
        data-kind={c.kind}
        data-locale={locale}
      >
        <td data-label={head[0]}>
          <ChannelKindLabel kind={c.kind} />
        </td>
        <td data-label={head[1]} data-testid="channel-name">
          {c.name}
        </td>
        <td data-label={head[2]} className="settings-details">
          <code>{c.target}</code>
          {c.kind === 'email' && <PendingRecipients channel={c} writer={writer} />}
        </td>
        <td data-label={head[3]} data-testid="channel-locale" lang={locale}>
          {LANGUAGE_NAMES[locale]}
        </td>
        <td data-label={head[4]}>
          <Switch
            checked={c.enabled}
            label={t('channels.enabledLabel', { name: c.name })}
            busy={update.isPending}
            testId="channel-enabled"
            onChange={writer ? toggle : undefined}
          />
        </td>
        <td data-label={head[5]}>
          {c.last_delivery ? (
            <>
              <DeliveryStatusPill status={c.last_delivery.status} />
              <div className="muted small">
                <Time iso={c.last_delivery.at} />
              </div>
              {c.last_delivery.error && <div className="bad-text small">{c.last_delivery.error}</div>}
            </>
          ) : (
            <span className="muted">{t('channels.nothingSent')}</span>
          )}
        </td>
        {writer && (
          <td data-label="">
            <div className="alerts-actions">
              <button
                type="button"
                className="btn btn-small"
                aria-busy={test.isPending || undefined}
                onClick={() => test.isPending || test.mutate()}
              >
                {test.isPending ? t('channels.sending') : t('channels.sendTest')}
                <span className="sr-only"> {t('channels.toTarget', { name: c.name })}</span>
              </button>
              <button type="button" className="btn btn-small" onClick={p.onEdit}>
                {t('channels.edit')}
                <span className="sr-only"> {t('channels.quoted', { name: c.name })}</span>
              </button>
              {c.kind === 'webhook' && (
                <ConfirmButton
                  danger={false}
                  target={t('channels.ofTarget', { name: c.name })}
                  question={t('channels.rotateQuestion', { name: c.name })}
                  detail={<p>{t('channels.rotateDetail')}</p>}
                  confirm={t('channels.rotateConfirm')}
                  action={async () => {
                    const saved = await rotation.mutateAsync({ id: c.id, changes: { rotate_secret: true } });
                    p.onSecret(t('channels.newSecretTitle', { name: c.name }), saved);
                  }}
                >
                  {t('channels.rotate')}
                </ConfirmButton>
              )}
              <ConfirmButton
                target={t('channels.channelTarget', { name: c.name })}
                question={t('channels.deleteQuestion', { name: c.name })}
                detail={<p>{t('channels.deleteDetail')}</p>}
                confirm={t('channels.deleteConfirm')}
                action={async () => {
                  await remove.mutateAsync(c.id);
                  p.onNotice(t('channels.deleted', { name: c.name }));
                }}
              >
                {t('channels.delete')}
              </ConfirmButton>
            </div>
          </td>
        )}
      </tr>
      {outcome && (
        <tr className="alerts-test-row">
          <td colSpan={p.columns} data-label="">
            {outcome === 'test' ? (
              <TestResult channel={c} result={test.data} error={test.error} />
            ) : (
              <ErrorNote error={failureOf(update.error)} />
            )}
          </td>
        </tr>
      )}
    </>
  );
}

// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { api } from '../../lib/api';
import { ConfirmButton, Time } from '../../components/ui';
import { TestResult, type TestState } from './ChannelTestResult';
import { ChannelKindLabel, DeliveryStatusPill, Switch } from './common';
import type { Channel, CreatedChannel } from './model';

/**
 * One channel of the list: what it is, where it sends, its last delivery and (for writers) its actions, with the
 * outcome of its last "Send test" on a row of its own below it.
 */
export function ChannelRow(p: {
  channel: Channel;
  writer: boolean;
  test: TestState | undefined;
  /** A change of some channel is on its way (the switch shows busy). */
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onSendTest: () => void;
  onEdit: () => void;
  /** The channel as the API answered after a change. */
  onChanged: (c: Channel) => void;
  /** A new signing secret to show once, under that title. */
  onSecret: (title: string, created: CreatedChannel) => void;
  onDeleted: () => void;
}) {
  const { channel: c, writer, test } = p;
  return (
    <>
      <tr data-testid="channel-row" data-channel-id={c.id} data-channel-name={c.name} data-kind={c.kind}>
        <td data-label="Kind">
          <ChannelKindLabel kind={c.kind} />
        </td>
        <td data-label="Name" data-testid="channel-name">
          {c.name}
        </td>
        <td data-label="Sends to" className="settings-details">
          <code>{c.target}</code>
        </td>
        <td data-label="Enabled">
          <Switch
            checked={c.enabled}
            label={`Channel “${c.name}” enabled`}
            busy={p.busy}
            testId="channel-enabled"
            onChange={writer ? p.onToggle : undefined}
          />
        </td>
        <td data-label="Last delivery">
          {c.last_delivery ? (
            <>
              <DeliveryStatusPill status={c.last_delivery.status} />
              <div className="muted small">
                <Time iso={c.last_delivery.at} />
              </div>
              {c.last_delivery.error && <div className="bad-text small">{c.last_delivery.error}</div>}
            </>
          ) : (
            <span className="muted">Nothing sent yet</span>
          )}
        </td>
        {writer && (
          <td data-label="">
            <div className="alerts-actions">
              <button
                type="button"
                className="btn btn-small"
                aria-busy={test?.pending || undefined}
                onClick={p.onSendTest}
              >
                {test?.pending ? 'Sending…' : 'Send test'}
                <span className="sr-only"> to “{c.name}”</span>
              </button>
              <button type="button" className="btn btn-small" onClick={p.onEdit}>
                Edit<span className="sr-only"> “{c.name}”</span>
              </button>
              {c.kind === 'webhook' && (
                <ConfirmButton
                  danger={false}
                  target={`of “${c.name}”`}
                  question={`Make a new signing secret for “${c.name}”?`}
                  detail={<p>The current secret stops working at once: update your receiver.</p>}
                  confirm="Make a new secret"
                  action={async () => {
                    const r = await api<CreatedChannel>('PATCH', `/api/v1/notification-channels/${c.id}`, {
                      rotate_secret: true,
                    });
                    const { signing_secret: _s, ...row } = r;
                    p.onChanged(row);
                    p.onSecret(`New signing secret of “${c.name}”`, r);
                  }}
                >
                  New secret
                </ConfirmButton>
              )}
              <ConfirmButton
                target={`channel “${c.name}”`}
                question={`Delete the channel “${c.name}”?`}
                detail={<p>Alerts stop going there. This cannot be undone.</p>}
                confirm="Delete channel"
                action={async () => {
                  await api('DELETE', `/api/v1/notification-channels/${c.id}`);
                  p.onDeleted();
                }}
              >
                Delete
              </ConfirmButton>
            </div>
          </td>
        )}
      </tr>
      {test && !test.pending && (
        <tr className="alerts-test-row">
          <td colSpan={6} data-label="">
            <TestResult channel={c} state={test} />
          </td>
        </tr>
      )}
    </>
  );
}

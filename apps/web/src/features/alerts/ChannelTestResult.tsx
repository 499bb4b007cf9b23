import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ui';
import { num } from '../../lib/format';
import { kindLabel } from './common';
import type { Channel, ChannelTest } from './model';
import { failureOf } from './queries';

/** What the receiver's status code usually means, in words. */
function statusHint(t: TFunction, status: number | null): string | null {
  if (status === null) return t('test.hint.unreachable');
  if (status === 401 || status === 403) return t('test.hint.refused');
  if (status === 404) return t('test.hint.unknown');
  if (status === 400 || status === 422) return t('test.hint.rejected');
  if (status === 413) return t('test.hint.tooLarge');
  if (status === 429) return t('test.hint.rateLimited');
  if (status >= 500) return t('test.hint.receiverProblem');
  return null;
}

function ReceiverAnswer({ status, answer }: { status: number | null; answer: string | undefined }) {
  const { t } = useTranslation('alerts');
  const code = status ?? 'OK';
  if (!answer) return <p className="small">{t('test.answeredEmpty', { status: code })}</p>;
  return (
    <p className="small">
      {t('test.answered', { status: code })}{' '}
      <code className="alerts-answer">{answer.length > 300 ? `${answer.slice(0, 299)}…` : answer}</code>
    </p>
  );
}

/** The outcome of "Send test", with a hint at what to fix when the message was not delivered. */
export function TestResult({ channel, result, error }: { channel: Channel; result?: ChannelTest; error?: unknown }) {
  const { t } = useTranslation('alerts');
  if (error)
    return (
      <div data-testid="channel-test-result" data-delivered="false">
        <ErrorNote error={failureOf(error)} />
      </div>
    );
  if (!result) return null;
  const answer = result.receiver_answer?.trim();
  if (result.delivered)
    return (
      <div className="notice notice-ok" role="status" data-testid="channel-test-result" data-delivered="true">
        <p className="notice-title">
          {t('test.delivered', { kind: kindLabel(t, channel.kind), ms: num(result.duration_ms, 0) })}
        </p>
        <ReceiverAnswer status={result.receiver_status} answer={answer} />
      </div>
    );
  const hint = statusHint(t, result.receiver_status);
  return (
    <div className="notice notice-error" role="alert" data-testid="channel-test-result" data-delivered="false">
      <p className="notice-title">{t('test.notDelivered', { reason: result.error ?? t('test.notAccepted') })}</p>
      {result.receiver_status !== null && <ReceiverAnswer status={result.receiver_status} answer={answer} />}
      {hint && <p className="remedy">{hint}</p>}
    </div>
  );
}

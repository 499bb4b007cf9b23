// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import type { ApiFailure } from '../../lib/api';
import { ErrorNote } from '../../components/ui';
import { kindInfo } from './common';
import type { Channel, ChannelTest } from './model';

/** A channel's "Send test": still sending, the receiver's verdict, or the API's failure. */
export type TestState =
  { pending: true } | { pending: false; result: ChannelTest } | { pending: false; error: ApiFailure };

/** What the receiver's status code usually means, in words. */
function statusHint(status: number | null): string | null {
  if (status === null) return 'The receiver could not be reached: check the address, and that it accepts requests.';
  if (status === 401 || status === 403)
    return 'The receiver refused the request: the token in the URL is wrong or was revoked. Copy a fresh URL.';
  if (status === 404) return 'The receiver does not know this address (the webhook was deleted?): create a new one.';
  if (status === 400 || status === 422) return 'The receiver rejected the message itself; its answer is above.';
  if (status === 413) return 'The receiver found the message too large.';
  if (status === 429) return 'The receiver is rate limiting: wait a minute and try again.';
  if (status >= 500) return 'The receiver had a problem of its own; try again later.';
  return null;
}

function ReceiverAnswer({ status, answer }: { status: number | null; answer: string | undefined }) {
  if (!answer) return <p className="small">The receiver answered {status ?? 'OK'}, without content.</p>;
  return (
    <p className="small">
      The receiver answered {status ?? 'OK'}:{' '}
      <code className="alerts-answer">{answer.length > 300 ? `${answer.slice(0, 299)}…` : answer}</code>
    </p>
  );
}

/** The outcome of "Send test", with a hint at what to fix when the message was not delivered. */
export function TestResult({ channel, state }: { channel: Channel; state: TestState }) {
  if (state.pending) return null;
  if ('error' in state)
    return (
      <div data-testid="channel-test-result" data-delivered="false">
        <ErrorNote error={state.error} />
      </div>
    );
  const r = state.result;
  const answer = r.receiver_answer?.trim();
  if (r.delivered)
    return (
      <div className="notice notice-ok" role="status" data-testid="channel-test-result" data-delivered="true">
        <p className="notice-title">
          Delivered: the test message reached {kindInfo(channel.kind)?.label ?? channel.kind} in {r.duration_ms} ms.
        </p>
        <ReceiverAnswer status={r.receiver_status} answer={answer} />
      </div>
    );
  const hint = statusHint(r.receiver_status);
  return (
    <div className="notice notice-error" role="alert" data-testid="channel-test-result" data-delivered="false">
      <p className="notice-title">Not delivered: {r.error ?? 'the receiver did not accept the message'}.</p>
      {r.receiver_status !== null && <ReceiverAnswer status={r.receiver_status} answer={answer} />}
      {hint && <p className="remedy">{hint}</p>}
    </div>
  );
}

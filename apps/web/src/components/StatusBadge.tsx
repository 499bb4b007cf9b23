import { statusLabel } from '../lib/format';

/** The server status as a coloured badge; the text is exactly the label (the tests read it). */
export function StatusBadge(props: { status: string | null | undefined; large?: boolean }) {
  const status = props.status ?? 'unknown';
  return (
    <span className={`badge status-${status}${props.large ? ' badge-large' : ''}`}>
      <span className="dot" aria-hidden="true" />
      <span data-testid="server-status">{statusLabel(status)}</span>
    </span>
  );
}

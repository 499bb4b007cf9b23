import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Never a blank page: a rendering error shows what happened and a way back. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidUpdate(prev: { resetKey?: string }): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  componentDidCatch(_error: Error, _info: ErrorInfo): void {
    // Shown to the user below; there is no client-side log collector to send it to.
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <Crashed error={this.state.error} retry={() => this.setState({ error: null })} />;
  }
}

function Crashed(props: { error: Error; retry: () => void }) {
  // No suspending here: the outermost boundary sits above every Suspense, and English is bundled anyway.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className="page">
      <div className="notice notice-error" role="alert">
        <p className="notice-title">{t('errors.pageFailed')}</p>
        <p className="muted small">{props.error.message}</p>
        <p>
          <button type="button" className="btn" onClick={props.retry}>
            {t('errors.tryAgain')}
          </button>{' '}
          {/* A plain link, not the router's: this boundary also wraps the router, which may be what broke. */}
          <a className="btn btn-ghost" href="/servers">
            {t('errors.backToServers')}
          </a>
        </p>
      </div>
    </div>
  );
}

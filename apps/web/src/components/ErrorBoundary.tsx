// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { Component, type ErrorInfo, type ReactNode } from 'react';

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
    return (
      <div className="page">
        <div className="notice notice-error" role="alert">
          <p className="notice-title">Something went wrong while showing this page.</p>
          <p className="muted small">{this.state.error.message}</p>
          <p>
            <button type="button" className="btn" onClick={() => this.setState({ error: null })}>
              Try again
            </button>{' '}
            <a className="btn btn-ghost" href="/servers">
              Back to your servers
            </a>
          </p>
        </div>
      </div>
    );
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportAppError, errorToReport } from './reportAppError';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Rendered instead of the children after an error; `reset` re-mounts them. */
  fallback: (error: Error, reset: () => void) => ReactNode;
  /** Who the error is reported as (remote name), and its version. */
  source?: { remote: string; version?: string };
  /** Changing this key clears the error (e.g. on navigation). */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey?: string;
}

/** Catches render errors, posts them to the error log and shows the fallback. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportAppError({
      ...errorToReport(error),
      info: { componentStack: info.componentStack?.slice(0, 4000) },
      remote: this.props.source?.remote,
      remote_version: this.props.source?.version,
    });
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}

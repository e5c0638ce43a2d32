import { Component, type ReactNode } from 'react';
import { ReplayEarlyTaps } from '#client/lib/replay-early-taps';
import { ErrorScreen } from './error-screen';

interface AppErrorBoundaryProps {
  children: ReactNode;
}

/** Catches any render error below it (a screen's chunk that failed twice included). */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    // The screen that failed will never give the taps held over it: the error screen's do.
    return this.state.failed ? (
      <>
        <ErrorScreen />
        <ReplayEarlyTaps />
      </>
    ) : (
      this.props.children
    );
  }
}

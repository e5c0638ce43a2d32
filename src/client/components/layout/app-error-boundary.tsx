import { Component, type ReactNode } from 'react';
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
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

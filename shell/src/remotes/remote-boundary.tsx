import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from '@marketplace/shared';
import i18next from 'i18next';

interface Props {
  onRetry(): void;
  children: ReactNode;
}

/** Keeps a failing remote inside its own area; the tab bar and other areas keep working. */
export class RemoteBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Remote area failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <ErrorPanel description={i18next.t('common:remoteError.description')} onRetry={this.props.onRetry} />
    ) : (
      this.props.children
    );
  }
}

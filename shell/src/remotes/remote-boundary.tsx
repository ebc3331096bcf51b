import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineRetry } from '../layout/inline-retry';

interface Props {
  onRetry(): void;
  /** Told about a caught error; returning true means the area is being remounted on another version. */
  onError?(error: Error): boolean;
  /** Told when the failure panel is shown (no other version took over). */
  onFailed?(): void;
  children: ReactNode;
}

/**
 * Drawn with the shell's own elements only: a failed chunk usually means no network, and a panel that
 * needs a download of its own (a lazily shared component, a picture) would blank the app instead.
 * Back online it retries by itself.
 */
const RemoteFailure = ({ onRetry }: { onRetry(): void }) => {
  const { t } = useTranslation('common');
  return (
    <InlineRetry
      title={t('remoteError.title')}
      description={t('remoteError.description')}
      retryLabel={t('retry')}
      onRetry={onRetry}
    />
  );
};

/** Keeps a failing remote inside its own area; the tab bar and other areas keep working. */
export class RemoteBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (this.props.onError?.(error)) return;
    this.props.onFailed?.();
    console.error('Remote area failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RemoteFailure onRetry={this.props.onRetry} /> : this.props.children;
  }
}

import { useEffect } from 'react';
import './inline-retry.css';

interface Props {
  title: string;
  description?: string;
  retryLabel: string;
  onRetry(): void;
  /** Retry by itself when the browser says the network is back. */
  retryWhenOnline?: boolean;
}

/**
 * An area that could not load or render, with a Retry. Plain elements and the shell's own styles
 * only: it must draw when nothing more can be downloaded (offline, a chunk that failed), which a
 * lazily loaded component or a picture would not.
 */
export const InlineRetry = ({ title, description, retryLabel, onRetry, retryWhenOnline = true }: Props) => {
  useEffect(() => {
    if (!retryWhenOnline) return undefined;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry, retryWhenOnline]);
  return (
    <div role="alert" className="shell-inline-retry">
      <p className="shell-inline-retry__title">{title}</p>
      {description ? <p className="shell-inline-retry__description">{description}</p> : null}
      <button type="button" className="shell-inline-retry__button" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
};

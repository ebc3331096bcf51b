import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useVerificationRequired } from './verification-state';

// The check's code (and its widget's, ~40 KB gzip, which it loads in turn) is downloaded only by a
// browser session that has to pass it. Until it runs, the texts index.html drew for an unverified
// session stay on screen (the check removes them), and an app the server asks again is inert.
const HumanCheck = lazy(() => import('./human-check').then((module) => ({ default: module.HumanCheck })));

/**
 * Nothing of the app renders until this browser session has passed the check. When the server
 * asks again later (428), the check covers the app without unmounting it, so typed input survives.
 */
export const VerificationGate = ({ children }: { children: ReactNode }) => {
  const required = useVerificationRequired();
  const [opened, setOpened] = useState(!required);
  if (!required && !opened) setOpened(true);

  if (!opened) {
    return (
      <Suspense fallback={null}>
        <HumanCheck />
      </Suspense>
    );
  }
  return (
    <>
      <div inert={required} aria-hidden={required || undefined}>
        {children}
      </div>
      {required && (
        <Suspense fallback={null}>
          <HumanCheck />
        </Suspense>
      )}
    </>
  );
};

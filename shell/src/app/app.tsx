import type { AppStore } from '@marketplace/shared';
import type { DeploymentManifest } from '@marketplace/shared/contracts';
import { VerificationGate } from '../verification/verification-gate';
import { Providers } from './providers';
import { Startup } from './startup';

export const App = ({ store, loadManifest }: { store: AppStore; loadManifest(): Promise<DeploymentManifest> }) => (
  <Providers store={store}>
    <VerificationGate>
      <Startup loadManifest={loadManifest} />
    </VerificationGate>
  </Providers>
);

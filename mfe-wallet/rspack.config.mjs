import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@marketplace/shared/federation';

export default createAppConfig({
  kind: 'remote',
  dir: dirname(fileURLToPath(import.meta.url)),
  name: 'mfe_wallet',
  folder: 'mfe-wallet',
});

import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@marketplace/shared/federation';

export default createAppConfig({
  kind: 'host',
  dir: dirname(fileURLToPath(import.meta.url)),
  name: 'shell',
  folder: 'shell',
});

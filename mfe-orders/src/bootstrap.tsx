// Standalone dev mount (`npm run dev -w mfe-orders`): this remote's screens without the shell.
import { mountRemoteStandalone } from '@marketplace/shared/standalone';
import remote from './expose/screens';

void mountRemoteStandalone(remote, '/myPurchases/:status?');

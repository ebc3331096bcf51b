import { createScreenRenderer } from '@marketplace/shared/testing';
import messages from '../locales/en.json';

export { demoUser, signedIn } from '@marketplace/shared/testing';

/** Renders one screen at `path` with the real store and English texts, as the shell would. */
export const renderScreen = createScreenRenderer('orders', messages);

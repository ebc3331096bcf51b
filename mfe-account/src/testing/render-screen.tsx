import { createScreenRenderer } from '@marketplace/shared/testing';
import { routes } from '../expose/routes';
import messages from '../locales/en.json';

/** Renders one screen with the real store, base query, English texts and its route's title, as the shell would. */
export const renderScreen = createScreenRenderer('account', messages, routes);

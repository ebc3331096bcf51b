import type { ServiceChannel } from '@marketplace/shared/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { ServicesScreen } from './services-screen';

const channels: ServiceChannel[] = [
  { id: 1, kind: 'email', name: 'E-mail', url: 'mailto:support@marketplace.test', enabled: true },
  { id: 2, kind: 'whatsapp', name: 'WhatsApp', url: '', enabled: false },
  { id: 3, kind: 'telegram', name: 'Telegram', url: 'javascript:alert(1)', enabled: true },
];

describe('/services', () => {
  beforeEach(resetBrowser);

  it('opens an enabled channel by its link and offers the in-app conversation', async () => {
    fakeApi({ 'GET /api/user/service_channels': ok(channels) });
    await renderScreen(<ServicesScreen />, { path: '/services', session: signedIn() });
    expect(await screen.findByRole('link', { name: 'E-mail' })).toHaveAttribute(
      'href',
      'mailto:support@marketplace.test',
    );
    expect(screen.getByRole('link', { name: 'Chat with customer service' })).toHaveAttribute('href', '/service');
  });

  it('says "Not Yet Open" for a closed channel', async () => {
    fakeApi({ 'GET /api/user/service_channels': ok(channels) });
    await renderScreen(<ServicesScreen />, { path: '/services', session: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'WhatsApp' }));
    // Beside WhatsApp and Telegram, and once more in the toast.
    await waitFor(() => expect(screen.getAllByText('Not Yet Open')).toHaveLength(3));
  });

  it('never turns a link that is not https, mailto or tel into a link', async () => {
    fakeApi({ 'GET /api/user/service_channels': ok(channels) });
    await renderScreen(<ServicesScreen />, { path: '/services', session: signedIn() });
    expect(await screen.findByRole('button', { name: 'Telegram' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Telegram' })).not.toBeInTheDocument();
  });
});

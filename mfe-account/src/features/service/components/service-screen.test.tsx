import type { ServiceMessage } from '@marketplace/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { ServiceScreen } from './service-screen';

const message = (id: number, body: string, fromOperator = false): ServiceMessage => ({
  id,
  body,
  fromOperator,
  createdAt: '2026-01-02T03:04:05.000Z',
});

describe('/service', () => {
  beforeEach(resetBrowser);

  it('shows the conversation with who said what, sends a message and shows it in the thread', async () => {
    const thread = [message(1, 'Where is my parcel?'), message(2, 'It ships tomorrow.', true)];
    const { calls } = fakeApi({
      'GET /api/user/service_messages': () => ok([...thread]),
      'POST /api/user/service_message': (body) => {
        const sent = message(3, body?.body ?? '');
        thread.push(sent);
        return ok(sent, 'Message sent');
      },
    });
    await renderScreen(<ServiceScreen />, { path: '/service', session: signedIn() });

    const log = await screen.findByRole('log', { name: 'Conversation with customer service' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('You');
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('Customer service');
    expect(log).toHaveTextContent('It ships tomorrow.');

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Thank you!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
    expect(log).toHaveTextContent('Thank you!');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ body: 'Thank you!' });
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('refuses an empty message with "Please enter a message" and sends nothing', async () => {
    const { calls } = fakeApi({ 'GET /api/user/service_messages': ok([]) });
    await renderScreen(<ServiceScreen />, { path: '/service', session: signedIn() });
    expect(await screen.findByText('No messages yet. Write to us below.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a message')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows a message with markup as text', async () => {
    fakeApi({ 'GET /api/user/service_messages': ok([message(1, '<img src=x onerror=alert(1)>', true)]) });
    const { container } = await renderScreen(<ServiceScreen />, { path: '/service', session: signedIn() });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('links to the other channels', async () => {
    fakeApi({ 'GET /api/user/service_messages': ok([]) });
    await renderScreen(<ServiceScreen />, { path: '/service', session: signedIn() });
    expect(await screen.findByRole('link', { name: 'Other ways to reach us' })).toHaveAttribute('href', '/services');
  });
});

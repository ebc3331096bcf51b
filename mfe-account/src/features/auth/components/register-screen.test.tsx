import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { RegisterScreen } from './register-screen';

const fill = async (fields: Record<string, string>) => {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(fields)) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Register' }));
};

const valid = { Account: 'newbie', Password: 'secret1', 'Confirm password': 'secret1' };

describe('/register', () => {
  beforeEach(resetBrowser);

  it.each([
    ['Passwords do not match', { ...valid, 'Confirm password': 'secret2' }],
    ['Password must be at least 6 characters long', { ...valid, Password: 'abc', 'Confirm password': 'abc' }],
    ['Please fill correct email', { ...valid, Email: 'not-an-email' }],
    ['Please fill correct mobile phone number', { ...valid, 'Mobile phone': '12ab' }],
    ['Please input account and password', { Password: 'secret1', 'Confirm password': 'secret1' }],
  ])('shows "%s" and sends nothing', async (message, fields) => {
    const { calls } = fakeApi({});
    await renderScreen(<RegisterScreen />, { path: '/register' });
    await fill(fields);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('registers, toasts "Register Success" and opens login with the account filled in', async () => {
    const { calls } = fakeApi({ 'POST /api/user/register': ok(null) });
    await renderScreen(<RegisterScreen />, { path: '/register' });
    await fill({ ...valid, Email: 'newbie@example.com' });

    expect(await screen.findByText('Register Success')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/login?account=newbie');
    // A blank optional mobile is left out rather than sent empty.
    expect(calls[0]?.body).toEqual({
      account: 'newbie',
      password: 'secret1',
      confirmPassword: 'secret1',
      email: 'newbie@example.com',
    });
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { MerchantSignUpScreen } from './merchant-sign-up-screen';

const SELLER = 'https://seller.marketplace.test/';

describe('/merchantSignUp', () => {
  beforeEach(resetBrowser);

  it('records the application ("Application successful") and opens the seller platform in a new tab', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const { calls } = fakeApi({
      'GET /api/merchant/signup': ok({ url: SELLER }),
      'POST /api/merchant/apply': ok({ id: 4, url: SELLER }, 'Application successful'),
    });
    await renderScreen(<MerchantSignUpScreen />, { path: '/merchantSignUp', session: signedIn() });

    await userEvent.type(screen.getByLabelText('Shop name'), 'Mei Crafts');
    await userEvent.type(screen.getByLabelText('Contact'), 'mei@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Application successful')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/merchant/apply')?.body).toEqual({
      shopName: 'Mei Crafts',
      contact: 'mei@example.com',
    });
    expect(open).toHaveBeenCalledWith(SELLER, '_blank', 'noopener,noreferrer');
    expect(screen.getByRole('status', { name: 'Application recorded' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the seller platform' })).toHaveAttribute('href', SELLER);
  });

  it('asks for the shop name and the contact before sending anything', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const { calls } = fakeApi({ 'GET /api/merchant/signup': ok({ url: SELLER }) });
    await renderScreen(<MerchantSignUpScreen />, { path: '/merchantSignUp', session: signedIn() });

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please fill in the shop name')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Shop name'), 'Mei Crafts');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please fill in a contact (email, phone or messenger)')).toBeInTheDocument();

    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(open).not.toHaveBeenCalled();
  });

  it('never opens an address that is not a web page', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    fakeApi({
      'GET /api/merchant/signup': ok({ url: 'javascript:alert(1)' }),
      'POST /api/merchant/apply': ok({ id: 5, url: 'javascript:alert(1)' }, 'Application successful'),
    });
    await renderScreen(<MerchantSignUpScreen />, { path: '/merchantSignUp', session: signedIn() });
    await userEvent.type(screen.getByLabelText('Shop name'), 'Mei Crafts');
    await userEvent.type(screen.getByLabelText('Contact'), 'mei@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Application successful')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Open the seller platform' })).not.toBeInTheDocument();
  });
});

import type { Address } from '@marketplace/shared/contracts';
import { setBackHandler } from '@marketplace/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { homeAddress } from '../../../testing/addresses';
import { renderScreen } from '../../../testing/render-screen';
import { AddressFormScreen } from './address-form-screen';

const ROUTE = '/addressForm/:id?';
const valid = {
  Addressee: 'Mei Chen',
  'Mobile phone': '+1 555 0100',
  Area: 'Springfield',
  'Detailed address': '1 Main St',
  Tag: 'Home',
};

const fill = async (fields: Record<string, string>) => {
  for (const [label, value] of Object.entries(fields)) {
    const field = screen.getByLabelText(label);
    await userEvent.clear(field);
    if (value) await userEvent.type(field, value);
  }
};

const back = jest.fn();

describe('/addressForm', () => {
  beforeEach(async () => {
    await resetBrowser();
    back.mockReset();
    setBackHandler(back);
  });

  it.each(['Addressee', 'Mobile phone', 'Area', 'Detailed address', 'Tag'])(
    'without %s shows the required text for missing fields and sends nothing',
    async (missing) => {
      const { calls } = fakeApi({});
      await renderScreen(<AddressFormScreen />, { path: '/addressForm', route: ROUTE, session: signedIn() });
      await fill({ ...valid, [missing]: '' });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText(
          'Please fill in the refund amount, reason, explanation, area, detailed address and tag',
        ),
      ).toBeInTheDocument();
      expect(calls).toHaveLength(0);
    },
  );

  it('refuses a wrong mobile number with "Please fill correct mobile phone number"', async () => {
    const { calls } = fakeApi({});
    await renderScreen(<AddressFormScreen />, { path: '/addressForm', route: ROUTE, session: signedIn() });
    await fill({ ...valid, 'Mobile phone': '12ab' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill correct mobile phone number')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('adds an address as the default ("Save successful") and goes back to the list', async () => {
    const { calls } = fakeApi({
      'POST /api/user/address_add': ok({ ...homeAddress, id: 3 }, 'Save successful'),
    });
    await renderScreen(<AddressFormScreen />, { path: '/addressForm', route: ROUTE, session: signedIn() });
    expect(screen.getByRole('heading', { name: 'New address', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('New address');
    await fill(valid);
    await userEvent.click(screen.getByRole('switch', { name: 'Set as default address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Save successful')).toBeInTheDocument();
    const { id: _id, ...sent } = homeAddress;
    expect(calls[0]?.body).toEqual(sent);
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('edits an existing address: loads it and sends its id', async () => {
    const saved: Address = {
      id: 5,
      ...{ addressee: 'Li Wei', mobilePhone: '+86 138 0000 0000' },
      area: 'Shanghai',
      detailedAddress: '8 Bund',
      tag: 'Company',
      isDefault: false,
    };
    const { calls } = fakeApi({
      'GET /api/user/address': ok(saved),
      'POST /api/user/address_add': ok(saved, 'Save successful'),
    });
    await renderScreen(<AddressFormScreen />, { path: '/addressForm/5', route: ROUTE, session: signedIn() });
    expect(await screen.findByDisplayValue('Li Wei')).toBeInTheDocument();
    // Editing is titled so, in the heading and in the browser tab.
    expect(screen.getByRole('heading', { name: 'Edit address', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Edit address');
    expect(calls[0]?.search.get('id')).toBe('5');

    await fill({ Area: 'Hangzhou' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Save successful')).toBeInTheDocument();
    expect(calls[1]?.body).toEqual({
      id: 5,
      addressee: 'Li Wei',
      mobilePhone: '+86 138 0000 0000',
      area: 'Hangzhou',
      detailedAddress: '8 Bund',
      tag: 'Company',
      isDefault: false,
    });
  });
});

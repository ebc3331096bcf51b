import { setBackHandler } from '@marketplace/shared';
import type { Address } from '@marketplace/shared/contracts';
import { screen, within } from '@testing-library/react';
import userEventBase, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { homeAddress } from '../../../testing/addresses';
import { renderScreen } from '../../../testing/render-screen';
import { AddressListScreen } from './address-list-screen';

// antd-mobile's dialogs animate in with pointer-events off; jsdom never finishes the animation.
const userEvent = userEventBase.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const home = homeAddress;
const office: Address = { ...home, id: 2, addressee: 'Li Wei', tag: 'Company', isDefault: false };

const card = (addressee: string) => screen.findByRole('article', { name: `Address of ${addressee}` });

/** The signed-in shopper's address list. */
const openAddresses = () => renderScreen(<AddressListScreen />, { path: '/address', session: signedIn() });

/** Presses `button` on the card of `addressee`'s address. */
const press = async (addressee: string, button: string) =>
  userEvent.click(within(await card(addressee)).getByRole('button', { name: button }));

describe('/address', () => {
  beforeEach(resetBrowser);

  it('lists the addresses with the default badge, edit links and the add button', async () => {
    fakeApi({ 'GET /api/user/address_list': ok([home, office]) });
    await openAddresses();

    const first = await card('Mei Chen');
    expect(first).toHaveTextContent('Springfield 1 Main St');
    expect(first).toHaveTextContent('Default');
    expect(within(first).queryByRole('button', { name: 'Set as default' })).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/addressForm/1');
    const second = await card('Li Wei');
    expect(second).not.toHaveTextContent('Default');

    await userEvent.click(screen.getByRole('button', { name: 'Add a new address' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/addressForm');
  });

  it('sets another address as the default', async () => {
    const { calls } = fakeApi({
      'GET /api/user/address_list': ok([home, office]),
      'POST /api/user/address_set_default': ok(null, 'Setting Success'),
    });
    await openAddresses();
    await press('Li Wei', 'Set as default');
    expect(await screen.findByText('Setting Success')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/address_set_default')?.body).toEqual({ id: 2 });
  });

  it('deletes after a confirmation and shows "Delete Success"', async () => {
    const { calls } = fakeApi({
      'GET /api/user/address_list': ok([home, office]),
      'GET /api/user/address_del': ok(null, 'Delete Success'),
    });
    await openAddresses();
    await press('Li Wei', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete the address of Li Wei?' });
    expect(dialog).toHaveTextContent('Delete the address of Li Wei?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Delete Success')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/address_del')?.search.get('id')).toBe('2');
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const { calls } = fakeApi({ 'GET /api/user/address_list': ok([home]) });
    await openAddresses();
    await press('Mei Chen', 'Delete');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.path === '/api/user/address_del')).toHaveLength(0);
  });

  it('opened from checkout (?select=1), tapping an address hands its id back and goes back', async () => {
    fakeApi({ 'GET /api/user/address_list': ok([home, office]) });
    const { store } = await renderScreen(<AddressListScreen />, { path: '/address?select=1', session: signedIn() });
    const back = jest.fn();
    setBackHandler(back);

    await userEvent.click(await screen.findByRole('button', { name: 'Ship to Li Wei' }));

    expect(store.getState().session.backData).toEqual({ chosenAddressId: 2 });
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('says there is no address yet', async () => {
    fakeApi({ 'GET /api/user/address_list': ok([]) });
    await openAddresses();
    expect(await screen.findByText('No shipping address yet')).toBeInTheDocument();
  });
});

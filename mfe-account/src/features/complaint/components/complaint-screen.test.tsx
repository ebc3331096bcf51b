import { setBackHandler } from '@marketplace/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { ComplaintScreen } from './complaint-screen';

const REQUIRED = 'Please fill in the shop or business name and the content';
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('/complaint', () => {
  const goBack = jest.fn();
  beforeEach(async () => {
    await resetBrowser();
    goBack.mockReset();
    setBackHandler(goBack);
  });

  it('comes with the shop of the link filled in and sends the complaint: "Submission Successful", then back', async () => {
    const { calls } = fakeApi({ 'POST /api/merchant/complaint': ok({ id: 1 }, 'Submission Successful') });
    await renderScreen(<ComplaintScreen />, {
      path: '/complaint?shopId=7&shopName=Sunrise%20Outdoor',
      session: signedIn(),
    });
    expect(screen.getByLabelText('Shop or business name')).toHaveValue('Sunrise Outdoor');

    await userEvent.type(screen.getByLabelText('Content'), 'The parcel never arrived');
    await submit();

    expect(await screen.findByText('Submission Successful')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/merchant/complaint')?.body).toEqual({
      shopId: 7,
      shopName: 'Sunrise Outdoor',
      content: 'The parcel never arrived',
    });
    await waitFor(() => expect(goBack).toHaveBeenCalledTimes(1));
  });

  it.each([
    ['the content', 'Sunrise Outdoor', ''],
    ['the shop or business name', '', 'Rude answers'],
    ['both (spaces only)', '   ', '   '],
  ])('an empty field (%s) shows the required message and sends nothing', async (_what, shopName, content) => {
    const { calls } = fakeApi({});
    await renderScreen(<ComplaintScreen />, { path: '/complaint', session: signedIn() });
    if (shopName) await userEvent.type(screen.getByLabelText('Shop or business name'), shopName);
    if (content) await userEvent.type(screen.getByLabelText('Content'), content);
    await submit();
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(goBack).not.toHaveBeenCalled();
  });

  it('a renamed shop is sent without the shop id of the link', async () => {
    const { calls } = fakeApi({ 'POST /api/merchant/complaint': ok({ id: 2 }, 'Submission Successful') });
    await renderScreen(<ComplaintScreen />, { path: '/complaint?shopId=7&shopName=Sunrise', session: signedIn() });
    await userEvent.clear(screen.getByLabelText('Shop or business name'));
    await userEvent.type(screen.getByLabelText('Shop or business name'), 'Street market stall');
    await userEvent.type(screen.getByLabelText('Content'), 'Fake goods');
    await submit();
    expect(await screen.findByText('Submission Successful')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ shopName: 'Street market stall', content: 'Fake goods' });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEventBase, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fail, fakeApi, ok, resetBrowser } from '../../../testing/fake-api';
import { fakeUpload, pngFile } from '@marketplace/shared/testing';
import { orderDetail } from '../../../testing/order-detail';
import { renderScreen, signedIn } from '../../../testing/render-screen';
import RefundScreen from './refund-screen';

const userEvent = userEventBase.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const ROUTE = '/refund/:id?/:sn?/:product_ids?/:amount?';

const open = async () => {
  await renderScreen(<RefundScreen />, { path: '/refund/9/M2026009/5/3500', route: ROUTE, session: signedIn() });
  return screen.findByRole('form', { name: 'Apply for refund' });
};

const fillText = async (label: string, value: string) => {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
};

/** Picks a listed reason; "Other" with words types them into the field it reveals. */
const chooseReason = async (reason: string, words?: string) => {
  await userEvent.click(screen.getByRole('radio', { name: reason }));
  if (words !== undefined) {
    const field = await screen.findByLabelText('Your reason');
    await userEvent.clear(field);
    if (words) await userEvent.type(field, words);
  }
};

const uploadProof = async () => {
  const proof = screen.getByRole('group', { name: 'Proof' });
  await userEvent.upload(within(proof).getByLabelText('Upload', { selector: 'input' }), pngFile());
  await screen.findByText('Upload successful');
};

describe('/refund', () => {
  beforeEach(resetBrowser);

  it('starts from the amount and the products its route names (/refund/:id/:sn/:product_ids/:amount)', async () => {
    fakeApi({
      'GET /api/order/detail': ok(
        orderDetail({
          items: [
            { ...orderDetail().items[0]!, productId: 5, title: 'Trail tent' },
            { ...orderDetail().items[0]!, productId: 6, title: 'Camping stove', spec: {} },
          ],
        }),
      ),
    });
    await renderScreen(<RefundScreen />, { path: '/refund/9/M2026009/6/1250', route: ROUTE, session: signedIn() });
    await screen.findByRole('form', { name: 'Apply for refund' });
    expect(screen.getByLabelText('Refund amount ($)')).toHaveValue('12.50');
    const products = screen.getByRole('region', { name: 'Products in this request' });
    expect(products).toHaveTextContent('Camping stove');
    expect(products).not.toHaveTextContent('Trail tent');
  });

  it('shows the order and starts from the whole amount paid', async () => {
    fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    const form = await open();
    expect(form).toHaveTextContent('Order No. M2026009');
    expect(form).toHaveTextContent('Paid $35.00');
    expect(screen.getByLabelText('Refund amount ($)')).toHaveValue('35.00');
    expect(screen.getByRole('radio', { name: 'Refund without return' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Refund with return' })).not.toBeChecked();
  });

  it.each([
    ['an empty amount', { amount: '', reason: 'Arrived damaged', explain: 'Torn' }],
    ['no reason chosen', { amount: '10', reason: '', explain: 'Torn' }],
    ['"Other" without words', { amount: '10', reason: 'Other', words: '', explain: 'Torn' }],
    ['no explanation', { amount: '10', reason: 'Arrived damaged', explain: '' }],
  ])('with %s shows the required text for missing refund fields and sends nothing', async (_case, values) => {
    const { sentTo } = fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    await fillText('Refund amount ($)', values.amount);
    if (values.reason) await chooseReason(values.reason, 'words' in values ? values.words : undefined);
    await fillText('Explanation', values.explain);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Please fill in the refund amount, reason, explanation, area, detailed address and tag'),
    ).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/refund')).toHaveLength(0);
  });

  it('marks every missing field beside the required sentence', async () => {
    fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    await fillText('Refund amount ($)', '');
    await fillText('Explanation', '');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const sentence = 'Please fill in the refund amount, reason, explanation, area, detailed address and tag';
    // The sentence beside the first missing field (and in the toast), "Required" beside each other one.
    expect((await screen.findAllByText(sentence)).length).toBeGreaterThanOrEqual(1);
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    const marked = (label: string) => screen.getByLabelText(label).closest('.refund-form__field');
    expect(screen.getByRole('group', { name: 'Reason' })).toHaveTextContent('Required');
    expect(marked('Explanation')).toHaveTextContent('Required');
    expect(marked('Refund amount ($)')).toHaveTextContent(sentence);
  });

  it.each([
    ['-5', 'Refund amount cannot be negative'],
    ['35.01', 'Refund amount cannot be larger than the amount paid ($35.00)'],
  ])('refuses the amount %s with "%s"', async (amount, message) => {
    const { sentTo } = fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    await fillText('Refund amount ($)', amount);
    await chooseReason('Arrived damaged');
    await fillText('Explanation', 'The pole snapped');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/refund')).toHaveLength(0);
  });

  it('asks "Please upload proof" when no proof was uploaded', async () => {
    const { sentTo } = fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    await chooseReason('Arrived damaged');
    await fillText('Explanation', 'The pole snapped');
    await userEvent.click(screen.getByRole('radio', { name: 'Received' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please upload proof')).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/refund')).toHaveLength(0);
  });

  it('uploads the proof with its progress, then submits ("Submission Successful") and opens "refund in progress"', async () => {
    const uploads = fakeUpload(() => ({
      code: 1,
      msg: 'Upload successful',
      data: { id: 'up-1', url: '/api/upload/up-1' },
    }));
    const { sentTo } = fakeApi({
      'GET /api/order/detail': ok(orderDetail()),
      'POST /api/order/refund': ok(null, 'Application successful'),
    });
    await open();
    await userEvent.click(screen.getByRole('radio', { name: 'Refund with return' }));
    await fillText('Refund amount ($)', '20.5');
    await userEvent.click(screen.getByRole('radio', { name: 'Not received' }));
    await chooseReason('Arrived damaged');
    await fillText('Explanation', 'The pole snapped');

    const proof = screen.getByRole('group', { name: 'Proof' });
    await userEvent.upload(within(proof).getByLabelText('Upload', { selector: 'input' }), pngFile());
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(await screen.findByText('Upload successful')).toBeInTheDocument();
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/api/upload', headers: { token: 'token-1', lang: 'en' } });
    expect(uploads[0]?.file?.name).toBe('proof.png');

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Submission Successful')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/myPurchases/-3');
    expect(sentTo('POST', '/api/order/refund')[0]?.body).toEqual({
      orderId: 9,
      refundType: 'return',
      refundAmount: 2_050,
      productStatus: 'notReceived',
      reason: 'Arrived damaged',
      explain: 'The pole snapped',
      attachment: 'up-1',
      attachments: ['up-1'],
    });
  });

  it('takes up to six proof pictures (the add tile goes after the sixth) and sends them all in order', async () => {
    fakeUpload((n) => ({ code: 1, msg: 'Upload successful', data: { id: `up-${n}`, url: `/api/upload/up-${n}` } }));
    const { sentTo } = fakeApi({
      'GET /api/order/detail': ok(orderDetail()),
      'POST /api/order/refund': ok(null, 'Application successful'),
    });
    await open();
    await chooseReason('Arrived damaged');
    await fillText('Explanation', 'The pole snapped');
    await userEvent.click(screen.getByRole('radio', { name: 'Received' }));
    const proof = screen.getByRole('group', { name: 'Proof' });
    expect(screen.getByText('Up to 6 pictures')).toBeInTheDocument();
    const input = within(proof).getByLabelText('Upload', { selector: 'input' });
    for (let n = 1; n <= 6; n += 1) {
      expect(input).toBeVisible();
      await userEvent.upload(input, pngFile(`proof-${n}.png`));
      await waitFor(() => {
        expect(proof.querySelectorAll('.adm-image-uploader-cell img')).toHaveLength(n);
        expect(proof.querySelector('.adm-image-uploader-cell-mask')).toBeNull();
      });
    }
    expect(input).not.toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submission Successful')).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/refund')[0]?.body).toMatchObject({
      attachment: 'up-1',
      attachments: ['up-1', 'up-2', 'up-3', 'up-4', 'up-5', 'up-6'],
    });
  });

  it('lists the reasons as radios; "Other" asks for the words, which are sent as the reason', async () => {
    fakeUpload(() => ({ code: 1, msg: 'Upload successful', data: { id: 'up-1', url: '/api/upload/up-1' } }));
    const { sentTo } = fakeApi({
      'GET /api/order/detail': ok(orderDetail()),
      'POST /api/order/refund': ok(null, 'Application successful'),
    });
    await open();
    const reasons = screen.getByRole('group', { name: 'Reason' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Item not received',
      'Arrived damaged',
      'Wrong item sent',
      'Not as described',
      'Changed my mind',
      'Other',
    ]);
    expect(screen.queryByLabelText('Your reason')).not.toBeInTheDocument();
    await chooseReason('Other', 'The colour is not the one pictured');
    await fillText('Explanation', 'Ordered green and got red');
    await userEvent.click(screen.getByRole('radio', { name: 'Received' }));
    await uploadProof();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submission Successful')).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/refund')[0]?.body).toMatchObject({
      reason: 'The colour is not the one pictured',
      explain: 'Ordered green and got red',
    });
  });

  it('marks "Other" without words beside its field until words are typed', async () => {
    fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    await chooseReason('Other', '');
    await fillText('Explanation', 'Torn');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const reasons = screen.getByRole('group', { name: 'Reason' });
    await waitFor(() =>
      expect(reasons).toHaveTextContent(
        'Please fill in the refund amount, reason, explanation, area, detailed address and tag',
      ),
    );
    await userEvent.type(screen.getByLabelText('Your reason'), 'Too small');
    expect(within(reasons).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes several pictures at once, up to six, and says the extra ones were not added', async () => {
    fakeUpload((n) => ({ code: 1, msg: 'Upload successful', data: { id: `up-${n}`, url: `/api/upload/up-${n}` } }));
    fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    const proof = screen.getByRole('group', { name: 'Proof' });
    const input = within(proof).getByLabelText('Upload', { selector: 'input' });
    expect(input).toHaveAttribute('multiple');
    await userEvent.upload(
      input,
      Array.from({ length: 8 }, (_, n) => pngFile(`proof-${n + 1}.png`)),
    );
    expect(await within(proof).findByRole('alert')).toHaveTextContent('Up to 6 pictures: 2 not added');
    await waitFor(() => {
      expect(proof.querySelectorAll('.adm-image-uploader-cell img')).toHaveLength(6);
      expect(proof.querySelector('.adm-image-uploader-cell-mask')).toBeNull();
    });
    expect(input).not.toBeVisible();
  });

  it('gives each choice a row at least 44 px tall (its label is the target)', async () => {
    fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    const { readFileSync } = await import('node:fs');
    const css = readFileSync(`${__dirname}/refund.css`, 'utf8');
    expect(css).toMatch(/\.choice-group__option\s*\{[^}]*min-height:\s*44px/);
    for (const radio of screen.getAllByRole('radio'))
      expect(radio.closest('label')).toHaveClass('choice-group__option');
  });

  it('shows the server message when a refund was already requested, and stays', async () => {
    fakeUpload(() => ({ code: 1, msg: '', data: { id: 'up-1', url: '/api/upload/up-1' } }));
    fakeApi({
      'GET /api/order/detail': ok(orderDetail()),
      'POST /api/order/refund': fail('You have already submitted a refund request'),
    });
    await open();
    await chooseReason('Arrived damaged');
    await fillText('Explanation', 'The pole snapped');
    await userEvent.click(screen.getByRole('radio', { name: 'Received' }));
    await uploadProof();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('You have already submitted a refund request')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'location' })).not.toBeInTheDocument();
  });

  it('shows the server message of a refused upload (checked by content)', async () => {
    fakeUpload(() => ({ code: 0, msg: 'Only PNG, JPEG, WebP or GIF images can be uploaded', data: null }));
    fakeApi({ 'GET /api/order/detail': ok(orderDetail()) });
    await open();
    const proof = screen.getByRole('group', { name: 'Proof' });
    await userEvent.upload(within(proof).getByLabelText('Upload', { selector: 'input' }), pngFile());
    expect(await screen.findByText('Only PNG, JPEG, WebP or GIF images can be uploaded')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEventBase, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fail, fakeApi, ok, resetBrowser } from '../../../testing/fake-api';
import { fakeUpload, pngFile } from '@marketplace/shared/testing';
import { orderDetail } from '../../../testing/order-detail';
import { renderScreen, signedIn } from '../../../testing/render-screen';
import CommentScreen from './comment-screen';

const userEvent = userEventBase.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const open = async () => {
  await renderScreen(<CommentScreen />, { path: '/comment?order=9', session: signedIn() });
  return screen.findByRole('form', { name: 'Review' });
};

describe('/comment', () => {
  beforeEach(resetBrowser);

  it('says "Review content cannot be empty" and sends nothing without content', async () => {
    const { sentTo } = fakeApi({ 'GET /api/order/detail': ok(orderDetail({ status: 3, actions: ['comment'] })) });
    await open();
    await userEvent.type(screen.getByLabelText('Review content'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Review content cannot be empty')).toBeInTheDocument();
    expect(sentTo('POST', '/api/order/comment')).toHaveLength(0);
  });

  it('sends the content, three 1–5 scores and the uploaded pictures ("Submission Successful")', async () => {
    fakeUpload((n) => ({ code: 1, msg: '', data: { id: `pic-${n}`, url: `/api/upload/pic-${n}` } }));
    const { sentTo } = fakeApi({
      'GET /api/order/detail': ok(orderDetail({ status: 3, actions: ['comment'] })),
      'POST /api/order/comment': ok(null, 'Submission Successful'),
    });
    const form = await open();
    expect(form).toHaveTextContent('Trail tent');

    expect(
      within(screen.getByRole('group', { name: 'Product score' })).getByRole('radio', { name: '5 stars' }),
    ).toBeChecked();
    const serviceScore = screen.getByRole('group', { name: 'Service score' });
    await userEvent.click(within(serviceScore).getByRole('radio', { name: '3 stars' }));
    const postageScore = screen.getByRole('group', { name: 'Postage score' });
    await userEvent.click(within(postageScore).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(screen.getByLabelText('Review content'), 'Sturdy and dry');
    await userEvent.upload(
      within(screen.getByRole('group', { name: 'Pictures' })).getByLabelText('Upload', { selector: 'input' }),
      pngFile('tent.png'),
    );
    await screen.findByText('Upload successful');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Submission Successful')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/orderInfo/9');
    expect(sentTo('POST', '/api/order/comment')[0]?.body).toEqual({
      orderId: 9,
      content: 'Sturdy and dry',
      productScore: 5,
      serviceScore: 3,
      postageScore: 4,
      pics: ['pic-1'],
    });
  });

  it('shows the server message for an order already reviewed', async () => {
    fakeApi({
      'GET /api/order/detail': ok(orderDetail({ status: 4, actions: [] })),
      'POST /api/order/comment': fail('You have already reviewed this order'),
    });
    await open();
    await userEvent.type(screen.getByLabelText('Review content'), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('You have already reviewed this order')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'location' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image before uploading it', async () => {
    const uploads = fakeUpload(() => ({ code: 1, msg: '', data: { id: 'x', url: '/api/upload/x' } }));
    fakeApi({ 'GET /api/order/detail': ok(orderDetail({ status: 3, actions: ['comment'] })) });
    await open();
    const upload = userEventBase.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, applyAccept: false });
    await upload.upload(
      within(screen.getByRole('group', { name: 'Pictures' })).getByLabelText('Upload', { selector: 'input' }),
      new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Only PNG, JPEG, WebP or GIF images can be uploaded')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });
});

import { uploadFile, UploadError } from './upload-file';
import { onUnauthorized, setNavigator } from './api-events';
import { envelope } from '../testing/fake-server';
import { fakeUpload, pngFile } from '../testing/fake-upload';
import { resetBrowserState } from '../testing/reset-browser-state';

beforeEach(() => resetBrowserState());
afterEach(() => jest.restoreAllMocks());

const options = { token: 'abc', lang: 'en', onProgress: () => undefined };

describe('uploads go through the request layer’s rules (docs/decisions/0005-installable-offline.md)', () => {
  it('ends the session and goes to /login when the server answers 401 to a signed-in upload', async () => {
    fakeUpload(() => envelope(null, 401, 'Your session has expired, please login again'));
    const ended = jest.fn();
    const navigate = jest.fn();
    setNavigator(navigate);
    const stop = onUnauthorized(ended);
    await expect(uploadFile(pngFile(), options)).rejects.toEqual(
      new UploadError('Your session has expired, please login again'),
    );
    stop();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('refuses the same file again within the duplicate-submit window, sending it once', async () => {
    const sent = fakeUpload(() => envelope({ id: 'u1', url: '/api/upload/u1' }));
    const file = pngFile();
    await expect(uploadFile(file, options)).resolves.toEqual({ id: 'u1', url: '/api/upload/u1' });
    await expect(uploadFile(file, options)).rejects.toMatchObject({ key: 'errors:err.repeatSubmit' });
    expect(sent).toHaveLength(1);
  });

  it('refuses to upload while offline, sending nothing', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const sent = fakeUpload(() => envelope({ id: 'u1', url: '/api/upload/u1' }));
    await expect(uploadFile(pngFile(), options)).rejects.toMatchObject({ key: 'common:offline.needsConnection' });
    expect(sent).toHaveLength(0);
  });
});

import { createAppStore } from '@marketplace/shared';
import { clearOverlays, initTestI18n } from '@marketplace/shared/testing';
import hindi from '@marketplace/shared/locales/hi/common.json';
import { act, render, screen } from '@testing-library/react';
import { Dialog, InfiniteScroll } from 'antd-mobile';
import { Providers } from './providers';

describe("antd-mobile's own texts", () => {
  beforeAll(async () => {
    const i18n = await initTestI18n();
    i18n.addResourceBundle('hi', 'common', hindi, true, true);
  });
  afterEach(async () => {
    await clearOverlays();
    const { default: i18n } = await import('i18next');
    await act(() => i18n.changeLanguage('en'));
  });

  it('follow the language in use, one antd-mobile does not ship (Hindi) included, in dialogs too', async () => {
    const { default: i18n } = await import('i18next');
    render(
      <Providers store={createAppStore()}>
        <InfiniteScroll hasMore={false} loadMore={async () => undefined} />
      </Providers>,
    );
    expect(screen.getByText('No more')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('hi'));
    expect(screen.getByText(hindi.noMore)).toBeInTheDocument();
    // A dialog opened imperatively renders outside the providers' tree.
    act(() => {
      void Dialog.alert({ content: 'x' });
    });
    expect(await screen.findByRole('button', { name: hindi.ok })).toBeInTheDocument();
  });
});

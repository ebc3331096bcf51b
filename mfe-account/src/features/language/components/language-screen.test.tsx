import { LANGUAGES } from '@marketplace/shared/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { LanguageScreen } from './language-screen';
import germanErrors from '@marketplace/shared/contracts/messages/de.json';

describe('/language', () => {
  beforeEach(resetBrowser);

  it('lists the 34 languages and stores the choice on the account', async () => {
    const { calls } = fakeApi({
      'GET /api/user/language_list': ok([...LANGUAGES]),
      'GET /api/user/set_language': ok(null),
    });
    const { store } = await renderScreen(<LanguageScreen />, { path: '/language', session: signedIn() });

    expect(await screen.findAllByRole('radio')).toHaveLength(34);
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    // Each language by its own name, with its name in the shopper's language beside it: no Chinese names
    // for an English shopper.
    const german = screen.getByRole('radio', { name: 'Deutsch' }).closest('.adm-list-item');
    expect(german).toHaveTextContent('German');
    expect(german).not.toHaveTextContent('德语');
    expect(screen.getByRole('radio', { name: '日本語' }).closest('.adm-list-item')).toHaveTextContent('Japanese');
    expect(screen.getByRole('radiogroup', { name: 'Language' })).not.toHaveTextContent('英语');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Deutsch' }));

    // The toast is already in the language just chosen.
    const setLanguage = await screen
      // German's files are read first: more than the default second on a busy machine.
      .findByText(germanErrors.ok.setting, {}, { timeout: 5000 })
      .then(() => calls.find((call) => call.path === '/api/user/set_language'));
    expect(setLanguage?.search.get('lang')).toBe('de');
    expect(store.getState().session.setting.lang.file_name).toBe('de');
    expect(document.cookie).toContain('Local_Lang=');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../testing/render-screen';
import BagScreen from './bag-screen';

describe('Bag', () => {
  it('shows "Your bag is empty" and "Go shopping" leads to /home', async () => {
    await renderScreen(<BagScreen />, { path: '/bag' });

    expect(screen.getByText('Your bag is empty')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go shopping' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/home');
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { DeferredPullToRefresh } from './deferred-pull-to-refresh';

const texts = { pullingText: 'Pull', canReleaseText: 'Release', refreshingText: 'Refreshing', completeText: 'Done' };

let mounts = 0;
/** A card with state of its own, as an order card's open payment sheet. */
const Card = () => {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    mounts += 1;
  }, []);
  return (
    <button type="button" onClick={() => setOpen(true)}>
      {open ? 'Sheet open' : 'Pay'}
    </button>
  );
};

describe('DeferredPullToRefresh', () => {
  it('puts the gesture in place without re-creating the list: a card keeps its state and focus', async () => {
    mounts = 0;
    const { container } = render(
      <DeferredPullToRefresh onRefresh={async () => undefined} texts={texts}>
        <Card />
      </DeferredPullToRefresh>,
    );
    const card = screen.getByRole('button', { name: 'Pay' });
    // A tap: it starts loading the gesture's code, and the card opens its sheet.
    fireEvent.pointerDown(card);
    fireEvent.click(card);
    card.focus();
    expect(card).toHaveTextContent('Sheet open');
    // The real component takes over once the page is still.
    await waitFor(() => expect(container.querySelector('.adm-pull-to-refresh-head')).not.toBeNull(), {
      timeout: 5_000,
    });
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'Sheet open' })).toBe(card);
    expect(card).toHaveFocus();
    expect(mounts).toBe(1);
    expect(container.querySelector('.adm-pull-to-refresh-content')).toContainElement(card);
  });
});

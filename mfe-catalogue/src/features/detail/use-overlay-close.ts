import { useEffect, useRef } from 'react';

/** The overlays open now, innermost last, as kept in the history entry each pushed. */
type OverlayState = { overlays?: string[] } & Record<string, unknown>;

const openOverlays = (): string[] => (window.history.state as OverlayState | null)?.overlays ?? [];

let next = 0;

/**
 * An overlay over the product page (the picture viewer, the review sheet) closes as a phone user
 * expects: the back gesture or button closes it and stays on the product (an entry of the same address
 * is pushed while it is open, so "back" pops that entry instead of leaving the page), and Escape closes
 * the innermost one. Closing it otherwise (its button, a tap outside) takes the pushed entry back out.
 */
export const useOverlayClose = (open: boolean, onClose: () => void): void => {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!open) return undefined;
    next += 1;
    const id = `overlay-${next}`;
    // The router's own state (its key and index) is kept, so it reads the entry as the same page.
    window.history.pushState(
      { ...(window.history.state as OverlayState | null), overlays: [...openOverlays(), id] },
      '',
    );
    let popped = false;
    const onPop = () => {
      if (openOverlays().includes(id)) return;
      popped = true;
      close.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || openOverlays().at(-1) !== id) return;
      event.preventDefault();
      close.current();
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('keydown', onKey);
      if (!popped && openOverlays().at(-1) === id) window.history.back();
    };
  }, [open]);
};

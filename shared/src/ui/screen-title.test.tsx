import { render, screen } from '@testing-library/react';
import { useScreenTitle, useScreenTitleKey } from './screen-title';

const Shell = ({ children }: { children?: React.ReactNode }) => {
  const key = useScreenTitleKey();
  return (
    <>
      <output aria-label="title key">{key ?? 'route'}</output>
      {children}
    </>
  );
};

const Screen = ({ titleKey }: { titleKey: string | null }) => {
  useScreenTitle(titleKey);
  return null;
};

describe('screen title', () => {
  it('follows the shown screen and falls back to the route title when it leaves', () => {
    const { rerender } = render(<Shell />);
    expect(screen.getByLabelText('title key')).toHaveTextContent('route');

    rerender(
      <Shell>
        <Screen titleKey="account:title.addressEdit" />
      </Shell>,
    );
    expect(screen.getByLabelText('title key')).toHaveTextContent('account:title.addressEdit');

    rerender(
      <Shell>
        <Screen titleKey="account:payCode.setTitle" />
      </Shell>,
    );
    expect(screen.getByLabelText('title key')).toHaveTextContent('account:payCode.setTitle');

    rerender(
      <Shell>
        <Screen titleKey={null} />
      </Shell>,
    );
    expect(screen.getByLabelText('title key')).toHaveTextContent('route');

    rerender(
      <Shell>
        <Screen titleKey="account:title.addressEdit" />
      </Shell>,
    );
    rerender(<Shell />);
    expect(screen.getByLabelText('title key')).toHaveTextContent('route');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initTestI18n } from '../testing/init-test-i18n';
import { setBackHandler } from './back-navigation';
import { EmptyState } from './empty-state';
import { ErrorPanel } from './error-panel';
import { Money } from './money';
import { PageHeader } from './page-header';

beforeAll(() => initTestI18n());

describe('PageHeader', () => {
  it('has a "Back" button that calls the back handler the shell registered', async () => {
    const goBack = jest.fn();
    setBackHandler(goBack);
    render(<PageHeader title="Order details" />);
    expect(screen.getByRole('heading', { name: 'Order details' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(goBack).toHaveBeenCalledWith(undefined);
  });

  it('passes an explicit back URL to the handler', async () => {
    const goBack = jest.fn();
    setBackHandler(goBack);
    render(<PageHeader title="Pay" backUrl="/myPurchases/0" />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(goBack).toHaveBeenCalledWith('/myPurchases/0');
  });

  it('has no back button on pages without one', () => {
    render(<PageHeader title="Home" hideBack />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('ErrorPanel', () => {
  it('says "This section failed to load" and retries on "Retry"', async () => {
    const retry = jest.fn();
    render(<ErrorPanel onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This section failed to load');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('EmptyState and Money', () => {
  it('shows a translated empty text by default', () => {
    render(<EmptyState />);
    expect(screen.getByText('Nothing here yet')).toBeInTheDocument();
  });

  it('shows integer cents as dollars', () => {
    render(<Money cents={100_000} />);
    expect(screen.getByText('$1,000.00')).toBeInTheDocument();
  });
});

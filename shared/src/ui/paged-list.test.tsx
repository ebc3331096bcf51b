import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@marketplace/shared/contracts';
import { initTestI18n } from '../testing/init-test-i18n';
import { PagedList } from './paged-list';

beforeAll(() => initTestI18n());

const page = (list: string[], total: number): Page<string> => ({ list, total, page: 1, pageSize: 20 });

describe('PagedList', () => {
  it('loads the first page on its own and shows "No more" when that was all', async () => {
    const loadPage = jest.fn(async () => page(['Phone case', 'Desk lamp'], 2));
    render(<PagedList label="Products" loadPage={loadPage} renderItem={(name) => name} />);
    expect(await screen.findByText('No more')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Products' })).toHaveTextContent('Phone caseDesk lamp');
    expect(loadPage).toHaveBeenCalledTimes(1);
    expect(loadPage).toHaveBeenCalledWith(1);
  });

  it('draws the placeholder until the first page answers, then the items in its place, and says so once', async () => {
    let answer: (value: Page<string>) => void = () => undefined;
    const loadPage = () => new Promise<Page<string>>((resolve) => (answer = resolve));
    const onFirstPage = jest.fn();
    render(
      <PagedList
        label="Products"
        loadPage={loadPage}
        renderItem={(name) => name}
        placeholder={<p>Skeleton</p>}
        onFirstPage={onFirstPage}
      />,
    );
    expect(screen.getByText('Skeleton')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(onFirstPage).not.toHaveBeenCalled();
    answer(page(['Phone case'], 1));
    expect(await screen.findByRole('list', { name: 'Products' })).toHaveTextContent('Phone case');
    expect(screen.queryByText('Skeleton')).not.toBeInTheDocument();
    expect(onFirstPage).toHaveBeenCalledTimes(1);
  });

  it('shows the translated "Loading" while a page is on its way, and no indicator between pages', async () => {
    let answer: (value: Page<string>) => void = () => undefined;
    render(
      <PagedList
        loadPage={() => new Promise<Page<string>>((resolve) => (answer = resolve))}
        pageSize={2}
        renderItem={(name) => name}
      />,
    );
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    answer(page(['a', 'b'], 40));
    expect(await screen.findByText('b')).toBeInTheDocument();
    // More pages remain, none is loading: nothing animates at the foot of the list (docs/decisions/0001).
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('shows the empty node when there is nothing to list', async () => {
    render(<PagedList loadPage={async () => page([], 0)} renderItem={(name) => name} empty={<p>No orders yet</p>} />);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByText('No more')).not.toBeInTheDocument();
  });

  it('offers Retry after a failed load, and loads the same page again', async () => {
    const loadPage = jest
      .fn<Promise<Page<string>>, [number]>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(page(['Tea'], 1));
    render(<PagedList loadPage={loadPage} renderItem={(name) => name} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Tea')).toBeInTheDocument();
    expect(loadPage.mock.calls).toEqual([[1], [1]]);
  });

  it('labels pull-to-refresh with the translated texts (its code arrives at the first touch)', async () => {
    render(<PagedList loadPage={async () => page(['x'], 1)} renderItem={(name) => name} />);
    expect(await screen.findByText('x')).toBeInTheDocument();
    fireEvent.pointerDown(document.body);
    expect(await screen.findByText('Pull down to refresh')).toBeInTheDocument();
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DealCatalogModal } from './deal-catalog-modal.tsx';

afterEach(cleanup);

describe('DealCatalogModal', () => {
  it('renders nothing when hidden', () => {
    const { container } = render(<DealCatalogModal show={false} rows={[]} onSelect={vi.fn()} onClose={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the loading or error text until rows arrive, and closes on Cancel and Escape', () => {
    const onClose = vi.fn();
    render(<DealCatalogModal show rows={undefined} onSelect={vi.fn()} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Deal Catalog' })).toBeTruthy();
    expect(screen.getByText('Loading deals...')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows a status message instead of the grid', () => {
    render(<DealCatalogModal show rows={[]} status="Deal catalog could not be loaded" onSelect={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByText('Deal catalog could not be loaded')).toBeTruthy();
  });
});

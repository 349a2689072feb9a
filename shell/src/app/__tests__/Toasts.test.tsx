import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import Toasts from '../Toasts';

describe('the page’s toasts', () => {
  it('a later success closes the errors still open', async () => {
    render(<Toasts />);
    act(() => {
      toast.error('The plan name is taken.');
      toast.info('Saving…');
    });
    expect(await screen.findByText('The plan name is taken.')).toBeInTheDocument();
    act(() => {
      toast.success('Plan created.');
    });
    expect(await screen.findByText('Plan created.')).toBeInTheDocument();
    // Dismissed: the toast leaves (its exit animation's end, which jsdom never fires, then removes it).
    const toastOf = (text: string) => screen.getByText(text).closest('.Toastify__toast');
    await waitFor(() => expect(toastOf('The plan name is taken.')).toHaveAttribute('data-in', 'false'));
    expect(toastOf('Saving…')).toHaveAttribute('data-in', 'true');
  });

  it('stacks below the header and the page title row, not over their top-right actions', () => {
    render(<Toasts />);
    act(() => {
      toast.success('Saved.');
    });
    expect(document.querySelector<HTMLElement>('[style*="--toastify-toast-top"]')?.style.getPropertyValue('--toastify-toast-top')).toBe('8.5rem');
  });
});

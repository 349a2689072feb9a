import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TOAST_AUTO_CLOSE_MS, TOAST_DISMISS_ANIMATION_MS, toast } from '@leadsmith/shared';
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

  it('stacks below the header and the page title row, not over their top-right actions', async () => {
    render(<Toasts />);
    act(() => {
      toast.success('Saved.');
    });
    await screen.findByText('Saved.');
    expect(
      document
        .querySelector<HTMLElement>('[style*="--toastify-toast-top"]')
        ?.style.getPropertyValue('--toastify-toast-top'),
    ).toBe('8.5rem');
  });
  it('is the spec §4 container: top-right, closes after 5000 ms, pauses on hover, dismisses on click', async () => {
    render(<Toasts />);
    act(() => {
      toast.info('Spec toast.');
    });
    const item = (await screen.findByText('Spec toast.')).closest<HTMLElement>('.Toastify__toast')!;
    expect(item.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
    // The countdown is the progress bar's animation: 5000 ms, paused while the pointer is over the toast.
    const bar = item.querySelector<HTMLElement>('.Toastify__progress-bar')!;
    expect(bar.style.animationDuration).toBe(`${TOAST_AUTO_CLOSE_MS}ms`);
    // jsdom's window starts without focus (pauseOnFocusLoss): give it focus first.
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(bar.style.animationPlayState).toBe('running');
    fireEvent.mouseEnter(item);
    expect(bar.style.animationPlayState).toBe('paused');
    fireEvent.mouseLeave(item);
    expect(bar.style.animationPlayState).toBe('running');
    fireEvent.click(item);
    await waitFor(() => expect(item).toHaveAttribute('data-in', 'false'));
  });

  it('leaves in the spec §9 dismiss animation: 150 ms', async () => {
    render(<Toasts />);
    act(() => {
      toast.info('Leaving toast.');
    });
    const item = (await screen.findByText('Leaving toast.')).closest<HTMLElement>('.Toastify__toast')!;
    fireEvent.click(item);
    await waitFor(() => expect(item).toHaveClass('ls-toast-exit', 'Toastify__slide-exit--top-right'));
    expect(TOAST_DISMISS_ANIMATION_MS).toBe(150);
    expect(getComputedStyle(item).animationDuration).toBe('150ms');
  });
});

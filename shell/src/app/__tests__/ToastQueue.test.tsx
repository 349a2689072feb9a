import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_AUTO_CLOSE_MS, TOAST_QUEUE_DELAY_MS, toast } from '@leadsmith/shared';
import Toasts from '../Toasts';

/** The toast a text is in (null while it is not on the page). */
const toastOf = (text: string) => screen.queryByText(text)?.closest<HTMLElement>('.Toastify__toast') ?? null;

/** Moves the page's clock on by `ms`, running the timers and promises due meanwhile. */
async function after(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('the page’s toast queue (spec §9: queue delay 250 ms)', () => {
  // The queue is the page's, so it outlives a test: each test starts a quiet minute after the one before.
  let clock = Date.now();
  beforeEach(() => jest.useFakeTimers({ now: (clock += 60_000) }));
  afterEach(() => jest.useRealTimers());
  // jsdom's cascade ignores specificity and takes style sheets in the order they were added, not in the
  // page's order (react-toastify's sheet first in <head>, the page's own rule after it): a first container
  // adds the library's sheet, so the page's rule comes after it here too.
  beforeAll(() => render(<Toasts />).unmount());

  it('shows a burst of three at 0, 250 and 500 ms, in order, each with the container’s timings', async () => {
    expect(TOAST_QUEUE_DELAY_MS).toBe(250);
    render(<Toasts />);
    act(() => {
      toast.success('First of three.');
      toast.error('Second of three.');
      toast.info('Third of three.');
    });
    // 0 ms: the first at once, the others wait their turn.
    await after(0);
    expect(toastOf('First of three.')).toHaveClass('Toastify__toast--success');
    expect(toastOf('Second of three.')).toBeNull();
    await after(249);
    expect(toastOf('Second of three.')).toBeNull();
    await after(1);
    expect(toastOf('Second of three.')).toHaveClass('Toastify__toast--error');
    expect(toastOf('Third of three.')).toBeNull();
    await after(249);
    expect(toastOf('Third of three.')).toBeNull();
    await after(1);
    expect(toastOf('Third of three.')).toHaveClass('Toastify__toast--info');

    // The container's timings hold for queued toasts: each counts down its own 5000 ms from when it shows,
    // and leaves in the 150 ms dismiss animation when clicked.
    for (const text of ['First of three.', 'Second of three.', 'Third of three.']) {
      expect(toastOf(text)!.querySelector<HTMLElement>('.Toastify__progress-bar')!.style.animationDuration).toBe(
        `${TOAST_AUTO_CLOSE_MS}ms`,
      );
    }
    fireEvent.click(toastOf('First of three.')!);
    await after(0);
    expect(toastOf('First of three.')).toHaveClass('ls-toast-exit');
    expect(getComputedStyle(toastOf('First of three.')!).animationDuration).toBe('150ms');
  });

  it('shows a toast at once after a quiet spell, keeps every type, and drops a waiting toast that is dismissed', async () => {
    render(<Toasts />);
    act(() => {
      toast.warning('A warning.');
    });
    await after(0);
    expect(toastOf('A warning.')).toHaveClass('Toastify__toast--warning');

    await after(TOAST_QUEUE_DELAY_MS);
    let waitingId: string | number = '';
    act(() => {
      toast('A plain one.');
      waitingId = toast.success('Never shown.');
      toast.info('Shown after the plain one.');
    });
    expect(toastOf('A plain one.')).toHaveClass('Toastify__toast--default');
    expect(toast.isActive(waitingId)).toBe(false);
    act(() => toast.dismiss(waitingId));
    // The dismissed one gives up its turn: the next waiting toast takes it.
    await after(TOAST_QUEUE_DELAY_MS);
    expect(toastOf('Shown after the plain one.')).toHaveClass('Toastify__toast--info');
    await after(TOAST_QUEUE_DELAY_MS * 2);
    expect(toastOf('Never shown.')).toBeNull();
  });

  it('shows a toast whose id is already on the page or waiting only once', async () => {
    render(<Toasts />);
    await after(TOAST_QUEUE_DELAY_MS);
    act(() => {
      toast.info('Only once.', { toastId: 'once' });
      toast.info('Only once.', { toastId: 'once' });
    });
    await after(TOAST_QUEUE_DELAY_MS * 2);
    expect(screen.getAllByText('Only once.')).toHaveLength(1);
    act(() => {
      toast.info('Only once.', { toastId: 'once' });
    });
    await after(TOAST_QUEUE_DELAY_MS * 2);
    expect(screen.getAllByText('Only once.')).toHaveLength(1);
  });
});

import type { Id, ToastContent, ToastOptions, TypeOptions } from 'react-toastify';
import { TOAST_QUEUE_DELAY_MS } from '../constants/timings';

type Toastify = typeof import('react-toastify');
type ToastKind = Exclude<TypeOptions, 'default'>;
type Show = (content: ToastContent, options?: ToastOptions) => Id;

/** Every toast the product shows goes through this (an eslint rule keeps react-toastify's own `toast` out of the areas). */
export interface QueuedToast extends Show {
  success: Show;
  error: Show;
  info: Show;
  warning: Show;
  /** Closes a shown toast, or drops one still waiting its turn; without an id, all of them. */
  dismiss: (id?: Id) => void;
  /** Whether the toast is on the page now (one still waiting its turn is not). */
  isActive: (id: Id) => boolean;
}

interface Waiting {
  id: Id;
  show: (library: Toastify) => void;
}

const waiting: Waiting[] = [];
let library: Toastify | undefined;
let loading = false;
let turn: ReturnType<typeof setTimeout> | undefined;
/** The earliest time (Date.now) the next toast may show: TOAST_QUEUE_DELAY_MS after the last one shown. */
let nextAt = 0;
let sequence = 0;

/**
 * react-toastify comes with the first toast, not in the boot surface: a shared singleton, so it is the
 * one the page's container listens to. Toasts asked for before it arrives wait in order.
 */
function load(): void {
  if (loading) return;
  loading = true;
  import('react-toastify')
    .then((loaded) => {
      library = loaded;
      showNext();
    })
    .catch((error: unknown) => {
      const lost = waiting.splice(0);
      console.error('[toast] could not show:', lost.length, 'toast(s)', error);
    })
    .finally(() => {
      loading = false;
    });
}

/** Shows the next waiting toast when its turn has come, and books the turn of the one after it. */
function showNext(): void {
  if (turn !== undefined || waiting.length === 0) return;
  if (!library) return load();
  const wait = nextAt - Date.now();
  if (wait > 0) {
    turn = setTimeout(() => {
      turn = undefined;
      showNext();
    }, wait);
    return;
  }
  waiting.shift()!.show(library);
  nextAt = Date.now() + TOAST_QUEUE_DELAY_MS;
  showNext();
}

function enqueue(kind: ToastKind | 'default', content: ToastContent, options?: ToastOptions): Id {
  const id = options?.toastId ?? `ls-toast-${++sequence}`;
  // As react-toastify does: a toast whose id is already shown or waiting is not shown twice.
  if (waiting.some((item) => item.id === id) || library?.toast.isActive(id)) return id;
  const withId = { ...options, toastId: id };
  waiting.push({
    id,
    show: ({ toast }) => (kind === 'default' ? toast(content, withId) : toast[kind](content, withId)),
  });
  showNext();
  return id;
}

/**
 * The page's toasts in a queue (spec §9 "queue delay 250 ms"): a toast asked for when none was shown in
 * the last TOAST_QUEUE_DELAY_MS shows at once, each one of a burst TOAST_QUEUE_DELAY_MS after the one
 * before, in the order asked. Types, options and the container's behaviour (spec §4) are react-toastify's.
 */
export const toast: QueuedToast = Object.assign(
  (content: ToastContent, options?: ToastOptions) => enqueue('default', content, options),
  {
    success: (content: ToastContent, options?: ToastOptions) => enqueue('success', content, options),
    error: (content: ToastContent, options?: ToastOptions) => enqueue('error', content, options),
    info: (content: ToastContent, options?: ToastOptions) => enqueue('info', content, options),
    warning: (content: ToastContent, options?: ToastOptions) => enqueue('warning', content, options),
    dismiss: (id?: Id) => {
      if (id === undefined) waiting.splice(0);
      else {
        const index = waiting.findIndex((item) => item.id === id);
        if (index >= 0) waiting.splice(index, 1);
      }
      library?.toast.dismiss(id);
    },
    isActive: (id: Id) => library?.toast.isActive(id) ?? false,
  },
);

/**
 * The API client's toasts (spec §7, §8) without react-toastify in the boot surface: the library is
 * fetched with the first toast (a shared singleton, so it is the one the page's container listens
 * to). Toasts keep their order, and ones made before the container mounts wait for it.
 */
export function notify(kind: 'success' | 'error', message: string): void {
  import('react-toastify')
    .then(({ toast }) => {
      toast[kind](message);
    })
    .catch((error: unknown) => console.error('[toast] could not show:', message, error));
}

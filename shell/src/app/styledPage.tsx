import { Suspense, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { reloadOnceFor } from '../errors/reloadGuard';
import { FrameSpinner } from '../layout/FrameSpinner';

/** A page component that can also start fetching its code before it renders. */
export type StyledPage<P> = ComponentType<P> & { preload: () => void };

/**
 * A page drawn with Chakra, loaded on demand: its module and the Chakra layer are fetched together
 * (not one after the other) and the page renders inside the layer. When that code cannot be
 * fetched, the page reloads once (spec §8, as for a remote); after that the error reaches the
 * nearest error boundary, and its retry fetches again (a failed lazy load is not kept).
 */
export function styledPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  reload: () => boolean = () => reloadOnceFor(),
): StyledPage<P> {
  let code: Promise<[{ default: ComponentType<{ children: ReactNode }> }, ComponentType<P>]> | undefined;
  const fetchCode = () => (code ??= Promise.all([import('./ChakraLayer'), load()]));
  let Page: LazyExoticComponent<ComponentType<P>>;
  const fresh = () =>
    lazy(async () => {
      try {
        const [layer, Inner] = await fetchCode();
        const Layer = layer.default;
        return {
          default: (props: P) => (
            <Layer>
              <Inner {...props} />
            </Layer>
          ),
        };
      } catch (error) {
        console.error('[shell] a page could not be loaded', error);
        code = undefined;
        if (reload()) return new Promise<never>(() => undefined);
        Page = fresh();
        throw error;
      }
    });
  Page = fresh();
  function StyledPageView(props: P) {
    return (
      <Suspense fallback={<FrameSpinner />}>
        <Page {...props} />
      </Suspense>
    );
  }
  // A failed preload is left for the render to report.
  return Object.assign(StyledPageView, { preload: () => void fetchCode().catch(() => undefined) });
}

import { Suspense, lazy, type ComponentType } from 'react';
import { FrameSpinner } from '../layout/FrameSpinner';

/**
 * A page drawn with Chakra, loaded on demand: its module and the Chakra layer are fetched together
 * (not one after the other) and the page renders inside the layer.
 */
export function styledPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => {
    const [layer, Inner] = await Promise.all([import('./ChakraLayer'), load()]);
    const Layer = layer.default;
    return { default: (props: P) => <Layer><Inner {...props} /></Layer> };
  });
  return function StyledPage(props: P) {
    return (
      <Suspense fallback={<FrameSpinner />}>
        <Page {...props} />
      </Suspense>
    );
  };
}


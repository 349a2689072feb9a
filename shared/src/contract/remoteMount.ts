/**
 * The module every remote exposes as `./mount` (see shared/webpack.cjs). It is
 * compiled into the remote itself, so `contractVersion` is the contract the
 * remote was built for — not the one of the `@leadsmith/shared` singleton the
 * shell provides at runtime. It re-exports the area's own lifecycles.
 *
 * Test builds only (LEADSMITH_TEST_FAULTS=1 at build time, see ADR 006): the
 * `leadsmith:test-fault` localStorage key injects an exception during mount
 * ("mount") or during a later render ("render"). In every other build
 * `__LEADSMITH_TEST_FAULTS__` is the literal `false` and the code is removed.
 */
import * as area from 'leadsmith-area-mount';
import type { AreaMountProps } from './areaContract';

const TEST_FAULT_KEY = 'leadsmith:test-fault';

function activeFault(): string | null {
  if (!__LEADSMITH_TEST_FAULTS__) return null;
  try {
    return window.localStorage.getItem(TEST_FAULT_KEY);
  } catch {
    return null;
  }
}

/** Props whose location throws while read during a render, as long as the "render" fault is set. */
function withRenderFault(props: unknown): unknown {
  const real = props as AreaMountProps;
  if (!real || typeof real !== 'object' || !real.location) return props;
  const location = { ...real.location };
  Object.defineProperty(location, 'search', {
    enumerable: true,
    get() {
      if (activeFault() === 'render') throw new Error('Injected test fault: render');
      return real.location.search;
    },
  });
  return { ...real, location };
}

export const contractVersion: string = __AREA_CONTRACT_VERSION__;
export const bootstrap = area.bootstrap;
export const unmount = area.unmount;
export const mount = __LEADSMITH_TEST_FAULTS__
  ? async (props: unknown) => {
      if (activeFault() === 'mount') throw new Error('Injected test fault: mount');
      return area.mount(props);
    }
  : area.mount;
export const update = __LEADSMITH_TEST_FAULTS__
  ? async (props: unknown) => area.update?.(withRenderFault(props))
  : area.update;

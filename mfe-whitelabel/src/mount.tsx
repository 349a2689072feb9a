import { createAreaLifecycles } from '@leadsmith/shared';
import { App } from './App';
import { NAMESPACE, translations } from './locales';

// The one module this remote exposes (`./mount`): single-spa lifecycles plus its contract version.
export const { contractVersion, bootstrap, mount, unmount, update } = createAreaLifecycles({
  remote: __APP_NAME__,
  version: __APP_VERSION__,
  namespace: NAMESPACE,
  translations,
  App,
});

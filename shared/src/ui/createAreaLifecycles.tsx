import React, { type ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import {
  AREA_CONTRACT_VERSION,
  errorToReport,
  i18n,
  loadAreaLanguage,
  registerAreaTranslations,
  reportAppError,
  type AreaModule,
  type AreaMountProps,
  type AreaTranslations,
} from '@leadsmith/shared/core';
import { AreaRoot } from './AreaRoot';
import { preloadAreaScreen, type AreaRouteConfig } from './AreaRoutes';
import { ErrorState } from './ErrorState';

export interface AreaDefinitionOptions {
  /** Federation name, e.g. `mfe_admin`. */
  remote: string;
  /** Version of the remote's build (its package.json version). */
  version: string;
  /** i18n namespace of the area. */
  namespace: string;
  translations: AreaTranslations;
  /** The area's root component (its route table). */
  App: ComponentType;
  /** The route table `App` renders: the screen a first mount opens on starts loading while the area's texts do. */
  routes?: AreaRouteConfig[];
}

/**
 * Builds the `./mount` module of an area: single-spa-react lifecycles whose
 * root wraps the area in its providers, plus the contract version it was
 * built for.
 */
export function createAreaLifecycles({
  remote,
  version,
  namespace,
  translations,
  App,
  routes,
}: AreaDefinitionOptions): AreaModule {
  registerAreaTranslations(namespace, translations);
  function Root(props: AreaMountProps) {
    return (
      <AreaRoot {...props} remote={remote} remoteVersion={version}>
        <App />
      </AreaRoot>
    );
  }
  const lifecycles = singleSpaReact<AreaMountProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: (error: Error) => {
      reportAppError({ ...errorToReport(error), remote, remote_version: version });
      return <ErrorState title={i18n.t('common:errors.somethingWrong')} />;
    },
  });
  return {
    contractVersion: AREA_CONTRACT_VERSION,
    // The area's texts in the page's language arrive before its first render (English shows if they cannot).
    bootstrap: async (props: unknown) => {
      const { location, basename } = props as Partial<AreaMountProps>;
      if (routes && location) preloadAreaScreen(routes, location.pathname, basename);
      await loadAreaLanguage(namespace).catch((error: unknown) =>
        console.error(`[i18n] the texts of ${namespace} in the page's language could not be loaded`, error),
      );
      return (lifecycles.bootstrap as AreaModule['bootstrap'])(props);
    },
    mount: lifecycles.mount as AreaModule['mount'],
    unmount: lifecycles.unmount as AreaModule['unmount'],
    update: lifecycles.update as AreaModule['update'],
  };
}

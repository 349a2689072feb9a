// The boot surface of @leadsmith/shared, shared on its own key (`@leadsmith/shared/core`): what the
// shell needs to draw its frame (session, branding, areas, API client, i18n, error reporting) with
// no Chakra, forms or validation behind it. The full library re-exports it through that key, so the
// shell and every remote hold one session store, query client and i18n instance. Files of the full
// library reach these modules only through `@leadsmith/shared/core`, never by a relative path (a
// relative import would bundle a second copy into the full library's chunk; core.test.ts checks).
export * from './contract/areaContract';
export * from './areas/areas';
export * from './areas/paths';
export * from './api/client';
export * from './toast/toast';
export * from './api/typedApi';
export * from './api/bootPrefetch';
export * from './api/queryClient';
export * from './session/types';
export * from './session/sessionStore';
export * from './session/sessionQueries';
export * from './session/tokenStorage';
export * from './i18n/i18n';
export * from './theme/branding';
export * from './constants';
export * from './ui/ErrorBoundary';
export * from './ui/reportAppError';
export { enableErrorTracking, errorTrackingEnabled } from './ui/errorTracking';

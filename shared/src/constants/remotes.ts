/**
 * The area remotes, once: the area each renders, its folder in the repository and its Module Federation
 * name. The shell's areas (shared/src/areas/areas.ts) and the API's delivery of remote builds
 * (api/src/web/remotes.ts) both read this list.
 */
export const REMOTES = [
  { area: 'settings', folder: 'mfe-settings', name: 'mfe_settings' },
  { area: 'ai', folder: 'mfe-ai', name: 'mfe_ai' },
  { area: 'lead-search', folder: 'mfe-lead-search', name: 'mfe_lead_search' },
  { area: 'whitelabel', folder: 'mfe-whitelabel', name: 'mfe_whitelabel' },
  { area: 'admin', folder: 'mfe-admin', name: 'mfe_admin' },
] as const;

export type RemoteDefinition = (typeof REMOTES)[number];
/** An area of the app, each rendered by one remote. */
export type RemoteArea = RemoteDefinition['area'];
export type RemoteFolder = RemoteDefinition['folder'];
export type RemoteName = RemoteDefinition['name'];

/** The remote that renders `area`. */
export function remoteOf<A extends RemoteArea>(area: A): Extract<RemoteDefinition, { area: A }> {
  const found = REMOTES.find((r) => r.area === area);
  if (!found) throw new Error(`Unknown area "${area}"`);
  return found as Extract<RemoteDefinition, { area: A }>;
}

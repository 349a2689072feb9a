/**
 * Monolith build only (scripts/monolith/webpack.config.cjs swaps this in for
 * shell/src/federation/loadArea.ts): the five areas' App components are imported
 * statically and wrapped in the same lifecycles, so the shell's routes, gating and
 * Parcel mounting are unchanged — only Module Federation is gone. For the benchmark.
 */
import {
  AREA_CONTRACT_VERSION,
  createAreaLifecycles,
  type AreaDefinition,
  type AreaDefinitionOptions,
  type AreaModule,
} from '@leadsmith/shared';
import { App as SettingsApp } from '../../mfe-settings/src/App';
import { NAMESPACE as settingsNs, translations as settingsTexts } from '../../mfe-settings/src/locales';
import { App as AiApp } from '../../mfe-ai/src/App';
import { NAMESPACE as aiNs, translations as aiTexts } from '../../mfe-ai/src/locales';
import { App as LeadSearchApp } from '../../mfe-lead-search/src/App';
import { NAMESPACE as leadSearchNs, translations as leadSearchTexts } from '../../mfe-lead-search/src/locales';
import { App as WhitelabelApp } from '../../mfe-whitelabel/src/App';
import { NAMESPACE as whitelabelNs, translations as whitelabelTexts } from '../../mfe-whitelabel/src/locales';
import { App as AdminApp } from '../../mfe-admin/src/App';
import { NAMESPACE as adminNs, translations as adminTexts } from '../../mfe-admin/src/locales';
import { recordRemote } from '../../shell/src/federation/diagnostics';
import type { RemoteRegistry } from '../../shell/src/federation/remoteRegistry';

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: string) {
    super(`Area "${remote}" is not part of this build`);
    this.name = 'RemoteUnavailableError';
  }
}

/** Never thrown here (one build, one contract); kept so the shell's code compiles unchanged. */
export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly remoteContract: string | undefined,
  ) {
    super(`Area "${remote}" speaks contract ${remoteContract ?? 'unknown'}`);
    this.name = 'IncompatibleRemoteError';
  }
}

export interface LoadedArea {
  module: AreaModule;
  version: string;
}

const VERSION = `monolith-${__APP_VERSION__}`;

const AREAS: Record<string, Omit<AreaDefinitionOptions, 'remote' | 'version'>> = {
  mfe_settings: { namespace: settingsNs, translations: settingsTexts, App: SettingsApp },
  mfe_ai: { namespace: aiNs, translations: aiTexts, App: AiApp },
  mfe_lead_search: { namespace: leadSearchNs, translations: leadSearchTexts, App: LeadSearchApp },
  mfe_whitelabel: { namespace: whitelabelNs, translations: whitelabelTexts, App: WhitelabelApp },
  mfe_admin: { namespace: adminNs, translations: adminTexts, App: AdminApp },
};

const modules = new Map<string, AreaModule>();

export async function loadArea(area: AreaDefinition, _registry?: RemoteRegistry): Promise<LoadedArea> {
  const options = AREAS[area.remote];
  if (!options) throw new RemoteUnavailableError(area.remote);
  let module = modules.get(area.remote);
  if (!module) {
    module = createAreaLifecycles({ ...options, remote: area.remote, version: VERSION });
    modules.set(area.remote, module);
  }
  recordRemote({
    remote: area.remote,
    version: VERSION,
    manifestUrl: '(bundled)',
    status: 'loaded',
    loadMs: 0,
    contractVersion: AREA_CONTRACT_VERSION,
  });
  return { module, version: VERSION };
}

/** No federation share scope in the monolith: nothing to inspect. */
export async function inspectShareScope(): Promise<void> {}

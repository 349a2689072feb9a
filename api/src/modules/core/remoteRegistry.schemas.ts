import { StringEnum, Type } from '../../http/contract';

/** Each remote's Module Federation name → the version to load and its manifest; `source` says when an override decided it. */
export const RemoteRegistrySchema = Type.Object({
  remotes: Type.Record(
    Type.String(),
    Type.Object({
      version: Type.String(),
      manifestUrl: Type.String(),
      source: Type.Optional(StringEnum(['pinned', 'canary'] as const)),
    }),
  ),
});

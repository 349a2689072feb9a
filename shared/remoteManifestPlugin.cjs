// Writes a remote's mf-manifest.json: what the shell needs to load the remote with webpack's own
// container runtime (ADR 060) — the entry's file and global, the files of the exposed `./mount`
// (fetched beside the entry, not after it), and the shared packages the remote offers and requires
// (the diagnostics panel's version check). The shape is the subset of Module Federation's manifest
// format the shell reads, plus `metaData.runtime`, which names the runtime the entry was built for.
const webpack = require('webpack');

const NAME = 'RemoteManifestPlugin';
/** The runtime a remote's entry needs; the shell refuses a manifest that names another. */
const RUNTIME = 'webpack-container';
/** The chunk of the exposed `./mount` (the same name Module Federation's own plugin gives it). */
const MOUNT_CHUNK = '__federation_expose_mount';

class RemoteManifestPlugin {
  /** @param {{ name: string, version: string, shared: Record<string, { version?: string, requiredVersion?: string | false, singleton?: boolean }> }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the content hashes are final (the file names it lists), before compression.
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const group = compilation.namedChunkGroups.get(MOUNT_CHUNK);
          if (!group) throw new Error(`${NAME}: the exposed ./mount chunk "${MOUNT_CHUNK}" was not built`);
          const files = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
          // The shared packages the mount's own chunks consume: the shell fetches its copies while the entry loads.
          const requires = new Set();
          for (const chunk of group.chunks)
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk))
              if (module.type === 'consume-shared-module') requires.add(module.options.shareKey);
          const { name, version, shared } = this.options;
          const manifest = {
            id: name,
            name,
            metaData: {
              name,
              buildInfo: { buildVersion: version },
              remoteEntry: { name: 'remoteEntry.js', path: '', type: 'var' },
              globalName: name,
              publicPath: 'auto',
              runtime: RUNTIME,
            },
            shared: Object.entries(shared)
              .filter(([key]) => !key.endsWith('/'))
              .map(([key, config]) => ({
                name: key,
                version: config.version ?? null,
                singleton: config.singleton === true,
                requiredVersion: config.requiredVersion ?? false,
              })),
            exposes: [
              {
                name: 'mount',
                path: './mount',
                requires: [...requires].sort(),
                assets: { js: { sync: files, async: [] } },
              },
            ],
          };
          compilation.emitAsset('mf-manifest.json', new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}

module.exports = { RemoteManifestPlugin, MOUNT_CHUNK, RUNTIME };

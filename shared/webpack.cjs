// One webpack factory for the shell and the five remotes, so their builds
// differ only in what they declare (name, exposes, port).
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { sharedSingletons, remoteShared, surfaceAliases } = require('./federation.cjs');
const { contractVersionForBuild, releaseVersion } = require('./release.cjs');
const { ShellHtmlPlugin } = require('./shellHtmlPlugin.cjs');
const { CompressAssetsPlugin } = require('./compressAssetsPlugin.cjs');
const { RemoteManifestPlugin, MOUNT_CHUNK } = require('./remoteManifestPlugin.cjs');

/** webpack's own Module Federation (ADR 060): its container runtime, not a runtime library in the page. */
const { ModuleFederationPlugin } = webpack.container;

const swcRule = (prod) => ({
  test: /\.[cm]?[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !prod, refresh: false } },
        target: 'es2020',
      },
    },
  },
});

/**
 * Stylesheets a package ships (e.g. @xyflow/react's) are imported as text (webpack's built-in
 * asset/source, no loader package) and injected by the component that needs them, once.
 */
const cssAsTextRule = { test: /\.css$/, type: 'asset/source' };

/** Chakra's theme data with its definitions marked pure (see pureDefinitionsLoader.cjs). */
const chakraThemeRule = {
  test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](theme[\\/]|preset-base\.js$)/,
  use: path.join(__dirname, 'pureDefinitionsLoader.cjs'),
};

/**
 * Whether a module sits, as webpack first places modules (before this split), in the chunk that
 * holds `file`: the chunk of an async import or of a shared module's provider is that file's static
 * graph. The cache groups below take such chunks whole by naming one file of each, instead of listing
 * paths a move would break.
 */
function inChunkOf(file) {
  const holds = new WeakMap();
  return (module, { chunkGraph }) => {
    for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
      if (!holds.has(chunk))
        holds.set(
          chunk,
          [...chunkGraph.getChunkModulesIterable(chunk)].some((m) => m.resource === file),
        );
      if (holds.get(chunk)) return true;
    }
    return false;
  };
}

/**
 * The libraries the shell runs before its sidebar (React, the router with its surface module, React
 * Query, i18n, axios, zustand), the shell's app (its `import('./bootstrap')`) and the shared library's
 * boot surface (`@leadsmith/shared/core`, shared/src/core.ts): one chunk instead of one per shared
 * package and one each for the app and the core, so the first load makes a handful of requests, not a
 * dozen (`npm run bench`, "requests before sidebar"; ADR 059). Each library is still provided to the
 * share scope on its own key; providing any of them loads this chunk, which the boot script fetches at
 * once anyway. Chakra, the full shared library and the rest load with the first area.
 */
const STARTUP_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|axios|zustand)[\\/]|[\\/]\.federation[\\/](react-router|react-i18next|_tanstack_react-query)\.mjs$/;
const inShellApp = inChunkOf(path.join(__dirname, '../shell/src/bootstrap.tsx'));
const inSharedCore = inChunkOf(path.join(__dirname, 'src/core.ts'));
const shellStartupGroup = {
  name: 'startup',
  chunks: 'async',
  test: (module, context) =>
    STARTUP_LIBRARIES.test(module.resource ?? '') || inShellApp(module, context) || inSharedCore(module, context),
  enforce: true,
  priority: 20,
};

/**
 * The libraries the first area needs from the shell (Chakra with its state machines and Emotion, the
 * forms, toasts, single-spa), the full shared library (shared/src/index.ts: its core is in `startup`)
 * and the shell's glue that needs them (the area switch, the Chakra layer, the toast container): one
 * chunk, fetched when an area or a styled page first mounts, instead of twelve (ADR 059).
 */
const AREA_LIBRARIES =
  /[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@floating-ui|@emotion|@pandacss|stylis|hoist-non-react-statics|react-is|@babel[\\/]runtime|react-toastify|clsx|react-hook-form|@hookform|yup|tiny-case|toposort|property-expr|single-spa|single-spa-react)[\\/]|[\\/]\.federation[\\/]_chakra-ui_react\.mjs$/;
const inAreaLibraryChunk = [
  'src/index.ts',
  '../shell/src/areas/AreaSwitch.tsx',
  '../shell/src/app/ChakraLayer.tsx',
  '../shell/src/app/Toasts.tsx',
].map((file) => inChunkOf(path.join(__dirname, file)));
const shellAreaGroup = {
  name: 'area-libraries',
  chunks: 'async',
  test: (module, context) =>
    AREA_LIBRARIES.test(module.resource ?? '') || inAreaLibraryChunk.some((inChunk) => inChunk(module, context)),
  enforce: true,
  priority: 10,
};

/**
 * @param {{ dir: string, kind: 'host' | 'remote', name: string, port: number }} options
 */
function createWebpackConfig({ dir, kind, name, port }) {
  const pkg = require(path.join(dir, 'package.json'));
  return (_env, argv) => {
    const prod = argv.mode !== 'development';
    const isRemote = kind === 'remote';
    // RELEASE_VERSION builds a second version beside the first (canaries, tests); the
    // package.json version stays the repository's current release.
    const version = isRemote ? releaseVersion(pkg.version) : pkg.version;
    // Remotes build into a folder named by their version: ready to copy to static hosting.
    const outDir = isRemote ? path.join(dir, 'dist', version) : path.join(dir, 'dist');
    // Test-only fault injection (see shared/src/contract/remoteMount.ts); never set for a real release.
    const testFaults = isRemote && process.env.LEADSMITH_TEST_FAULTS === '1';
    const hashed = prod ? '[name].[contenthash:8].js' : '[name].js';
    const shared = isRemote ? remoteShared(sharedSingletons()) : sharedSingletons();
    return {
      context: dir,
      mode: prod ? 'production' : 'development',
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      entry: isRemote ? {} : { main: './src/index.ts' },
      output: {
        path: outDir,
        publicPath: isRemote ? 'auto' : '/',
        uniqueName: name,
        // Entry files keep stable names (the federation runtime resolves them without a
        // content hash); the HTML references them with a hash query, chunks are hashed.
        filename: '[name].js',
        chunkFilename: hashed,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.json'],
        // The exposed `./mount` is a wrapper compiled into the remote; it re-exports the area's own mount.
        alias: {
          ...surfaceAliases(),
          ...(isRemote ? { 'leadsmith-area-mount$': path.join(dir, 'src/mount.tsx') } : {}),
        },
      },
      module: { rules: [swcRule(prod), cssAsTextRule, chakraThemeRule] },
      plugins: [
        new ModuleFederationPlugin({
          name,
          // The shell loads no remote by configuration: it loads the ones a user is entitled to, from
          // their manifests, when an area is opened (shell/src/federation/container.ts).
          ...(isRemote
            ? {
                filename: 'remoteEntry.js',
                library: { type: 'var', name },
                exposes: {
                  './mount': { import: path.join(__dirname, 'src/contract/remoteMount.ts'), name: MOUNT_CHUNK },
                },
              }
            : {}),
          shared,
        }),
        ...(isRemote ? [new RemoteManifestPlugin({ name, version, shared })] : []),
        new webpack.DefinePlugin({
          __APP_NAME__: JSON.stringify(name),
          __APP_VERSION__: JSON.stringify(version),
          // The contract this build speaks, compiled into the remote (not read from the shared singleton).
          __AREA_CONTRACT_VERSION__: JSON.stringify(contractVersionForBuild()),
          __LEADSMITH_TEST_FAULTS__: JSON.stringify(testFaults),
        }),
        ...(isRemote
          ? []
          : [
              new HtmlWebpackPlugin({ template: './public/index.html', scriptLoading: 'defer', hash: prod }),
              new ShellHtmlPlugin({
                bootScript: path.join(dir, 'public/boot-prefetch.js'),
                bootFrame: path.join(dir, 'src/boot/index.ts'),
              }),
            ]),
        ...(prod ? [new CompressAssetsPlugin()] : []),
      ],
      performance: { hints: false },
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        ...(isRemote ? {} : { splitChunks: { cacheGroups: { startup: shellStartupGroup, area: shellAreaGroup } } }),
      },
      devServer: {
        port,
        hot: false,
        liveReload: true,
        historyApiFallback: !isRemote,
        headers: isRemote ? { 'Access-Control-Allow-Origin': '*' } : {},
        proxy: isRemote
          ? []
          : [{ context: ['/api', '/auth', '/remotes'], target: process.env.API_URL || 'http://127.0.0.1:8080' }],
      },
    };
  };
}

module.exports = { createWebpackConfig, cssAsTextRule, chakraThemeRule };

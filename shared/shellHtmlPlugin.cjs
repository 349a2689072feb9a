// What the shell's index.html gets besides its entry script, for the first load (used by the
// federated shell and by the monolith build, so both start the same way):
// - one boot script, emitted under a content hash and run before the bundle (a file, not inline:
//   the CSP forbids inline script). It is the boot prefetch (shell/public/boot-prefetch.js)
//   followed by the boot frame (shell/src/boot), built here as a bundle of its own with no package
//   and no federation: it draws the signed-in frame from the prefetched answers while the shell's
//   bundle is still loading (ADR 014);
// - `<link rel="preload">` for the chunks the entry loads right away (its async boundary
//   `import('./bootstrap')` and, in the federated build, the shell's copies of the shared
//   singletons that code consumes), so they download beside main.js instead of after it has run.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'ShellHtmlPlugin';

const PROVIDE_SHARED = 'provide-module';
const CONSUME_SHARED = 'consume-shared-module';

/**
 * Files of the chunks an entry requests as soon as it runs: the chunks of its own async imports
 * (the `import('./bootstrap')` boundary) and, for every shared module those chunks consume, the
 * chunks the federation runtime loads for it. At boot the share scope holds the shell's own
 * versions, so that is the chunk of the shell's provided module (not the consumer's fallback, a
 * second copy of the same code); followed through the shared modules those consume in turn. Shared
 * modules the shell only offers are not followed: they load when something that runs needs them,
 * e.g. Chakra with the first area.
 */
function chunksLoadedAtStart(compilation, entryName) {
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) return [];
  const { chunkGraph } = compilation;
  const inEntry = new Set(entry.chunks);
  const entryModules = entry.chunks.flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)]);
  const providers = new Map(entryModules.filter((m) => m.type === PROVIDE_SHARED).map((m) => [m._name, m]));
  const files = new Set();
  const seen = new Set();
  const visitBlocks = (module) => {
    for (const block of module.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      if (group) visitGroup(group);
    }
  };
  const visitGroup = (group) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) {
      if (!inEntry.has(chunk)) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type === CONSUME_SHARED) visitBlocks(providers.get(module.options.shareKey) ?? module);
      }
    }
  };
  for (const module of entryModules) if (module.type !== PROVIDE_SHARED) visitBlocks(module);
  return [...files].sort();
}

/** The boot frame's code may use only the frame surface of the shared library (shared/src/frame.ts). */
const FRAME_SURFACE = path.join(__dirname, 'src/frame.ts');

/**
 * Builds the boot frame: one classic script, no runtime chunks, every `@leadsmith/shared/core`
 * import resolved to the frame surface, so reaching for anything else fails the build.
 */
function buildBootFrame(entry, mode) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadsmith-boot-frame-'));
  const config = {
    mode,
    context: path.dirname(entry),
    entry: { 'boot-frame': entry },
    target: ['web', 'es2020'],
    devtool: false,
    output: { path: outDir, filename: '[name].js', iife: true },
    resolve: { extensions: ['.ts', '.js', '.json'], alias: { '@leadsmith/shared/core$': FRAME_SURFACE } },
    module: {
      // A name the frame surface does not export is an error, not a warning.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          test: /\.[jt]s$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } } },
        },
      ],
    },
    performance: { hints: false },
    optimization: { splitChunks: false, runtimeChunk: false },
  };
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      try {
        if (error) return reject(error);
        if (stats.hasErrors())
          return reject(new Error(`the boot frame did not build:\n${stats.toString('errors-only')}`));
        resolve({
          source: fs.readFileSync(path.join(outDir, 'boot-frame.js'), 'utf8'),
          files: [...stats.compilation.fileDependencies],
        });
      } finally {
        fs.rmSync(outDir, { recursive: true, force: true });
      }
    });
  });
}

const hashedName = (name, source) => `${name}.${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;

class ShellHtmlPlugin {
  /** @param {{ bootScript: string, bootFrame: string, entry?: string }} options */
  constructor({ bootScript, bootFrame, entry = 'main' }) {
    this.bootScript = bootScript;
    this.bootFrame = bootFrame;
    this.entry = entry;
  }

  apply(compiler) {
    let bootFrame;
    compiler.hooks.make.tapPromise(NAME, async (compilation) => {
      bootFrame = await buildBootFrame(this.bootFrame, compiler.options.mode);
      compilation.fileDependencies.addAll(
        bootFrame.files.filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`)),
      );
    });
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      let bootFile;
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          // One file, the prefetch first: it starts the calls, then the boot frame waits for them.
          const source = `${fs.readFileSync(this.bootScript, 'utf8')}\n${bootFrame.source}`;
          bootFile = hashedName('boot', source);
          compilation.emitAsset(bootFile, new webpack.sources.RawSource(source));
          compilation.fileDependencies.add(this.bootScript);
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = data.publicPath ?? '/';
        const tag = (tagName, attributes) => ({
          tagName,
          voidTag: tagName === 'link',
          attributes,
          meta: { plugin: NAME },
        });
        const chunks = chunksLoadedAtStart(compilation, this.entry).map((file) => `${publicPath}${file}`);
        // The boot script is async: it runs as soon as it arrives, usually before the document is
        // parsed, so the calls start as early as they can. The entry scripts are only preloaded
        // here; the boot script starts them, in order, once its frame is drawn or will not be
        // (shell/src/boot/index.ts), so their start-up tasks do not hold that frame back. The
        // chunks the entry runs at start are named on the boot script, which preloads them once it
        // has sent the boot calls: preloaded by the page, they went out first and took the
        // connections and the main thread's response handling while the calls were answering (ADR 014).
        const entryTags = data.headTags.filter((t) => t.tagName === 'script' && t.attributes.src);
        const entries = entryTags.map((t) => t.attributes.src);
        const boot = tag('script', {
          async: true,
          fetchpriority: 'high',
          src: `${publicPath}${bootFile}`,
          'data-entry': entries.join(' '),
          'data-chunks': chunks.join(' '),
        });
        const entryPreloads = entries.map((src) =>
          tag('link', { rel: 'preload', as: 'script', fetchpriority: 'high', href: src }),
        );
        data.headTags = [boot, ...entryPreloads, ...data.headTags.filter((t) => !entryTags.includes(t))];
        return data;
      });
    });
  }
}

module.exports = { ShellHtmlPlugin, chunksLoadedAtStart };

// What the shell's index.html gets besides its entry script, for the first load (used by the
// federated shell and by the monolith build, so both start the same way):
// - the boot prefetch script (shell/public/boot-prefetch.js), emitted under a content hash and
//   run before the bundle (a file, not inline: the CSP forbids inline script);
// - `<link rel="preload">` for the chunks the entry loads right away (its async boundary
//   `import('./bootstrap')` and, in the federated build, the shell's copies of the shared
//   singletons that code consumes), so they download beside main.js instead of after it has run.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
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

class ShellHtmlPlugin {
  /** @param {{ bootScript: string, entry?: string }} options */
  constructor({ bootScript, entry = 'main' }) {
    this.bootScript = bootScript;
    this.entry = entry;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      let bootFile;
      compilation.hooks.processAssets.tap({ name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const source = fs.readFileSync(this.bootScript, 'utf8');
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
        bootFile = `boot-prefetch.${hash}.js`;
        compilation.emitAsset(bootFile, new webpack.sources.RawSource(source));
        compilation.fileDependencies.add(this.bootScript);
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = data.publicPath ?? '/';
        const tag = (tagName, attributes) => ({ tagName, voidTag: tagName === 'link', attributes, meta: { plugin: NAME } });
        const files = chunksLoadedAtStart(compilation, this.entry);
        const preloads = files.map((file) => tag('link', { rel: 'preload', as: 'script', href: `${publicPath}${file}` }));
        // The entry scripts first and at high priority (a deferred script is fetched at low priority
        // otherwise, behind the preloads); the prefetch script ahead of them so it runs first.
        for (const t of data.headTags) if (t.tagName === 'script') t.attributes.fetchpriority = 'high';
        data.headTags = [tag('script', { defer: true, fetchpriority: 'high', src: `${publicPath}${bootFile}` }), ...data.headTags, ...preloads];
        return data;
      });
    });
  }
}

module.exports = { ShellHtmlPlugin, chunksLoadedAtStart };

// Writes a gzip and a brotli copy beside every text asset of a production build (app.js →
// app.js.gz, app.js.br), so the server sends files compressed once at build time instead of
// compressing each response as it goes (the API's static routes use them: api/src/web/static.ts).
// On a loaded server that per-response work held the shell's chunks, and behind them the boot
// calls waiting for a free connection, for hundreds of milliseconds.
const zlib = require('node:zlib');
const webpack = require('webpack');

const NAME = 'CompressAssetsPlugin';
const TEXT = /\.(js|css|html|json|svg|txt)$/;
/** Smaller files are sent as they are (the compression framing outweighs the gain). */
const MIN_BYTES = 1024;

class CompressAssetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!TEXT.test(name) || source.size() < MIN_BYTES) continue;
            const content = source.buffer();
            const info = { compressed: true, development: false };
            compilation.emitAsset(
              `${name}.gz`,
              new webpack.sources.RawSource(zlib.gzipSync(content, { level: 9 })),
              info,
            );
            const brotli = zlib.brotliCompressSync(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(brotli), info);
          }
        },
      );
    });
  }
}

module.exports = { CompressAssetsPlugin };

// Monolith build for comparison (npm run build:monolith): the same shell and five areas as one
// ordinary webpack app — no Module Federation, areas imported statically (scripts/monolith/loadArea.ts
// replaces shell/src/federation/loadArea.ts), same routes and gating. Used only by the benchmark.
//
// Output: monolith/dist/shell/dist — monolith/dist is a web root the API can serve on its own port:
//   npm run start:monolith   (PORT=8090, in-memory database)
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { cssAsTextRule, chakraThemeRule } = require('../../shared/webpack.cjs');
const { ShellHtmlPlugin } = require('../../shared/shellHtmlPlugin.cjs');
const { CompressAssetsPlugin } = require('../../shared/compressAssetsPlugin.cjs');

const root = path.resolve(__dirname, '../..');
const shellDir = path.join(root, 'shell');
const pkg = require(path.join(shellDir, 'package.json'));

module.exports = (_env, argv) => {
  const prod = argv.mode !== 'development';
  return {
    context: shellDir,
    mode: prod ? 'production' : 'development',
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(root, 'monolith/dist/shell/dist'),
      publicPath: '/',
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // Workspaces are hoisted: one copy of react, router, query, chakra… as with the federation singletons.
      alias: { '@leadsmith/shared$': path.join(root, 'shared/src/index.ts') },
    },
    module: {
      rules: [
        {
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
        },
        cssAsTextRule,
        chakraThemeRule,
      ],
    },
    plugins: [
      new webpack.NormalModuleReplacementPlugin(/[\\/]federation[\\/]loadArea$/, path.join(__dirname, 'loadArea.ts')),
      new webpack.DefinePlugin({ __APP_NAME__: JSON.stringify('shell'), __APP_VERSION__: JSON.stringify(pkg.version) }),
      new HtmlWebpackPlugin({ template: './public/index.html', scriptLoading: 'defer' }),
      // The same boot prefetch and preload hints as the federated shell: the comparison is of federation only.
      new ShellHtmlPlugin({
        bootScript: path.join(shellDir, 'public/boot-prefetch.js'),
        bootFrame: path.join(shellDir, 'src/boot/index.ts'),
      }),
      ...(prod ? [new CompressAssetsPlugin()] : []),
    ],
    performance: { hints: false },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
  };
};

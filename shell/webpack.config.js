const { createWebpackConfig } = require('@leadsmith/shared/webpack');

module.exports = createWebpackConfig({ dir: __dirname, kind: 'host', name: 'shell', port: 3000 });

const { createWebpackConfig } = require('@leadsmith/shared/webpack');

module.exports = createWebpackConfig({ dir: __dirname, kind: 'remote', name: 'mfe_whitelabel', port: 3004 });

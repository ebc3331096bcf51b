// The operator console (docs/decisions/0002-operator-accounts.md): a plain single-page app at /console. Not federated: it shares nothing
// with the shopper shell and the shopper's pages never load a byte of it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env = {}, argv = {}) => {
  const serving = Boolean(env.RSPACK_SERVE || process.env.RSPACK_SERVE);
  const production = argv.mode !== 'development' && !serving;
  const hash = production ? '.[contenthash:8]' : '';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: './src/index.tsx' },
    target: 'web',
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/console/',
      uniqueName: 'operator_console',
      filename: `[name]${hash}.js`,
      chunkFilename: `[name]${hash}.js`,
      cssFilename: `[name]${hash}.css`,
      assetModuleFilename: `assets/[name]${hash}[ext]`,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            env: { targets: 'chrome >= 100, safari >= 15, firefox >= 100' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    optimization: { minimize: production },
    performance: { hints: false },
    plugins: [
      new rspack.HtmlRspackPlugin({
        templateContent:
          '<!doctype html><html lang="en"><head><meta charset="utf-8" />' +
          '<meta name="viewport" content="width=device-width, initial-scale=1" /><title>Operator console</title></head>' +
          '<body><noscript>The operator console needs JavaScript.</noscript><div id="root"></div></body></html>',
      }),
    ],
    devServer: {
      port: 8090,
      historyApiFallback: { index: '/console/index.html' },
      devMiddleware: { publicPath: '/console/' },
      proxy: [{ context: ['/api'], target: process.env.API_ORIGIN || 'http://localhost:8080' }],
    },
  };
};

// The seller centre (docs/decisions/0011-seller-accounts.md): a plain single-page app at /seller. Not
// federated: it shares nothing with the shopper shell and the shopper's pages never load a byte of it.
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
      publicPath: '/seller/',
      uniqueName: 'seller_centre',
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
          '<meta name="viewport" content="width=device-width, initial-scale=1" /><title>Seller centre</title></head>' +
          '<body><noscript>The seller centre needs JavaScript.</noscript><div id="root"></div></body></html>',
      }),
    ],
    devServer: {
      port: 8091,
      historyApiFallback: { index: '/seller/index.html' },
      devMiddleware: { publicPath: '/seller/' },
      proxy: [{ context: ['/api'], target: process.env.API_ORIGIN || 'http://localhost:8080' }],
    },
  };
};

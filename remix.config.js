/**
 * Remix classic compiler. Build locations can be moved (the test run builds into .cache/) so
 * that `make test` never overwrites the build of a running `make dev`.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  serverBuildPath: process.env.REMIX_SERVER_BUILD_PATH ?? 'build/index.js',
  assetsBuildDirectory: process.env.REMIX_ASSETS_BUILD_DIR ?? 'public/build',
  publicPath: '/build/',
  serverDependenciesToBundle: [/^radix-ui/, /^@radix-ui\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};

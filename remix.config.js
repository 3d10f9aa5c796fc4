/** Remix classic compiler: the React screens live in web/app and are rendered by the Nest process. */
/** @type {import('@remix-run/dev').AppConfig} */
module.exports = {
  appDirectory: 'web/app',
  assetsBuildDirectory: 'public/build',
  publicPath: '/build/',
  serverBuildPath: 'build/server/index.js',
  serverModuleFormat: 'cjs',
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
  ignoredRouteFiles: ['**/.*', '**/*.test.*', '**/*.spec.*'],
};

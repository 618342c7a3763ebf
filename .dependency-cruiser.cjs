/**
 * The import rules of the codebase's floors, checked by `npm run deps` (part of `npm test`):
 * schemas/ and i18n/ at the bottom, src/server and src/admin above them and never importing each
 * other, and no import circle anywhere.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move the shared types or errors into a module of their own that imports none of its users.',
      from: { path: '^(src|schemas|i18n)/' },
      to: { circular: true },
    },
    {
      name: 'admin-not-server',
      severity: 'error',
      comment: 'The admin app runs in the browser: it reaches the server over HTTP only. Share code through schemas/ or i18n/.',
      from: { path: '^src/admin/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-admin',
      severity: 'error',
      comment: 'The server does not import the admin app. Share code through schemas/ or i18n/.',
      from: { path: '^src/server/' },
      to: { path: '^src/admin/' },
    },
    {
      name: 'schemas-stand-alone',
      severity: 'error',
      comment: 'schemas/ is the bottom floor: it imports only libraries and other schemas.',
      from: { path: '^schemas/' },
      to: { pathNot: '^(schemas/|node_modules/)', dependencyTypesNot: ['core'] },
    },
    {
      name: 'i18n-stand-alone',
      severity: 'error',
      comment: 'i18n/ is the bottom floor beside schemas/: it imports only libraries, schemas/ and other catalogues.',
      from: { path: '^i18n/' },
      to: { pathNot: '^(i18n/|schemas/|node_modules/)', dependencyTypesNot: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

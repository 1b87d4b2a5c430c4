/**
 * The architecture rule (../shared/ARCHITECTURE.md), checked in `npm test` by
 * backend/test/architecture.spec.ts through `npm run check:architecture` (infra/check-architecture.mjs).
 *
 * Backend
 * - common/ is what every module uses and depends on nothing of ours but config/; platform/ adapts
 *   the outside world and may use common/. Neither imports a module.
 * - A module's entities, DTOs, jobs and SQL are its own: another module calls the owner's
 *   service (and uses the plain views it answers) instead.
 * - A module says what it offers in one index.ts at its root; another module imports that file only.
 * - No two folders import each other, directly or round a loop: checked by
 *   infra/check-architecture.mjs on the graph this cruise answers, one node per module,
 *   platform adapter, common/ and config/ (and one per frontend feature).
 * Frontend
 * - A feature's folders (api/, components/, ...) are its own; another feature imports only the
 *   files at the feature's root (index.ts, a lazily loaded tab). What several features share
 *   lives in src/api, src/lib or src/app.
 */
module.exports = {
  forbidden: [
    {
      name: 'platform-and-common-import-no-module',
      comment: 'platform/ and common/ are below the modules: a module registers what they need (tokens, forFeature).',
      severity: 'error',
      from: { path: '^backend/src/(platform|common)/' },
      to: { path: '^backend/src/modules/' },
    },
    {
      name: 'common-imports-no-platform',
      comment: 'common/ sits below platform/: declare a token in common/ and let platform/ provide it.',
      severity: 'error',
      from: { path: '^backend/src/common/' },
      to: { path: '^backend/src/platform/' },
    },
    {
      name: 'module-internals-are-private',
      comment: "Another module's entities, DTOs, jobs and SQL are its internals: call the owner's service.",
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: {
        path: '^backend/src/modules/[^/]+/(.*[.]entity[.]ts$|.*[.]sql[.]ts$|dto/|jobs/|.*/dto/)',
        pathNot: '^backend/src/modules/$1/',
      },
    },
    {
      name: 'modules-import-each-other-through-index',
      comment:
        'A module says what it offers in its index.ts: another module imports that file only (add what it needs there).',
      severity: 'error',
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: {
        path: '^backend/src/modules/[^/]+/',
        pathNot: ['^backend/src/modules/$1/', '^backend/src/modules/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'feature-internals-are-private',
      comment:
        "Another feature's folders are its own: import the files at its root, or move shared code to src/api, src/lib.",
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/[^/]+/[^/]+/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'shared-code-imports-no-feature',
      comment: 'src/api and src/lib are shared by the features, so they depend on none of them.',
      severity: 'error',
      from: { path: '^frontend/src/(api|lib)/' },
      to: { path: '^frontend/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    includeOnly: '^(backend|frontend)/src/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};

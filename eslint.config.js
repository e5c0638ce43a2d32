import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

/*
 * Boundaries. The client and the server meet only in src/shared; application code never reaches
 * into test/; a client feature is reached through its index.ts or not at all; a relative import
 * stays inside its folder (a feature, or a top-level folder such as lib/ or payments/), and
 * anything further is named from the project root: #shared/, #server/, #client/, #test/.
 */
const TESTS = '**/*.test.{ts,tsx}';
const ban = (regex, message) => ({ regex, message });
/** A ban for application code only: its tests may reach past it to set up what they need. */
const APP_ONLY = new WeakSet();
const appOnly = (pattern) => (APP_ONLY.add(pattern), pattern);
const NO_TEST = appOnly(ban('^#test/', 'Application code never imports test code.'));
const NO_SERVER = ban('^#server/', 'Only the server imports the server; share through #shared/.');
const NO_CLIENT = ban('^#client/', 'Only the client imports the client; share through #shared/.');
const DEEP_FEATURE = ban(
  '^#client/features/[^/]+/(?!index$).',
  'Use another client feature through its index.ts, and your own through relative imports.',
);
const climbsOut = (levels) =>
  ban(
    `^(\\.\\./){${levels}}`,
    'A relative import stays inside its folder; reach further with #shared/, #server/, #client/ or #test/.',
  );

/*
 * The server's layers, top to bottom: the composition root (main, app, app-context,
 * create-app-context, instance-lifecycle, log-output, demo/) → features/ → payments/ → http/,
 * outbox/, cache/, jobs/, db/, events/, redis/, time/, ledger/ → config.ts. A layer imports its own
 * and the ones below it; only the composition root sees them all. A test is held to its folder's
 * layer and reaches further only through test support (#test/), as it builds the app there.
 */
const ROOT = ban(
  '^#server/((main|app|app-context|create-app-context|instance-lifecycle|log-output)\\.js$|demo/)',
  'Only the composition root imports the composition root: take what you need as a parameter.',
);
/*
 * Features may name the root's AppContext as a type, and nothing else of the root: it is the type
 * of `app.ctx`, which every route already reads through Fastify's declaration in app-context.ts,
 * and it cannot sit below features, whose services it names. Payments and below declare the part
 * they use instead (payments/payments-context.ts).
 */
const ROOT_BUT_ITS_TYPES = { ...ROOT, allowTypeImports: true };
const FEATURES = ban(
  '^#server/features/',
  'Features are above payments and the services: move what both need down to the lower layer.',
);
const PAYMENTS = ban(
  '^#server/payments/',
  'Payments are above the services (http, outbox, cache, jobs, db, events, redis, time, ledger): move what both need down.',
);
/*
 * Above payments, a payment is started, settled, revised or checked through the folder's one door,
 * payments/index.ts, which alone decides between settling now and queueing. Only the composition
 * root, which builds the settlement queue and the providers, sees further in.
 */
const PAYMENTS_DOOR = appOnly(
  ban(
    '^#server/payments/(?!index\\.js$).',
    'Reach payments through #server/payments/index.js, its one door.',
  ),
);
const ANY_SERVER = ban(
  '^(#server/|\\./)',
  'config.ts is the bottom layer: it imports nothing of the server.',
);

/** The import rule for `files`: application code gets every pattern, its tests all but appOnly's. */
function boundary(files, ...patterns) {
  // typescript-eslint's form of the rule: the same options, plus allowTypeImports.
  const rule = (list) => ({
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: list }],
  });
  return [
    { files, ignores: [TESTS], rules: rule(patterns) },
    {
      files: files.map((glob) => [glob, TESTS]),
      rules: rule(patterns.filter((pattern) => !APP_ONLY.has(pattern))),
    },
  ];
}

/*
 * The client's layers, top to bottom: the app's root (main, app, entry-server, routes, screens,
 * page-data, page-answers, query-client) → features/ → components/ → lib/. As on the server, a
 * layer imports its own and the ones below it.
 */
const CLIENT_ROOT = ban(
  '^#client/(app|main|entry-server|routes|screens|page-data|page-answers|query-client)$',
  "Only the app's root imports the root: take what you need as a prop or a parameter.",
);
const CLIENT_FEATURES = ban(
  '^#client/features/',
  'Components and lib are below the features: move what both need down to lib/ or components/.',
);
const CLIENT_COMPONENTS = ban(
  '^#client/components/',
  'lib/ is the bottom layer of the client: move what it needs of components/ down into it.',
);

/*
 * The admin feature is split in sub-features (artists/, categories/, event/, finance/, activity/,
 * messages/, analytics/), each reached through its index.ts like a feature, so a tab's parts are
 * its own. What several of them use sits at the admin level, open to all: its files, and api/ for
 * the shared queries.
 */
const ADMIN_SIDEWAYS = ban(
  '^\\.\\./(?!api/)[^/]+/(?!index$).',
  'Use another admin sub-feature through its index.ts (../artists); move what several share up to the admin level (../tab-heading, ../api/admin-queries).',
);
const ADMIN_DOWN = ban(
  '^\\./(?!api/)[^/]+/(?!index$).',
  'Use an admin sub-feature through its index.ts (./artists), and export there what the admin level needs.',
);

const SHARED = [NO_TEST, NO_SERVER, NO_CLIENT];
const SERVER = [NO_TEST, NO_CLIENT];
const CLIENT = [NO_TEST, NO_SERVER, DEEP_FEATURE];

/** A server folder's rule: the layers above it refused, relative imports kept inside it. */
const serverFolder = (folder, ...above) => [
  ...boundary([`src/server/${folder}/**/*.ts`], ...SERVER, ...above, climbsOut(2)),
  ...boundary([`src/server/${folder}/*.ts`], ...SERVER, ...above, climbsOut(1)),
];
const SERVICES = '{http,outbox,cache,jobs,db,events,redis,time,ledger}';
const boundaries = [
  // Later blocks win for the files they match: folders first, then their shallower files.
  ...boundary(['src/shared/**/*.ts'], ...SHARED, climbsOut(2)),
  ...boundary(['src/shared/*.ts'], ...SHARED, climbsOut(1)),
  ...boundary(['src/server/**/*.ts'], ...SERVER, climbsOut(2)),
  ...boundary(['src/server/*.ts'], ...SERVER, climbsOut(1)),
  ...boundary(['src/server/config.ts'], ...SERVER, ANY_SERVER),
  ...serverFolder('demo', PAYMENTS_DOOR),
  ...serverFolder('features/*', ROOT_BUT_ITS_TYPES, PAYMENTS_DOOR),
  ...serverFolder('payments', ROOT, FEATURES),
  ...serverFolder(SERVICES, ROOT, FEATURES, PAYMENTS),
  ...boundary(['src/client/**/*.{ts,tsx}'], ...CLIENT, climbsOut(2)),
  ...boundary(['src/client/*.{ts,tsx}'], ...CLIENT, climbsOut(1)),
  ...boundary(['src/client/features/*/*.{ts,tsx}'], ...CLIENT, CLIENT_ROOT, climbsOut(1)),
  ...boundary(['src/client/features/*/*/*.{ts,tsx}'], ...CLIENT, CLIENT_ROOT, climbsOut(2)),
  ...boundary(
    ['src/client/features/admin/*.{ts,tsx}'],
    ...CLIENT,
    CLIENT_ROOT,
    climbsOut(1),
    ADMIN_DOWN,
  ),
  ...boundary(
    ['src/client/features/admin/*/*.{ts,tsx}'],
    ...CLIENT,
    CLIENT_ROOT,
    climbsOut(2),
    ADMIN_SIDEWAYS,
  ),
  ...boundary(
    ['src/client/components/**/*.{ts,tsx}'],
    ...CLIENT,
    CLIENT_ROOT,
    CLIENT_FEATURES,
    climbsOut(2),
  ),
  ...boundary(
    ['src/client/lib/**/*.{ts,tsx}'],
    ...CLIENT,
    CLIENT_ROOT,
    CLIENT_FEATURES,
    CLIENT_COMPONENTS,
    climbsOut(1),
  ),
  // The route table is where screens are wired in: it may load any feature's page lazily.
  ...boundary(['src/client/routes.tsx'], NO_TEST, NO_SERVER, climbsOut(1)),
  ...boundary(['{test,bench}/**/*.{ts,tsx}'], climbsOut(2)),
  ...boundary(['{test,bench,e2e,scripts}/*.{ts,tsx}', '*.ts'], climbsOut(1)),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.e2e-build',
      '.soak-build',
      'data',
      'migrations',
      'node_modules',
      'test-results',
      'playwright-report',
      'public',
      '.bench',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/config.ts only.',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // Tooling outside the app (config, scripts, tests, bench) may read the environment directly.
    files: [
      'src/server/config.ts',
      '**/*.test.{ts,tsx}',
      'scripts/**',
      'test/**',
      'e2e/**',
      'bench/**',
      '*.config.ts',
      '*.config.js',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  ...boundaries,
  {
    // Type-aware: a promise nobody awaits hides its failure; one passed where a void callback is
    // expected fails unseen.
    files: ['{src,test,e2e,bench,scripts}/**/*.{ts,tsx}', '*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  prettier,
);

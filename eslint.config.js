import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Which folder may import which (docs/decisions/0005-lint-boundaries.md): client -> shared <- server;
// in the server, routers and http -> services -> db, with trpc/ as the routers' plumbing and main.ts,
// app.ts, deps.ts, config.ts and cli/ as the composition root that wires them. A rule that must bend
// is changed here on purpose, with a decision note.
const server = 'src/server';
const root = [`${server}/app.ts`, `${server}/main.ts`, `${server}/background-jobs.ts`, `${server}/cli`];
// The business domains are the folders of services/ (docs/decisions/0005-lint-boundaries.md): a new folder is
// a new domain, covered by the zones below without editing them.
const domains = readdirSync(`${server}/services`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const domainZones = domains.map((domain) => ({
  target: `${server}/services/${domain}`,
  from: `${server}/services`,
  except: [
    `./${domain}`,
    ...domains.filter((other) => other !== domain).map((other) => `./${other}/index.ts`),
  ],
  message: `Another domain is reached through its index.ts only (services/<domain>/index.ts), never its private files.`,
}));
const layers = [
  {
    target: 'src/client',
    from: server,
    // The router's type, which tRPC's client is typed with; the rule below keeps it a type import.
    except: ['./routers/index.ts'],
    message: 'The client imports src/shared only (client -> shared <- server); call the server through tRPC.',
  },
  {
    target: 'src/shared',
    from: ['src/client', server],
    message: 'src/shared is what both sides import: it imports neither.',
  },
  { target: server, from: 'src/client', message: 'The server imports src/shared only, never the client.' },
  ...domainZones,
  {
    target: `${server}/platform`,
    from: `${server}/services`,
    message: 'The platform floor is not business: it imports no domain (services/); domains import it.',
  },
  {
    target: [`${server}/services`, `${server}/platform`],
    from: [`${server}/routers`, `${server}/http`, `${server}/trpc`, `${server}/openapi`, ...root],
    message:
      'A service never knows it is behind HTTP: it imports db/, other services, src/shared, and the types of deps.ts and config.ts.',
  },
  {
    target: `${server}/db`,
    from: [
      `${server}/services`,
      `${server}/platform`,
      `${server}/routers`,
      `${server}/http`,
      `${server}/trpc`,
      `${server}/openapi`,
      `${server}/deps.ts`,
      ...root,
    ],
    message: 'db/ is the bottom layer: tables, the connection and migrations import nothing above them.',
  },
  {
    target: `${server}/routers`,
    from: [`${server}/db`, `${server}/http`, `${server}/openapi`, ...root],
    message:
      'Routers are thin (authorise, call a service, shape the answer): queries belong in services, HTTP details in http/.',
  },
  {
    target: [`${server}/http`, `${server}/trpc`],
    from: `${server}/db`,
    // Telling a database that does not answer (503) from a failure (500) is the driver's knowledge.
    except: ['./errors.ts'],
    message: 'http/ and trpc/ reach the database through services.',
  },
  {
    target: [`${server}/http`, `${server}/trpc`, `${server}/openapi`],
    from: root,
    message: 'Only the composition root imports app.ts, main.ts and cli/.',
  },
  {
    target: `${server}/trpc`,
    from: [`${server}/routers`, `${server}/openapi`],
    message: 'trpc/ is the plumbing routers are built with; it never imports them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist*',
      'data*',
      'src/server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files an import leads to are TypeScript too: without the parser they are skipped silently.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layers }],
      // Type-only imports are not followed: they vanish from the build and cannot make a cycle at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${server}/services/**/*.ts`, `${server}/platform/**/*.ts`, `${server}/db/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*', '@trpc/*', 'trpc-to-openapi'],
              message:
                'Services and db/ never import Fastify or tRPC: they are plain functions over explicit deps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/routers', '**/server/routers/index'],
              allowTypeImports: true,
              message: 'Only the AppRouter type crosses to the client (import type), never the server code.',
            },
          ],
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The client's zones (see clientZones below): the server's layers plus who may touch which feature.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...layers, ...clientZones()] },
      ],
    },
  },
);

// ---- Client: who may touch what (docs/decisions/0015-client-feature-rooms.md) ----
// bulletproof-react's zones (no feature imports another; app -> features -> shared parts), written
// from the folder list so that a new features/<domain>/ is covered without editing this rule. A
// feature's index.ts is what others may import; its admin/index.ts is for the admin shell only
// (features/admin), and features/admin/kit/index.ts is the admin kit every admin section builds with.
function clientZones() {
  const client = 'src/client';
  const features = `${client}/features`;
  const domains = readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const shared = [`${client}/components`, `${client}/lib`, `${client}/styles`];
  return [
    ...domains.map((domain) => ({
      target: `${features}/${domain}`,
      from: features,
      except: [
        `./${domain}`,
        ...domains.filter((other) => other !== domain).map((other) => `./${other}/index.ts`),
        ...(domain === 'admin' ? domains.map((other) => `./${other}/admin/index.ts`) : []),
        './admin/kit/index.ts',
      ],
      message: `features/${domain} imports another feature only through its index.ts (the admin shell: a domain's admin/index.ts; admin sections: features/admin/kit).`,
    })),
    {
      target: `${features}/admin/kit`,
      from: features,
      except: ['./admin/kit'],
      message:
        'The admin kit knows no domain: domains build their admin sections from it, not the other way round.',
    },
    {
      target: [features, ...shared],
      from: `${client}/pages`,
      message: 'Pages put features together; nothing imports a page.',
    },
    {
      target: shared,
      from: features,
      message: 'components/, lib/ and styles/ are shared by every feature and import none.',
    },
  ];
}

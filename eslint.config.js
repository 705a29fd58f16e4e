import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Which folder may import which (docs/decisions/0005-lint-boundaries.md): client -> shared <- server;
// in the server, the composition root -> domains -> the web and platform floors. A rule that must bend
// is changed here on purpose, with a decision note. The folder lists are read here, so a new domain
// or a new root file is covered without editing the rules.
const server = 'src/server';
const web = `${server}/web`;
const platform = `${server}/platform`;
const domainsFolder = `${server}/domains`;
const folderNames = (folder) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
// One room per business domain: a new folder of domains/ is a new domain.
const domains = folderNames(domainsFolder);
// The composition root wires the floors and the domains together (main.ts, app.ts, router.ts, cli/...):
// everything at the top of src/server but the floors, the domains, and the types every layer shares
// (deps.ts, config.ts).
const root = readdirSync(server)
  .filter((name) => !['web', 'platform', 'domains', 'deps.ts', 'config.ts'].includes(name))
  .map((name) => `${server}/${name}`);
const otherDomains = (domain) => domains.filter((other) => other !== domain);
const domainFiles = (domain) =>
  readdirSync(`${domainsFolder}/${domain}`).map((name) => `${domainsFolder}/${domain}/${name}`);
// A domain's files that speak HTTP: its router.ts and routes/. The rest are its business.
const speaksHttp = (file) => file.endsWith('/router.ts') || file.endsWith('/routes');
const businessFiles = domains.flatMap((domain) => domainFiles(domain).filter((file) => !speaksHttp(file)));

// Where a floor still names a domain, or the composition root, by hand: each such import is listed
// here, file by file, and leaves this list when the floor stops naming it (the domains registering
// what the floors run for them). Nothing else is added to it.
const floorImportsToRemove = {
  // The mail queue marks an enquiry's acknowledgement sent, and the outbox table's foreign key names
  // the enquiry: both were hidden inside the one schema.ts before each domain owned its tables.
  'platform/outbox.ts': ['domains/contact/tables.ts'],
  'platform/db/tables.ts': ['domains/contact/tables.ts'],
  // Pages, the sitemap and the feeds list the blog's and the newsletter's addresses; the tRPC
  // plumbing checks the session, writes the activity log and types the conversions it counts.
  'web/http/pages.ts': ['domains/blog/index.ts'],
  'web/http/seo.ts': ['domains/blog/index.ts', 'domains/newsletter/index.ts'],
  'web/trpc/conversion.ts': ['domains/analytics/index.ts'],
  'web/trpc/init.ts': ['domains/auth/index.ts', 'domains/activity/index.ts'],
};

/** The server's zones; `mayImport` (paths under src/server) are the imports one floor file still makes. */
function serverZones(mayImport = []) {
  const domainExceptions = mayImport
    .filter((name) => name.startsWith('domains/'))
    .map((name) => `./${name.slice('domains/'.length)}`);
  const rootNotForbidden = root.filter((name) => !mayImport.includes(name.slice(server.length + 1)));
  return [
    {
      target: 'src/client',
      from: server,
      // The router's type, which tRPC's client is typed with; the rule below keeps it a type import.
      except: ['./router.ts'],
      message:
        'The client imports src/shared only (client -> shared <- server); call the server through tRPC.',
    },
    {
      target: 'src/shared',
      from: ['src/client', server],
      message: 'src/shared is what both sides import: it imports neither.',
    },
    { target: server, from: 'src/client', message: 'The server imports src/shared only, never the client.' },
    ...domains.map((domain) => ({
      target: domainFiles(domain).filter((file) => !file.endsWith('/tables.ts')),
      from: domainsFolder,
      except: [`./${domain}`, ...otherDomains(domain).map((other) => `./${other}/index.ts`)],
      message: `Another domain is reached through its index.ts only (domains/<domain>/index.ts): the rest of it is private, so it can change without breaking ${domain}.`,
    })),
    // A foreign key names the other table itself; through index.ts it would close a circle of imports.
    ...domains.map((domain) => ({
      target: `${domainsFolder}/${domain}/tables.ts`,
      from: domainsFolder,
      except: [`./${domain}`, ...otherDomains(domain).map((other) => `./${other}/tables.ts`)],
      message:
        "A domain's tables.ts imports another domain's tables.ts only (for a foreign key), nothing else of it.",
    })),
    {
      target: [web, platform],
      from: domainsFolder,
      ...(domainExceptions.length > 0 ? { except: domainExceptions } : {}),
      message:
        'The floors (web/, platform/) lie under every domain and name none: a domain is changed in its own folder, and registers what a floor runs for it.',
    },
    {
      target: platform,
      from: web,
      message:
        'The platform floor is below the web floor: storage, jobs, mail and the database never know about HTTP.',
    },
    {
      target: [web, platform, domainsFolder],
      from: rootNotForbidden,
      message:
        'Only the composition root (main.ts, app.ts, router.ts, cli/...) wires the floors and domains together: nothing below it imports it.',
    },
    {
      target: businessFiles,
      from: web,
      message:
        "Only a domain's router.ts and routes/ speak HTTP and tRPC: its other files are plain functions over explicit deps, called from there.",
    },
  ];
}
const layers = serverZones();

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist*',
      'data*',
      'src/server/platform/db/migrations',
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
  // A floor file that still names a domain or the composition root: its own zones, with that import allowed.
  ...Object.entries(floorImportsToRemove).map(([file, mayImport]) => ({
    files: [`${server}/${file}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: serverZones(mayImport) },
      ],
    },
  })),
  {
    files: [`${platform}/**/*.ts`, `${domainsFolder}/**/*.ts`],
    ignores: [`${domainsFolder}/*/router.ts`, `${domainsFolder}/*/routes/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*', '@trpc/*', 'trpc-to-openapi'],
              message:
                "Fastify and tRPC belong to the web floor and a domain's router.ts and routes/: the platform and a domain's business are plain functions over explicit deps.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${domainsFolder}/*/index.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message:
            "A domain's index.ts names what others may use, one by one: export * would hand out every private name of the file.",
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
              group: ['**/server/router'],
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

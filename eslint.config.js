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
// (deps.ts, config.ts, and domain-module.ts: what a domain registers).
const root = readdirSync(server)
  .filter(
    (name) => !['web', 'platform', 'domains', 'deps.ts', 'config.ts', 'domain-module.ts'].includes(name),
  )
  .map((name) => `${server}/${name}`);
const otherDomains = (domain) => domains.filter((other) => other !== domain);
const domainFiles = (domain) =>
  readdirSync(`${domainsFolder}/${domain}`).map((name) => `${domainsFolder}/${domain}/${name}`);
// A domain's files that speak HTTP: its router.ts (and, where its procedures are many, the
// <concern>-router.ts parts it merges into its one namespace) and routes/. The rest are its business.
const speaksHttp = (file) => /\/([a-z-]+-)?router\.ts$/.test(file) || file.endsWith('/routes');
const businessFiles = domains.flatMap((domain) => domainFiles(domain).filter((file) => !speaksHttp(file)));

// Where a floor still names a domain, or the composition root, by hand: each such import is listed
// here, file by file, and leaves this list when the floor stops naming it (the domains registering
// what the floors run for them). Nothing else is added to it.
// The list is empty since 2026-11-29 (the outbox's record_id): keep it so.
const floorImportsToRemove = {};

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
    // What a domain registers (its module.ts) is listed by domains.ts alone, which the rest of the
    // composition root goes through.
    {
      target: [web, platform, domainsFolder, ...root.filter((file) => file !== `${server}/domains.ts`)],
      from: domains.map((domain) => `${domainsFolder}/${domain}/module.ts`),
      message:
        "A domain's module.ts is what it registers, read by src/server/domains.ts only: app.ts, router.ts and the job runner go through that list, so that adding a domain is one line there and no floor names it.",
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
        "Only a domain's router.ts (with its <concern>-router.ts parts) and routes/ speak HTTP and tRPC: its other files are plain functions over explicit deps, called from there.",
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
    ignores: [
      `${domainsFolder}/*/router.ts`,
      `${domainsFolder}/*/*-router.ts`,
      `${domainsFolder}/*/routes/**`,
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*', '@trpc/*', 'trpc-to-openapi'],
              message:
                "Fastify and tRPC belong to the web floor and a domain's router.ts (with its <concern>-router.ts parts) and routes/: the platform and a domain's business are plain functions over explicit deps.",
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
    plugins: { client: { rules: { 'file-names': clientFileNames() } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...layers, ...clientZones()] },
      ],
      'client/file-names': 'error',
    },
  },
  // A feature's doors, and the admin kit's, name what others may use and do nothing else: the build
  // takes the feature doors as free of side effects (vite.config.ts), so that a page loads only the
  // parts it names.
  {
    files: [
      'src/client/features/*/index.ts',
      'src/client/features/*/index.css.ts',
      'src/client/features/*/admin/index.ts',
      'src/client/components/admin/index.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message:
            'No `export *` in a door: it names each thing others may use, so that the rest stays private.',
        },
        {
          selector:
            'Program > :not(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration), ExportNamedDeclaration[declaration], ImportDeclaration[specifiers.length=0]',
          message:
            'A door only names what others may use (imports and exports, no code): the build takes it as free of side effects, so code here would be dropped.',
        },
      ],
    },
  },
);

// ---- Client: who may touch what (docs/decisions/0015-client-feature-rooms.md) ----
// bulletproof-react's zones (app -> features -> shared parts; a feature keeps its files to itself),
// written from the folder lists so that a new features/<domain>/ or page is covered without editing
// this rule. A feature's doors: index.ts, what pages, App.tsx and other features may use;
// index.css.ts, the styles another feature's style sheet builds on; admin/index.ts, its admin
// sections, for the admin shell (pages/admin/) only. The admin kit (components/admin/) is below the
// features and knows none of them.
function clientZones() {
  const client = 'src/client';
  const features = `${client}/features`;
  const pages = `${client}/pages`;
  const kit = `${client}/components/admin`;
  const folders = (dir) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  const domains = folders(features);
  const pageNames = readdirSync(pages)
    .filter((file) => file.endsWith('Page.tsx'))
    .map((file) => file.replace(/\.tsx$/, ''));
  const doors = (domain) => [`./${domain}/index.ts`, `./${domain}/index.css.ts`];
  // App.tsx (the route table's routes), main.tsx, entry-server.tsx and Providers.tsx.
  const app = `${client}/*.{ts,tsx}`;
  const shared = [
    ...folders(`${client}/components`)
      .filter((folder) => `${client}/components/${folder}` !== kit)
      .map((folder) => `${client}/components/${folder}`),
    `${client}/lib`,
    `${client}/styles`,
  ];
  const pageRule =
    'A page imports only its own files (Name.data.ts, Name.more.tsx, Name.css.ts; the admin page its shell, pages/admin/): nothing imports a page but the route table, and what two pages share is a feature or a component.';
  return [
    ...domains.map((domain) => ({
      target: `${features}/${domain}`,
      from: features,
      except: [`./${domain}`, ...domains.filter((other) => other !== domain).flatMap(doors)],
      message: `features/${domain} reaches another feature only through its index.ts (a style sheet: its index.css.ts); the rest of a feature is its own to change, and its admin sections are the admin shell's.`,
    })),
    {
      target: [`${features}/*/*.{ts,tsx}`],
      from: [`${features}/*/admin/**`],
      message:
        "A feature's parts for visitors (its index.ts too) never import admin code, so the admin stays out of the public pages; the admin shell takes a domain's admin sections from its admin/index.ts.",
    },
    {
      target: [`${pages}/*`, app],
      from: features,
      except: domains.map((domain) => `./${domain}/index.ts`),
      message:
        "A page takes a feature through its index.ts, which names what pages may use; a domain's admin sections are for the admin shell (pages/admin/).",
    },
    {
      target: `${pages}/admin`,
      from: features,
      except: domains.flatMap((domain) => [`./${domain}/index.ts`, `./${domain}/admin/index.ts`]),
      message:
        "The admin shell puts every domain's admin sections together through each feature's admin/index.ts (or its index.ts), never its files.",
    },
    {
      target: kit,
      from: features,
      message:
        'The admin kit (components/admin) knows no domain: each domain builds its admin sections from the kit, never the other way round.',
    },
    {
      target: shared,
      from: features,
      message:
        'components/, lib/ and styles/ are shared by every feature and import none: a part that knows a domain belongs in its features/<domain>/.',
    },
    {
      target: [features, pages],
      from: kit,
      except: ['./index.ts'],
      message:
        'The admin kit is used through components/admin/index.ts, which names its parts; the rest is its own.',
    },
    {
      target: [features, `${client}/components`, `${client}/lib`, `${client}/styles`, app],
      from: pages,
      message:
        'Nothing imports a page: App.tsx loads each page by the route table (src/shared/routes.ts); what pages share is a feature or a component.',
    },
    ...pageNames.map((page) => ({
      target: `${pages}/${page}.*`,
      from: [
        ...pageNames.filter((other) => other !== page).map((other) => `${pages}/${other}.*`),
        ...(page === 'AdminPage' ? [] : [`${pages}/admin/**`]),
      ],
      message: pageRule,
    })),
    { target: `${pages}/admin`, from: [`${pages}/*.*`], message: pageRule },
  ];
}

// One file naming convention in the client (decision 0015): a component is PascalCase.tsx with its
// styles in PascalCase.css.ts, a hook useThing.ts, everything else kebab-case; a page's own files
// carry its name (BlogPage.tsx, BlogPage.data.ts, HomePage.more.tsx), and styles/ holds the
// app-wide sheets (theme.css.ts).
function clientFileNames() {
  const component = /^[A-Z][A-Za-z0-9]*\.(tsx|css\.ts)$/;
  const hook = /^use[A-Z][A-Za-z0-9]*\.tsx?$/;
  const kebab = /^[a-z][a-z0-9]*(-[a-z0-9]+)*\.tsx?$/;
  const page = /^[A-Z][A-Za-z0-9]*Page(\.tsx|\.data\.ts|\.more\.tsx|\.css\.ts)$/;
  const sheet = /^[a-z][a-z0-9]*(-[a-z0-9]+)*\.css\.ts$/;
  const allowed = (file) => {
    const name = file.split('/').pop();
    if (/^pages\/[^/]+$/.test(file)) return page.test(name);
    if (file.startsWith('styles/')) return kebab.test(name) || sheet.test(name);
    return component.test(name) || hook.test(name) || kebab.test(name) || name === 'index.css.ts';
  };
  return {
    meta: {
      type: 'suggestion',
      schema: [],
      messages: {
        name: '"{{file}}": a component is PascalCase.tsx with its styles in PascalCase.css.ts, a hook useThing.ts, anything else kebab-case.ts; a page is NamePage.tsx with its NamePage.data.ts, .more.tsx and .css.ts (decision 0015).',
      },
    },
    create(context) {
      const file = context.physicalFilename.split('/src/client/')[1];
      return {
        Program(node) {
          if (file && !allowed(file)) context.report({ node, messageId: 'name', data: { file } });
        },
      };
    },
  };
}

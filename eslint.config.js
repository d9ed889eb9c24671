// One linter for the whole repo (ESLint 9 flat config). Type-aware rules are left out on purpose:
// they need a TypeScript program per file and would make `npm run lint` slow; `tsc` covers types.
//
// Import boundaries (docs: ARCHITECTURE.md section 2) are enforced by the local rule
// `nebula/import-boundaries` below, not by eslint-plugin-boundaries: that plugin classifies imports by
// the file they resolve to, and its Node resolver cannot resolve our `./x.js` specifiers of `x.ts`
// files (nor virtual files in tests), so violations went unreported. This rule works on the import
// specifier and the importing file's path alone, which is all the rules below need.
// The web app's layers (apps/web/src: app/ composes features/ and games/, which build on ui/ and lib/)
// are part of the same rule; `nebula/no-import-cycles` (scripts/eslint-no-import-cycles.js) forbids
// static import cycles in the web app.
// scripts/lint-boundaries.test.ts proves each rule fires and each allowed counterpart passes.
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noImportCycles } from './scripts/eslint-no-import-cycles.js';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** Packages that must stay pure: they run on the server, in the browser and in tests alike. */
const PURE_PACKAGES = new Set(['money', 'fairness', 'games']);
/** What `packages/contracts` may import besides its own files. */
const CONTRACTS_ALLOWED = new Set(['zod', '@nebula/money']);
/**
 * The one entry of @nebula/contracts the web may import values from: it is zod-free, while a value
 * import of any other entry pulls zod (about 25 KB gzipped) into the player's bundle. Types may come
 * from anywhere (they are erased).
 */
const WEB_CONTRACTS_VALUE_ENTRY = '@nebula/contracts/constants';
/** Database, server and infrastructure libraries that pure packages must not pull in. */
const SERVER_LIBS = new Set([
  'pg',
  'pg-pool',
  'postgres',
  'drizzle-orm',
  'drizzle-kit',
  '@electric-sql/pglite',
  'fastify',
  'ioredis',
  'redis',
  'pino',
  'ws',
  'proper-lockfile',
  'argon2',
]);
const SERVER_LIB_SCOPES = ['@fastify/'];

/** `@nebula/<name>` package name -> `apps/<dir>` for every app workspace. */
const APP_PACKAGES = new Map([
  ['@nebula/server', 'apps/server'],
  ['@nebula/web', 'apps/web'],
  ['@nebula/admin', 'apps/admin'],
]);
try {
  for (const dir of readdirSync(path.join(repoRoot, 'apps'))) {
    try {
      const { name } = JSON.parse(readFileSync(path.join(repoRoot, 'apps', dir, 'package.json'), 'utf8'));
      if (typeof name === 'string') APP_PACKAGES.set(name, `apps/${dir}`);
    } catch {
      // A folder without a package.json is not an app workspace.
    }
  }
} catch {
  // No apps/ folder: nothing to add.
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function isNodeBuiltin(specifier) {
  return (
    specifier.startsWith('node:') ||
    builtinModules.includes(specifier) ||
    builtinModules.includes(packageName(specifier))
  );
}

function isReact(name) {
  return /(^|[/-])react($|[/-])/.test(name) || name === 'preact' || name.startsWith('@types/react');
}

function isServerLib(name) {
  return SERVER_LIBS.has(name) || SERVER_LIB_SCOPES.some((scope) => name.startsWith(scope));
}

/** Where a repo-relative file lives, as far as the boundaries care. */
function zoneOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'packages' && parts.length > 2) {
    const constants = parts[1] === 'contracts' && parts[2] === 'src' && parts[3] === 'constants';
    return { kind: 'package', name: parts[1], constants };
  }
  if (parts[0] === 'apps' && parts.length > 2) {
    const app = `apps/${parts[1]}`;
    if (app === 'apps/web' && parts[2] === 'src') {
      // Tests run in Node and never reach the bundle: they may use the schemas.
      const bundled = !/\.(test|spec)\.[cm]?[jt]sx?$/.test(file);
      // The web app's layer: app, features, games, ui or lib (main.tsx sits above them all).
      const layer = parts.length > 4 ? parts[3] : undefined;
      const feature = layer === 'features' && parts.length > 5 ? parts[4] : undefined;
      return { kind: 'app', app, layer, feature, bundled };
    }
    if (app === 'apps/server' && parts[2] === 'src' && parts[3] === 'modules' && parts.length > 5) {
      return { kind: 'app', app, module: parts[4], moduleRest: parts.slice(5).join('/') };
    }
    return { kind: 'app', app };
  }
  return { kind: 'other' };
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import boundaries of ARCHITECTURE.md section 2.' },
    schema: [],
    messages: {
      packageImportsApp:
        "packages/* must not import from apps/* ('{{specifier}}'). Move the shared code into a package.",
      packageOutside: "packages/{{name}} must not import files outside packages/ ('{{specifier}}').",
      deepPackageImport: "Import '@nebula/{{name}}' instead of reaching into its files ('{{specifier}}').",
      pureNodeBuiltin:
        "@nebula/{{name}} is pure and runs in the browser: the Node built-in '{{specifier}}' is not allowed.",
      pureReact: "@nebula/{{name}} is pure: React ('{{specifier}}') is not allowed. UI belongs in apps/web.",
      pureServerLib:
        "@nebula/{{name}} is pure: database and server libraries ('{{specifier}}') are not allowed. I/O belongs in apps/server.",
      contractsOnly:
        "@nebula/contracts may import only zod, @nebula/money and its own files, not '{{specifier}}'.",
      appImportsApp:
        "{{from}} must not import {{to}} ('{{specifier}}'). Share code through packages/* (types through @nebula/contracts).",
      featureImportsFeature:
        "Feature '{{from}}' must not import feature '{{to}}' ('{{specifier}}'). Compose features in src/app/, or move shared code to src/ui/ or src/lib/.",
      webContractsValue:
        "The web may import values of @nebula/contracts only from '{{entry}}' (zod-free): '{{specifier}}' would pull zod into the bundle. Import types with `import type`, or move the value into packages/contracts/src/constants/.",
      constantsImportsValue:
        "packages/contracts/src/constants/ stays zod-free: it may import values only from its own folder, not '{{specifier}}' (types are fine).",
      webImportsApp:
        "src/{{layer}}/ must not import src/app/ ('{{specifier}}'): app/ composes the features and games, nothing builds on it. Move the shared piece to src/ui/ (components) or src/lib/ (logic).",
      gameDeepFeature:
        "Games may use feature '{{to}}' only through its index ('features/{{to}}/index'), not '{{specifier}}'. Export what games need from the feature's index.ts.",
      moduleDeepImport:
        "Server module '{{from}}' may use module '{{to}}' only through its index ('modules/{{to}}/index.js'), not '{{specifier}}'.",
    },
  },
  create(context) {
    const file = path.relative(repoRoot, context.filename).split(path.sep).join('/');
    if (file.startsWith('..')) return {};
    const zone = zoneOf(file);
    if (zone.kind === 'other') return {};
    const dir = path.posix.dirname(file);

    function check(node, specifier, typeOnly) {
      if (typeof specifier !== 'string' || specifier.length === 0) return;
      const report = (messageId, data = {}) =>
        context.report({ node, messageId, data: { specifier, ...data } });
      const isPath = specifier.startsWith('.') || specifier.startsWith('/');

      if (isPath) {
        const target = specifier.startsWith('/')
          ? path.posix.normalize(path.relative(repoRoot, specifier).split(path.sep).join('/'))
          : path.posix.normalize(path.posix.join(dir, specifier));
        const parts = target.split('/');
        if (parts[0] === 'apps' && parts.length > 1) {
          const targetApp = `apps/${parts[1]}`;
          if (zone.kind === 'package') return report('packageImportsApp');
          if (targetApp !== zone.app) return report('appImportsApp', { from: zone.app, to: targetApp });
          if (zone.layer && zone.layer !== 'app' && parts[2] === 'src' && parts[3] === 'app') {
            return report('webImportsApp', { layer: zone.layer });
          }
          if (zone.layer === 'games' && parts[2] === 'src' && parts[3] === 'features' && parts.length > 5) {
            const rest = parts.slice(5).join('/');
            if (!/^index(\.(js|ts|tsx))?$/.test(rest)) return report('gameDeepFeature', { to: parts[4] });
          }
          if (zone.feature && parts[2] === 'src' && parts[3] === 'features' && parts.length > 4) {
            if (parts[4] !== zone.feature) {
              return report('featureImportsFeature', { from: zone.feature, to: parts[4] });
            }
          }
          if (zone.module && parts[2] === 'src' && parts[3] === 'modules' && parts.length > 4) {
            const rest = parts.slice(5).join('/');
            const isIndex = rest === '' || /^index(\.(js|ts))?$/.test(rest);
            if (parts[4] !== zone.module && !isIndex) {
              return report('moduleDeepImport', { from: zone.module, to: parts[4] });
            }
          }
          return;
        }
        if (parts[0] === 'packages' && parts.length > 1) {
          if (zone.kind !== 'package' || parts[1] !== zone.name) {
            return report('deepPackageImport', { name: parts[1] });
          }
          if (zone.constants && !typeOnly && parts[3] !== 'constants') return report('constantsImportsValue');
          return;
        }
        if (zone.kind === 'package') {
          // A relative path out of packages/ (to scripts/, the repo root...) is not a dependency a package may have.
          return report('packageOutside', { name: zone.name });
        }
        return;
      }

      const name = packageName(specifier);
      const appOfName = APP_PACKAGES.get(name);
      if (zone.kind === 'package') {
        if (appOfName) return report('packageImportsApp');
        if (zone.name === 'contracts') {
          if (!CONTRACTS_ALLOWED.has(name)) return report('contractsOnly');
          if (zone.constants && !typeOnly) return report('constantsImportsValue');
          return;
        }
        if (PURE_PACKAGES.has(zone.name)) {
          if (isNodeBuiltin(specifier)) return report('pureNodeBuiltin', { name: zone.name });
          if (isReact(name)) return report('pureReact', { name: zone.name });
          if (isServerLib(name)) return report('pureServerLib', { name: zone.name });
        }
        return;
      }
      if (appOfName && appOfName !== zone.app) {
        return report('appImportsApp', { from: zone.app, to: appOfName });
      }
      if (
        zone.bundled &&
        name === '@nebula/contracts' &&
        !typeOnly &&
        specifier !== WEB_CONTRACTS_VALUE_ENTRY
      ) {
        return report('webContractsValue', { entry: WEB_CONTRACTS_VALUE_ENTRY });
      }
    }

    const fromLiteral = (node, source, typeOnly = false) => {
      if (source && source.type === 'Literal') check(node, source.value, typeOnly);
    };
    /** `import type {...}`, `export type {...}`, or braces holding only `type` names: erased at build. */
    const erased = (node, kindKey) =>
      node[kindKey] === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s[kindKey] === 'type'));
    return {
      ImportDeclaration: (node) => fromLiteral(node, node.source, erased(node, 'importKind')),
      ExportNamedDeclaration: (node) => fromLiteral(node, node.source, erased(node, 'exportKind')),
      ExportAllDeclaration: (node) => fromLiteral(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => fromLiteral(node, node.source),
      TSImportEqualsDeclaration: (node) => {
        if (node.moduleReference?.type === 'TSExternalModuleReference') {
          fromLiteral(node, node.moduleReference.expression, node.importKind === 'type');
        }
      },
      // typescript-eslint 8 moved the specifier from `argument.literal` to `source`.
      TSImportType: (node) => fromLiteral(node, node.source ?? node.argument?.literal, true),
      CallExpression: (node) => {
        if (
          node.callee.type === 'Identifier' &&
          node.callee.name === 'require' &&
          node.arguments.length === 1
        ) {
          fromLiteral(node, node.arguments[0]);
        }
      },
    };
  },
};

const nebula = {
  meta: { name: 'nebula' },
  rules: { 'import-boundaries': importBoundaries, 'no-import-cycles': noImportCycles },
};

export default defineConfig([
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/*/data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.tmp/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `import type` is already required by tsconfig's verbatimModuleSyntax, so no lint rule for it.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      'no-console': ['warn', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Node code: the server, scripts, end-to-end specs, config files.
    files: ['apps/server/**', 'scripts/**', 'e2e/**', '**/*.config.{js,mjs,cjs,ts}', '**/*.{mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/**/*.{js,jsx,ts,tsx}', 'apps/admin/**/*.{js,jsx,ts,tsx}'],
    ignores: ['**/*.config.{js,ts}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}'],
    plugins: { nebula },
    rules: { 'nebula/import-boundaries': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{js,jsx,ts,tsx}'],
    rules: { 'nebula/no-import-cycles': 'error' },
  },
]);

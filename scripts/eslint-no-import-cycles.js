// ESLint rule `nebula/no-import-cycles`: a module must not reach itself again through its static imports.
//
// Why a local rule: eslint-plugin-import's `no-cycle` is not a dependency, and eslint-plugin-boundaries
// resolves imports with Node's resolver, which cannot resolve our `./x.js` specifiers of `x.ts` files
// (see eslint.config.js). This rule resolves relative specifiers the way Vite and tsc do here.
//
// What counts as an edge: a relative `import ... from`, `export ... from` or side-effect `import './x'`
// whose target is a TypeScript or JavaScript file. `import type` / `export type` declarations are
// erased at compile time and are not edges; `import { type A } from` is (verbatimModuleSyntax keeps it
// as a side-effect import). Dynamic `import()` is not an edge: a lazy chunk may point back.
//
// The linted file's edges come from its own (possibly unsaved) text; every other file is read from disk
// once per process (or from `settings['nebula/sources']`, repo-relative path -> text, which tests use
// for virtual fixtures). Each import that closes a cycle is reported with the cycle's path.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];
const CODE_FILE = /\.(ts|tsx|js|jsx|mjs|mts|cts)$/;

/** Resolves a relative specifier from `fromFile` to an existing code file, or null (CSS, JSON, missing). */
function resolveSpecifier(fromFile, specifier, exists) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [];
  if (CODE_FILE.test(base)) candidates.push(base);
  // `./x.js` names `x.ts` (or `x.tsx`) under the TypeScript convention.
  const stem = /\.(js|jsx|mjs)$/.test(base) ? base.replace(/\.(js|jsx|mjs)$/, '') : base;
  for (const ext of EXTENSIONS) candidates.push(stem + ext);
  for (const ext of EXTENSIONS) candidates.push(path.join(base, `index${ext}`));
  for (const candidate of candidates) {
    if (CODE_FILE.test(candidate) && exists(candidate)) return candidate;
  }
  return null;
}

/** The runtime import specifiers of a file's text (TypeScript parser; no type checking). */
function specifiersOfText(file, text) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const out = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) out.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) out.push(statement.moduleSpecifier.text);
    }
  }
  return out;
}

/** Absolute path -> resolved runtime imports, for files read from disk (one lint run = one process). */
const diskEdges = new Map();

function fileExists(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid static import cycles (a module that reaches itself through its imports).' },
    schema: [],
    messages: {
      cycle:
        "Import cycle: {{cycle}}. Break it by moving the shared piece into a module both can import ('{{specifier}}').",
    },
  },
  create(context) {
    const self = path.resolve(context.filename);
    const root = context.cwd;
    const virtual = new Map(
      Object.entries(context.settings?.['nebula/sources'] ?? {}).map(([file, text]) => [
        path.resolve(root, file),
        String(text),
      ]),
    );
    const exists = (file) => file === self || virtual.has(file) || fileExists(file);

    function edgesOf(file) {
      if (virtual.has(file)) {
        return specifiersOfText(file, virtual.get(file))
          .map((specifier) => resolveSpecifier(file, specifier, exists))
          .filter(Boolean);
      }
      let edges = diskEdges.get(file);
      if (!edges) {
        let text = '';
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          // Unreadable: no edges.
        }
        edges = specifiersOfText(file, text)
          .map((specifier) => resolveSpecifier(file, specifier, fileExists))
          .filter(Boolean);
        diskEdges.set(file, edges);
      }
      return edges;
    }

    /** A path from `start` back to the linted file, or null. `seen` is shared across this file's imports. */
    function pathBack(start, seen) {
      const stack = [[start, [start]]];
      while (stack.length > 0) {
        const [file, trail] = stack.pop();
        if (file === self) return trail;
        if (seen.has(file)) continue;
        seen.add(file);
        for (const next of edgesOf(file)) {
          if (next === self || !seen.has(next)) stack.push([next, [...trail, next]]);
        }
      }
      return null;
    }

    const rel = (file) => path.relative(root, file).split(path.sep).join('/');
    let seen = new Set();

    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(self, source.value, exists);
      if (!target || target === self) return;
      const trail = pathBack(target, seen);
      if (!trail) return;
      // The search stopped early, so `seen` holds files whose imports were not all followed.
      seen = new Set();
      context.report({
        node,
        messageId: 'cycle',
        data: { cycle: [self, ...trail].map(rel).join(' -> '), specifier: source.value },
      });
    }

    return {
      ImportDeclaration: (node) => {
        if (node.importKind !== 'type') check(node, node.source);
      },
      ExportNamedDeclaration: (node) => {
        if (node.source && node.exportKind !== 'type') check(node, node.source);
      },
      ExportAllDeclaration: (node) => {
        if (node.exportKind !== 'type') check(node, node.source);
      },
    };
  },
};

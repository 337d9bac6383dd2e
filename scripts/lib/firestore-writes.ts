/**
 * Which Firestore collections the project's code writes, read from the source with the TypeScript
 * compiler (docs/architecture.md, "Where state lives": the collections table is held to it by
 * scripts/docs-claims.test.ts).
 *
 * A write is a call of `set`, `create`, `update`, `delete` or `add` on a document or collection reference,
 * of the same methods of a transaction, batch or bulk writer with a reference as first argument, or of
 * the web SDK's `setDoc`, `updateDoc`, `deleteDoc` and `addDoc`. Its reference is followed back to the
 * `collection()` / `doc()` calls that built it (through variables, object literals, conditionals and the
 * project's own functions), and each path segment is read from the argument's type: a string literal, a
 * union of them, a template's fixed text, or an admin list's `collection` (every list of `ADMIN_LISTS`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ADMIN_LISTS } from '@insight/common/admin-lists';

/** Where the code that writes lives (tests, fakes and stand-ins excluded). */
export const WRITING_SOURCES = ['functions/src', 'hosting/src', 'scripts', 'common/src'];

export interface FirestoreWrite {
  /** The collection path without document ids: `device_snapshots/looks`, `threshold_manager/rules`. */
  collection: string;
  file: string;
  line: number;
  /** The written data names `expireAt` (a Firestore TTL field). */
  expireAt: boolean;
}

export interface UnresolvedWrite {
  file: string;
  line: number;
  text: string;
  /** The method: an update or a delete needs an existing document; so does any write to a snapshot's `ref`. */
  method: string;
  /** The reference is a read document's own (`snapshot.ref`): its collection exists already. */
  ofReadDocument: boolean;
}

const WRITE_METHODS = new Set(['set', 'create', 'update', 'delete', 'add']);
const WEB_WRITES = new Set(['setDoc', 'updateDoc', 'deleteDoc', 'addDoc']);
const REF_TYPES = /^(DocumentReference|CollectionReference)$/;
const WRITER_TYPES = /^(Transaction|WriteBatch|BulkWriter)$/;
const EXCLUDED = /(\.test\.tsx?|\.d\.ts)$|\/testing\/|^scripts\/(bench-|soak)/;

/** Production code and the seed: not the tests, their fakes, the benchmarks or harness/ (tests' own data). */
const isWritingSource = (file: string) =>
  WRITING_SOURCES.some((source) => file.startsWith(source + '/')) && !EXCLUDED.test(file);

function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && isWritingSource(path.relative(root, full))) found.push(full);
    }
  };
  for (const source of WRITING_SOURCES) walk(path.join(root, source));
  // Only files that may write: the type checker then loads what they import.
  return found.filter((file) => /\.(set|create|update|delete|add)\(|(set|update|delete|add)Doc\(/.test(readFileSync(file, 'utf8')));
}

/** A path's collection part: every other segment from the first, ids (`*`) dropped. */
export function collectionPath(segments: string[]): string {
  return segments.filter((_, index) => index % 2 === 0).join('/');
}

export function firestoreWrites(root: string): { writes: FirestoreWrite[]; unresolved: UnresolvedWrite[] } {
  const program = ts.createProgram(sourceFiles(root), {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    esModuleInterop: true,
    resolveJsonModule: true,
  });
  const checker = program.getTypeChecker();
  const writes: FirestoreWrite[] = [];
  const unresolved: UnresolvedWrite[] = [];
  const adminCollections = Object.values(ADMIN_LISTS).map((spec) => spec.collection);

  const declarationOf = (node: ts.Node) => {
    const symbol = checker.getSymbolAtLocation(node);
    return (symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)?.valueDeclaration;
  };
  const typeName = (node: ts.Node) => {
    const type = checker.getTypeAtLocation(node);
    return (type.aliasSymbol ?? type.getSymbol())?.getName() ?? '';
  };
  const strip = (node: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isAwaitExpression(node)
      ? strip(node.expression)
      : node;

  /** The values a string expression may take, as path segments (`*` for an id not known here). */
  function strings(node: ts.Expression): string[][] | null {
    node = strip(node);
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'collection' && typeName(node.expression) === 'AdminListSpec')
      return adminCollections.map((value) => value.split('/'));
    if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((span) => '*' + span.literal.text).join('');
      return [text.split('/').map((segment) => (segment.includes('*') ? '*' : segment))];
    }
    const type = checker.getTypeAtLocation(node);
    const literals = type.isUnion() ? type.types : [type];
    if (literals.every((member) => member.isStringLiteral()))
      return literals.map((member) => (member as ts.StringLiteralType).value.split('/'));
    return null;
  }

  /** The paths a reference expression may point at; null when one part cannot be read. */
  function refPaths(node: ts.Expression, depth = 0): string[][] | null {
    node = strip(node);
    if (depth > 12) return null;
    if (node.kind === ts.SyntaxKind.NullKeyword) return [];
    if (ts.isConditionalExpression(node)) return join(refPaths(node.whenTrue, depth + 1), refPaths(node.whenFalse, depth + 1));
    if (ts.isCallExpression(node)) {
      const callee = strip(node.expression);
      const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
      if (method === 'doc' || method === 'collection') {
        // Admin SDK: base.collection(path) / base.doc(path?); web SDK: doc(base, ...segments).
        const [base, args] = ts.isPropertyAccessExpression(callee)
          ? [callee.expression, [...node.arguments]]
          : [node.arguments[0]!, node.arguments.slice(1)];
        const baseIsDb = /^(Firestore)$/.test(typeName(base));
        const basePaths = baseIsDb ? [[]] : refPaths(base, depth + 1);
        if (!basePaths) return null;
        let paths = basePaths;
        if (args.length === 0) paths = paths.map((basePath) => [...basePath, '*']);
        for (const arg of args) {
          // An id (a segment in a document's place) need not be known; a collection's name must be.
          const values = strings(arg as ts.Expression) ?? (paths.every((p) => p.length % 2 === 1) ? [['*']] : null);
          if (!values) return null;
          paths = paths.flatMap((basePath) => values.map((value) => [...basePath, ...value]));
        }
        return paths;
      }
      // The project's own function: what it returns.
      const declaration = declarationOf(callee);
      const fn =
        declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
          ? strip(declaration.initializer)
          : declaration;
      if (fn && (ts.isArrowFunction(fn) || ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.body) {
        if (!ts.isBlock(fn.body)) return refPaths(fn.body, depth + 1);
        let paths: string[][] | null = [];
        const visit = (child: ts.Node) => {
          if (ts.isReturnStatement(child) && child.expression) paths = join(paths, refPaths(child.expression, depth + 1));
          else if (!ts.isFunctionLike(child)) child.forEachChild(visit);
        };
        fn.body.forEachChild(visit);
        return paths;
      }
      return null;
    }
    if (ts.isIdentifier(node)) {
      const declaration = declarationOf(node);
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
        return refPaths(declaration.initializer, depth + 1);
      return null;
    }
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const object = objectLiteral(node.expression);
      if (!object) return null;
      const name = ts.isPropertyAccessExpression(node) ? node.name.text : null;
      let paths: string[][] | null = [];
      for (const property of object.properties) {
        if (!ts.isPropertyAssignment(property)) return null;
        if (name === null || property.name.getText() === name) paths = join(paths, refPaths(property.initializer, depth + 1));
      }
      return paths;
    }
    return null;
  }

  function objectLiteral(node: ts.Expression): ts.ObjectLiteralExpression | null {
    node = strip(node);
    if (ts.isObjectLiteralExpression(node)) return node;
    if (!ts.isIdentifier(node)) return null;
    const declaration = declarationOf(node);
    return declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
      ? objectLiteral(declaration.initializer)
      : null;
  }

  const join = (a: string[][] | null, b: string[][] | null) => (a && b ? [...a, ...b] : null);

  const namesExpireAt = (data: ts.Expression | undefined): boolean => {
    const object = data ? objectLiteral(data) : null;
    return (
      object?.properties.some(
        (property) =>
          (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
          property.name.getText() === 'expireAt',
      ) ?? false
    );
  };

  for (const source of program.getSourceFiles()) {
    const file = path.relative(root, source.fileName);
    if (!isWritingSource(file)) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = strip(node.expression);
        let ref: ts.Expression | undefined;
        let data: ts.Expression | undefined;
        if (ts.isPropertyAccessExpression(callee) && WRITE_METHODS.has(callee.name.text)) {
          const receiver = typeName(callee.expression);
          if (REF_TYPES.test(receiver)) [ref, data] = [callee.expression, node.arguments[0]];
          else if (WRITER_TYPES.test(receiver)) [ref, data] = [node.arguments[0], node.arguments[1]];
        } else if (ts.isIdentifier(callee) && WEB_WRITES.has(callee.text)) {
          [ref, data] = [node.arguments[0], node.arguments[1]];
        }
        if (ref) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          const paths = refPaths(ref);
          const bare = strip(ref);
          if (!paths)
            unresolved.push({
              file,
              line,
              text: node.getText().split('\n')[0]!.slice(0, 120),
              method: ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText(),
              ofReadDocument:
                ts.isPropertyAccessExpression(bare) &&
                bare.name.text === 'ref' &&
                /DocumentSnapshot$/.test(typeName(bare.expression)),
            });
          else
            for (const segments of paths)
              writes.push({ collection: collectionPath(segments), file, line, expireAt: namesExpireAt(data) });
        }
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return { writes, unresolved };
}

// A remote's route module (`src/expose/routes.ts`) as its browser bundle holds it: each route keeps
// only its `path` and `screen`, the two fields `./screens` reads. The rest of a route (title, guard,
// tab, history rule) is for the shell, which reads it from routes.json (routes-json-plugin.mjs, made
// from the source file itself, not from this output) before any remote code loads; shipped again in
// the remote's first chunk it was bytes every first page downloaded for nothing.
import ts from 'typescript';

/** The fields of a route the browser bundle keeps. */
const CLIENT_FIELDS = new Set(['path', 'screen']);

/** @param {import('typescript').Expression} node */
const unwrap = (node) =>
  ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node)
    ? unwrap(node.expression)
    : node;

/** The array literal of `export const routes = [...]`, or undefined. @param {import('typescript').SourceFile} file */
const routesArray = (file) => {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'routes' || !declaration.initializer)
        continue;
      const value = unwrap(declaration.initializer);
      if (ts.isArrayLiteralExpression(value)) return value;
    }
  }
  return undefined;
};

/** A property's name when it is a plain one (`path`, `'path'`), else undefined. @param {import('typescript').Node} property */
const plainName = (property) => {
  if (ts.isShorthandPropertyAssignment(property)) return property.name.text;
  if (!ts.isPropertyAssignment(property)) return undefined;
  const { name } = property;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
};

/**
 * The route module's source with each route object reduced to its client fields. A route written
 * otherwise (a spread, a computed name, not an object literal) is left whole.
 * @param {string} source
 * @param {string} fileName
 * @returns {{ code: string, complete: boolean }} `complete`: every route was reduced
 */
export const keepRouteScreens = (source, fileName) => {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const routes = routesArray(file);
  if (!routes) return { code: source, complete: false };
  let complete = true;
  const edits = [];
  for (const element of routes.elements) {
    const names = ts.isObjectLiteralExpression(element) ? element.properties.map(plainName) : [undefined];
    if (names.some((name) => name === undefined)) {
      complete = false;
      continue;
    }
    const kept = element.properties.filter((property) => CLIENT_FIELDS.has(plainName(property)));
    edits.push({
      start: element.getStart(file),
      end: element.getEnd(),
      text: `{ ${kept.map((p) => p.getText(file)).join(', ')} }`,
    });
  }
  let code = source;
  for (const { start, end, text } of edits.reverse()) code = code.slice(0, start) + text + code.slice(end);
  return { code, complete };
};

/** @this {import('@rspack/core').LoaderContext} @param {string} source */
export default function routeScreensLoader(source) {
  const { code, complete } = keepRouteScreens(source, this.resourcePath);
  if (!complete) {
    this.emitWarning(new Error('route-screens-loader: a route is not a plain object literal; it ships whole'));
  }
  return code;
}

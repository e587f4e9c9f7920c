import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

/**
 * The console's one table of /console screens (`CONSOLE_PAGES` in apps/console/src/app/console-pages.tsx), read
 * as data: the specs talk HTTP and import nothing from the apps, yet a screen added to that table is covered
 * here without a second list to keep in step.
 */
const TABLE = resolve(import.meta.dirname, '../../apps/console/src/app/console-pages.tsx');

export function consoleRoutes(): string[] {
  const source = ts.createSourceFile(TABLE, readFileSync(TABLE, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const paths: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText() === 'CONSOLE_PAGES' &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      for (const element of node.initializer.elements) {
        if (!ts.isObjectLiteralExpression(element)) continue;
        const path = element.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'path');
        if (path && ts.isStringLiteralLike(path.initializer)) paths.push(`/console/${path.initializer.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (paths.length === 0) throw new Error(`No CONSOLE_PAGES paths found in ${TABLE}: has the table moved?`);
  return paths;
}

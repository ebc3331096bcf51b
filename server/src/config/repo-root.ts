import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The checkout root is the nearest package.json with `workspaces`, so DATA_DIR works from any folder. */
export const findRepoRoot = (start = process.cwd()): string => {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
      if (pkg.workspaces) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
};

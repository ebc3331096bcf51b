// Comments stand without the issue tracker (docs/decisions/README.md): a reader of the repository cannot
// open it, so no tracked source, test, doc or config cites "issue N". A decision's why goes into a record in
// docs/decisions/, a requirement is cited as a section of docs/requirements.md.
import { execFileSync } from 'node:child_process';

const CITATION = '[Ii]ssues\\? #\\?[0-9]\\+';
let found = '';
try {
  found = execFileSync(
    'git',
    ['grep', '-n', CITATION, '--', '.', ':!package-lock.json', ':!tools/check-comments.mjs'],
    {
      encoding: 'utf8',
    },
  );
} catch (error) {
  // git grep exits 1 when nothing matches.
  if (error.status !== 1) throw error;
}
if (found.trim()) {
  console.error(`${found}\nThese lines cite the issue tracker; cite docs/requirements.md or docs/decisions/ instead.`);
  process.exit(1);
}
console.log('No comment cites the issue tracker.');

import { execFileSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');

interface Case {
  filePath: string;
  source: string;
}

/**
 * ESLint loads `eslint.config.mjs` with a dynamic import, which jest's module sandbox refuses,
 * so the real ESLint Node API runs in a child Node process and reports the rule ids per snippet.
 */
const LINT_SCRIPT = `
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
const cases = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const { filePath, source } of cases) {
  const [result] = await eslint.lintText(source, { filePath });
  out.push(result.messages.map((m) => m.ruleId ?? m.message));
}
process.stdout.write(JSON.stringify(out));
`;

const lint = (cases: Case[]): string[][] =>
  JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT], {
      cwd: repoRoot,
      input: JSON.stringify(cases),
      encoding: 'utf8',
    }),
  ) as string[][];

const snippet = (filePath: string, specifier: string): Case => ({
  filePath,
  source: `import value from '${specifier}';\n\nexport default value;\n`,
});

const forbidden: Case[] = [
  snippet('mfe-orders/src/features/order/api.ts', '@marketplace/mfe-wallet'),
  snippet('mfe-orders/src/features/order/api.ts', '../../../../mfe-catalogue/src/expose/screens'),
  snippet('mfe-account/src/expose/screens.ts', '@marketplace/shell'),
  snippet('mfe-account/src/expose/screens.ts', '../../shell/src/app/store'),
  snippet('shared/src/api/base-query.ts', '@marketplace/shell'),
  snippet('shared/src/api/base-query.ts', '@marketplace/mfe-account'),
  snippet('shared/src/api/base-query.ts', '@marketplace/server'),
  snippet('shared/src/ui/panel.tsx', '../../../shell/src/app/store'),
  snippet('server/src/modules/user/user.routes.ts', '@marketplace/shared'),
  snippet('server/src/modules/user/user.routes.ts', '@marketplace/shared/federation'),
  snippet('server/src/modules/user/user.routes.ts', '../../../../shared/src/api/api'),
  snippet('server/src/modules/user/user.routes.ts', '@marketplace/mfe-account'),
  snippet('server/src/modules/user/user.routes.ts', '@marketplace/release'),
  snippet('server/src/modules/user/user.routes.ts', '@marketplace/release/src/commands/promote'),
  snippet('server/src/modules/user/user.routes.ts', '../../../../release/src/api'),
  snippet('server/test/release-page.happy.test.ts', '@marketplace/mfe-wallet'),
];

const allowed: Case[] = [
  snippet('mfe-orders/src/features/order/api.ts', '@marketplace/shared'),
  snippet('mfe-orders/src/features/order/api.ts', '../../expose/routes.json'),
  snippet('shell/src/remotes/load-remote.ts', '@marketplace/shared'),
  snippet('shared/src/api/base-query.ts', '../contracts'),
  snippet('server/src/modules/user/user.routes.ts', '@marketplace/shared/contracts'),
  snippet('server/src/modules/user/user.routes.ts', '@marketplace/shared/contracts/messages/en.json'),
  snippet('server/src/modules/user/user.routes.ts', '../../../../shared/src/contracts/messages/zh-cn.json'),
  snippet('server/src/modules/admin/release-routes.ts', '@marketplace/release/src/api'),
  snippet('server/test/release-page.happy.test.ts', '@marketplace/release/src/test-fixtures'),
];

/** One ESLint run over both lists: each forbidden case reports `rule`, each allowed one reports nothing. */
const expectRule = (rule: string, rejects: string, forbiddenCases: Case[], allowedCases: Case[]) => {
  const results = lint([...forbiddenCases, ...allowedCases]);
  const named = (cases: Case[], offset: number) =>
    cases.map((c, i) => [c.filePath, c.source.split("'")[1], offset + i] as const);

  it.each(named(forbiddenCases, 0))(`rejects in %s ${rejects} %s`, (_file, _specifier, index) => {
    expect(results[index]).toContain(rule);
  });

  it.each(named(allowedCases, forbiddenCases.length))('allows in %s an import of %s', (_file, _specifier, index) => {
    expect(results[index]).toEqual([]);
  });
};

describe('import boundaries (eslint no-restricted-imports)', () => {
  expectRule('no-restricted-imports', 'an import of', forbidden, allowed);
});

const detail = 'mfe-catalogue/src/features/detail/components/detail-screen.tsx';
const forbiddenInside = [
  snippet(detail, '../../bag/use-bag-count'),
  snippet(detail, '../../products/components/product-tile'),
  snippet('mfe-orders/src/features/refund/components/refund-screen.tsx', '../../orders/api'),
];
const allowedInside = [
  snippet(detail, '../../bag'),
  snippet(detail, '../../screen-ready'),
  snippet(detail, '../spec-choice'),
  snippet('mfe-wallet/src/features/withdraw/components/withdraw-screen.tsx', '../../wallet/wallet.css'),
];

describe('feature boundaries inside a remote (eslint import-x/no-restricted-paths)', () => {
  expectRule('import-x/no-restricted-paths', 'a deep import of another feature:', forbiddenInside, allowedInside);
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Services of one domain each (docs/decisions/0004-one-composition-root.md): no `*.service.ts` of the server over MAX_LINES lines. A
 * service that grows past it is split into files or modules of one domain each (as user, community and
 * wallet were: payment-code, account-email, password-reset; shop support, complaints, merchants, VIP;
 * channels, top-up, withdraw, records, decisions).
 */

const MAX_LINES = 250;

const serviceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serviceFiles(full);
    return entry.name.endsWith('.service.ts') ? [full] : [];
  });

const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

describe('service size', () => {
  const modules = __dirname;
  const sizes = serviceFiles(path.resolve(modules, '..')).map((file) => ({
    file: path.relative(modules, file).split(path.sep).join('/'),
    lines: linesOf(file),
  }));

  it(`no *.service.ts is over ${MAX_LINES} lines`, () => {
    expect(sizes.length).toBeGreaterThan(20);
    const over = sizes.filter(({ lines }) => lines > MAX_LINES);
    expect(over).toEqual([]);
  });

  it('user, community and wallet are split: their services and the new domain modules are within the limit', () => {
    const split = sizes.filter(({ file }) =>
      /^(user|community|wallet|payment-code|account-email|password-reset)\//.test(file),
    );
    expect(split.map(({ file }) => file)).toEqual(
      expect.arrayContaining([
        'user/user.service.ts',
        'payment-code/payment-code.service.ts',
        'account-email/account-email.service.ts',
        'password-reset/password.service.ts',
        'community/vip.service.ts',
        'wallet/wallet-decisions.service.ts',
      ]),
    );
    expect(split.filter(({ lines }) => lines > MAX_LINES)).toEqual([]);
  });
});

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SELLER_UNIT } from '../store/deployment-store';
import { runCli, sandbox, type Sandbox } from '../test-fixtures';
import { sellerCommands } from './seller';
import { status } from './status';

/** Writes what `node tools/build-all.mjs seller` leaves in seller/dist, its page marked with `mark`. */
const writeSeller = async (box: Sandbox, mark: string, version = '1.0.0') => {
  const dir = path.join(box.repoDir, 'seller', 'dist');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(box.repoDir, 'seller', 'package.json'), JSON.stringify({ version }));
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><title>Seller centre</title><p>${mark}</p>`);
};

const livePage = (box: Sandbox) => readFile(path.join(box.deployDir, 'seller-live', 'index.html'), 'utf8');

describe('the seller centre as a deployable unit, as the console is', () => {
  it('deploys, promotes and rolls back seller versions; status and the served link follow', async () => {
    const box = await sandbox();
    expect(await status(box.ctx)).toMatch(/\| seller +\| embedded +\| - +\| - +\| - +\|/);
    await writeSeller(box, 'one');
    expect(await sellerCommands.deploy(box.ctx, {})).toBe('1.0.0');
    await writeSeller(box, 'two');
    await sellerCommands.deploy(box.ctx, { version: '1.1.0' });
    expect(await box.store.readLive(SELLER_UNIT)).toBeNull();
    await sellerCommands.promote(box.ctx, '1.0.0');
    await sellerCommands.promote(box.ctx, '1.1.0');
    expect(await livePage(box)).toContain('<p>two</p>');
    await sellerCommands.rollback(box.ctx);
    expect(await livePage(box)).toContain('<p>one</p>');
    expect(await status(box.ctx)).toMatch(/\| seller +\| 1\.0\.0 +\|/);
    await expect(sellerCommands.deploy(box.ctx, { version: '1.0.0' })).rejects.toThrow(/already deployed/);
  });

  it('the CLI names it `seller`', async () => {
    const box = await sandbox();
    const env = {
      DEPLOY_DIR: box.deployDir,
      DEPLOY_STORE_URL: '',
      RELEASE_REPO_DIR: box.repoDir,
      SHELL_DIR: box.shellDir,
    };
    await writeSeller(box, 'one');
    expect(await runCli(['deploy', 'seller', '--version', '2.0.0'], env)).toMatchObject({ code: 0 });
    expect(await runCli(['promote', 'seller', '2.0.0'], env)).toMatchObject({ code: 0 });
    expect(await livePage(box)).toContain('<p>one</p>');
  }, 120_000);
});

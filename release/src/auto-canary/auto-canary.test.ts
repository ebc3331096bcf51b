import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deployRemote } from '../commands/deploy';
import { promote } from '../commands/promote';
import { remoteApp } from '../remotes';
import { sandbox, writeBuild, type Sandbox } from '../test-fixtures';
import { decide, fisherOneSided } from './decision';
import { HealthAccessError, httpHealthSource, type HealthRow, type HealthSource } from './health-source';
import { autoCanary, type AutoCanaryOptions } from './run';

const catalogue = remoteApp('mfe-catalogue');
const MINUTE = 60_000;

/** What the store's manifest serves for the catalogue. */
const serving = async (box: Sandbox) => (await box.store.readManifest())?.remotes['mfe-catalogue'];

/** The catalogue's `version` serves everyone: no canary is left. */
const expectOnlyLive = async (box: Sandbox, version: string) => {
  const entry = await serving(box);
  expect(entry).toMatchObject({ version });
  expect(entry?.canary).toBeUndefined();
};

/**
 * The field as the server's health endpoint reports it: sessions arrive while the run sleeps, each browser
 * in the cohort the store's manifest puts it in at that moment (its canary share), and they are summed per
 * version and cohort by the minute, as the server's aggregation does (server/src/modules/telemetry).
 */
const field = (box: Sandbox, clock: { now: number }, failureRate: Record<string, number>, perPoll = 40) => {
  const sessions: Array<{ at: number; version: string; cohort: 'stable' | 'canary'; failed: boolean }> = [];
  let seed = 7;
  const random = () => ((seed = (seed * 16_807) % 2_147_483_647) - 1) / 2_147_483_646;
  const traffic = async () => {
    const entry = await serving(box);
    if (!entry) return;
    for (let i = 0; i < perPoll; i++) {
      const canary = entry.canary && random() * 100 < entry.canary.percent;
      const version = canary ? entry.canary!.version : entry.version;
      sessions.push({
        at: clock.now,
        version,
        cohort: canary ? 'canary' : 'stable',
        failed: random() < (failureRate[version] ?? 0),
      });
    }
  };
  const health: HealthSource = async (_remote, sinceMs) => {
    const from = Math.floor(sinceMs / MINUTE) * MINUTE;
    const rows = new Map<string, HealthRow>();
    for (const s of sessions.filter((s) => s.at >= from)) {
      const key = `${s.version}|${s.cohort}`;
      const row = rows.get(key) ?? { version: s.version, cohort: s.cohort, sessions: 0, loadFailures: 0, errors: 0 };
      row.sessions++;
      if (s.failed) row.errors++;
      rows.set(key, row);
    }
    return [...rows.values()];
  };
  const sleep = async (ms: number) => {
    clock.now += ms;
    await traffic();
  };
  return { health, sleep, sessions };
};

const setUp = async () => {
  const clock = { now: Date.parse('2026-11-27T12:00:00Z') };
  const box = await sandbox({ now: () => new Date(clock.now) });
  for (const version of ['1.0.0', '2.0.0']) {
    await writeBuild(box.repoDir, catalogue, version, { chunk: `console.log(${JSON.stringify(version)});` });
    await deployRemote(box.ctx, catalogue, { version });
  }
  await promote(box.ctx, catalogue, '1.0.0');
  return { box, clock };
};

const options = (f: ReturnType<typeof field>): AutoCanaryOptions => ({
  health: f.health,
  sleep: f.sleep,
  minSessions: 30,
  pollMs: 10_000,
});

/** The options on field `f`, with `happen` run each time the run sleeps between polls, before time moves on. */
const atEachPoll = (f: ReturnType<typeof field>, happen: () => Promise<void>): AutoCanaryOptions => ({
  ...options(f),
  sleep: async (ms: number) => {
    await happen();
    await f.sleep(ms);
  },
});

const autoLines = async (box: Sandbox) => (await box.store.readAudit()).filter((entry) => entry.auto);

describe('release canary <remote> <version> --auto', () => {
  it('promotes a healthy canary step by step to 100 % by itself, each decision audited with its figures', async () => {
    const { box, clock } = await setUp();
    const f = field(box, clock, { '1.0.0': 0.02, '2.0.0': 0.02 });

    expect(await autoCanary(box.ctx, catalogue, '2.0.0', options(f))).toBe('promoted');

    await expectOnlyLive(box, '2.0.0');
    const lines = await autoLines(box);
    expect(
      lines.map((line) => [line.command, line.auto!.decision, line.auto!.fromPercent, line.auto!.toPercent]),
    ).toEqual([
      ['canary', 'start', null, 5],
      ['canary', 'next-step', 5, 25],
      ['canary', 'next-step', 25, 50],
      ['promote', 'promote', 50, 100],
    ]);
    for (const line of lines.slice(1)) {
      expect(line.auto!.canary!.sessions).toBeGreaterThanOrEqual(30);
      expect(line.auto!.stable).toMatchObject({ version: '1.0.0' });
      expect(line.auto!.pValue).toBeGreaterThan(0.05 / 3);
      expect(line.auto!.test).toMatch(/Fisher/);
    }
    // Each step waited for its own 30 canary sessions: the 5 % step took far longer than the 50 % one.
    const at = lines.map((line) => Date.parse(line.at));
    expect(at[1]! - at[0]!).toBeGreaterThan(at[3]! - at[2]!);
    expect((await box.store.readHistory()).previous['mfe-catalogue']).toEqual(['1.0.0']);
  });

  it('rolls a failing canary back at its first step, before 25 %, with the figures in the audit', async () => {
    const { box, clock } = await setUp();
    const f = field(box, clock, { '1.0.0': 0.02, '2.0.0': 0.5 });

    expect(await autoCanary(box.ctx, catalogue, '2.0.0', options(f))).toBe('rolled-back');

    await expectOnlyLive(box, '1.0.0');
    const last = (await box.store.readAudit()).at(-1)!;
    expect(last).toMatchObject({ command: 'rollback', from: '1.0.0 + canary 2.0.0 at 5%', to: '1.0.0' });
    expect(last.auto).toMatchObject({ decision: 'rollback', fromPercent: 5, toPercent: 0, alpha: 0.05 / 3 });
    expect(last.auto!.pValue).toBeLessThanOrEqual(0.05 / 3);
    expect(last.auto!.canary!.failures / last.auto!.canary!.sessions).toBeGreaterThan(0.2);
    // Nobody but the 5 % ever had it.
    expect(f.sessions.filter((s) => s.version === '2.0.0').length).toBeLessThan(f.sessions.length * 0.1);
    expect(box.lines.at(-1)).toMatch(/rolled back at 5%: canary \d+\/\d+ failing/);
  });

  it('killed mid-run and started again, resumes at its step and promotes once', async () => {
    const { box, clock } = await setUp();
    const f = field(box, clock, { '1.0.0': 0.02, '2.0.0': 0.02 });
    // The first run is killed during its 25 % step.
    let killed = false;
    const killing = atEachPoll(f, async () => {
      if ((await serving(box))?.canary?.percent === 25) {
        killed = true;
        throw new Error('killed');
      }
    });
    await expect(autoCanary(box.ctx, catalogue, '2.0.0', killing)).rejects.toThrow('killed');
    expect(killed).toBe(true);
    expect((await serving(box))?.canary?.percent).toBe(25);

    expect(await autoCanary(box.ctx, catalogue, '2.0.0', options(f))).toBe('promoted');
    expect(box.lines.join('\n')).toMatch(/resuming the automated canary at 25%/);
    // And a third start finds it live: nothing changes.
    expect(await autoCanary(box.ctx, catalogue, '2.0.0', options(f))).toBe('promoted');

    const decisions = (await autoLines(box)).map((line) => `${line.auto!.fromPercent}->${line.auto!.toPercent}`);
    expect(decisions).toEqual(['null->5', '5->25', '25->50', '50->100']);
    expect((await box.store.readAudit()).filter((line) => line.command === 'promote')).toHaveLength(2); // 1.0.0, then 2.0.0
  });

  it('stops without changing anything when a release manager moved the canary meanwhile', async () => {
    const { box, clock } = await setUp();
    const f = field(box, clock, { '1.0.0': 0.02, '2.0.0': 0.02 });
    let promoted = false;
    const interfering = atEachPoll(f, async () => {
      if (!promoted) {
        promoted = true;
        await promote(box.ctx, catalogue, '1.0.0');
      }
    });
    await expect(autoCanary(box.ctx, catalogue, '2.0.0', interfering)).rejects.toThrow(
      /no longer where this run left it/,
    );
    expect(await serving(box)).toMatchObject({ version: '1.0.0' });
    expect((await autoLines(box)).map((line) => line.auto!.decision)).toEqual(['start']);
  });

  it('refuses steps that do not rise to 100', async () => {
    const { box, clock } = await setUp();
    const f = field(box, clock, {});
    await expect(autoCanary(box.ctx, catalogue, '2.0.0', { ...options(f), steps: [50, 25, 100] })).rejects.toThrow(
      /--steps/,
    );
    await expect(autoCanary(box.ctx, catalogue, '2.0.0', { ...options(f), steps: [5, 50] })).rejects.toThrow(/--steps/);
    await expect(autoCanary(box.ctx, catalogue, '2.0.0', { ...options(f), steps: [100] })).rejects.toThrow(/--steps/);
  });
});

describe('the decision: one-sided Fisher exact test', () => {
  it('gives the exact hypergeometric tail', () => {
    // 3 of 3 canary sessions failed, 0 of 5 stable: only one table is as extreme, 1 / C(8,3).
    expect(fisherOneSided({ sessions: 3, failures: 3 }, { sessions: 5, failures: 0 })).toBeCloseTo(1 / 56, 10);
    expect(fisherOneSided({ sessions: 2, failures: 2 }, { sessions: 3, failures: 0 })).toBeCloseTo(0.1, 10);
    expect(fisherOneSided({ sessions: 10, failures: 0 }, { sessions: 10, failures: 5 })).toBe(1);
    expect(fisherOneSided({ sessions: 100, failures: 0 }, { sessions: 100, failures: 0 })).toBe(1);
  });

  it('waits for the minimum sample of both cohorts, then rolls back only a worse canary', () => {
    expect(decide({ sessions: 29, failures: 29 }, { sessions: 500, failures: 0 }, { minSessions: 30 }).action).toBe(
      'wait',
    );
    expect(decide({ sessions: 30, failures: 10 }, { sessions: 29, failures: 0 }, { minSessions: 30 }).action).toBe(
      'wait',
    );
    expect(decide({ sessions: 30, failures: 10 }, { sessions: 600, failures: 12 }, { minSessions: 30 }).action).toBe(
      'rollback',
    );
    expect(decide({ sessions: 30, failures: 1 }, { sessions: 600, failures: 12 }, { minSessions: 30 }).action).toBe(
      'next',
    );
    // Better than stable is never a rollback, however small p for the other side would be.
    expect(decide({ sessions: 300, failures: 0 }, { sessions: 300, failures: 60 }, { minSessions: 30 }).action).toBe(
      'next',
    );
  });
});

describe("field health over HTTP (the server's GET /api/admin/release/health)", () => {
  const serve = async (status: number, body: unknown) => {
    const seen: IncomingMessage[] = [];
    const server = createServer((request, response) => {
      seen.push(request);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, seen, close: () => new Promise((resolve) => server.close(resolve)) };
  };

  it('asks with the credential and the step start, and reads the rows', async () => {
    const rows = [{ version: '2.0.0', cohort: 'canary', sessions: 4, loadFailures: 1, errors: 0 }];
    const server = await serve(200, { code: 1, msg: 'ok', data: { remote: 'mfe-catalogue', versions: rows } });
    try {
      const health = httpHealthSource({ url: server.url, adminToken: 'automation' });
      expect(await health('mfe-catalogue', 1_764_244_800_000)).toEqual(rows);
      expect(server.seen[0]!.url).toBe('/api/admin/release/health?remote=mfe-catalogue&since=1764244800000');
      expect(server.seen[0]!.headers['admin-token']).toBe('automation');
    } finally {
      await server.close();
    }
  });

  it('stops the run at once, changing nothing, when the server refuses the credential', async () => {
    const { box } = await setUp();
    const server = await serve(401, { code: 401, msg: 'Invalid admin token', data: null });
    try {
      const health = httpHealthSource({ url: server.url, operatorToken: 'expired' });
      await expect(autoCanary(box.ctx, catalogue, '2.0.0', { health, sleep: async () => undefined })).rejects.toThrow(
        HealthAccessError,
      );
      expect((await serving(box))?.canary).toBeUndefined();
      expect(server.seen[0]!.headers['operator-token']).toBe('expired');
    } finally {
      await server.close();
    }
  });
});

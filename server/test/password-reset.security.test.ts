import { performance } from 'node:perf_hooks';
import { users } from '../src/db/schema';
import { hashSecret } from '../src/lib/secrets';
import { call, createTestApp, humanHeaders, mailsTo, type TestApp } from './kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const passwordHash = await hashSecret('secret1');
  // Verified addresses, inserted directly: reset codes go only to a proven email.
  await t.db.insert(users).values(
    ['erin', 'frank', 'gina', 'hank'].map((account) => ({
      account,
      passwordHash,
      email: `${account}@example.com`,
      emailVerifiedAt: new Date(),
    })),
  );
});
afterAll(() => t.close());

const lastCode = (account: string) => /code is (\d{6})/.exec(mailsTo(t, account).at(-1)!)![1]!;

const send = async (account: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/user/forgot_password/send',
    headers: await humanHeaders(t.app),
    payload: { account },
  });
const reset = async (account: string, code: string, password = 'secret2') =>
  call(t.app, {
    method: 'POST',
    url: '/api/user/forgot_password/reset',
    headers: await humanHeaders(t.app),
    payload: { account, code, password, confirmPassword: password },
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const WRONG_CODE_MSG = 'The verification code is wrong or has expired';

describe('a wrong reset code takes as long whether or not the account has an open code', () => {
  it('open code, no code and unknown account: medians within a factor of 2', async () => {
    const RUNS = 11;
    const times: Record<'open' | 'none' | 'unknown', number[]> = { open: [], none: [], unknown: [] };
    const timed = async (kind: keyof typeof times, account: string, code: string) => {
      // The human-verification token is fetched (and its challenge solved) before the clock starts.
      const headers = await humanHeaders(t.app);
      const payload = { account, code, password: 'secret2', confirmPassword: 'secret2' };
      const started = performance.now();
      const reply = await call(t.app, { method: 'POST', url: '/api/user/forgot_password/reset', headers, payload });
      times[kind].push(performance.now() - started);
      expect(reply).toMatchObject({ code: 0, msg: WRONG_CODE_MSG });
    };
    let wrong = '';
    await reset('nobody', '123456'); // warm-up: argon2, statements
    for (let run = 0; run < RUNS; run += 1) {
      // A code takes 5 wrong tries; a new one before it is used up (3 mails, within the hourly limit).
      if (run % 4 === 0) {
        expect((await send('erin')).code).toBe(1);
        wrong = lastCode('erin') === '000000' ? '111111' : '000000';
      }
      const order: (keyof typeof times)[] = [
        ['open', 'none', 'unknown'],
        ['none', 'unknown', 'open'],
        ['unknown', 'open', 'none'],
      ][run % 3] as (keyof typeof times)[];
      for (const kind of order) {
        if (kind === 'open') await timed(kind, 'erin', wrong);
        else await timed(kind, kind === 'none' ? 'frank' : 'nobody-here', wrong);
      }
    }
    const medians = Object.fromEntries(Object.entries(times).map(([kind, list]) => [kind, median(list)]));
    const ratio = Math.min(...Object.values(medians)) / Math.max(...Object.values(medians));
    console.log(`reset timing medians (ms): ${JSON.stringify(medians)}, shortest/longest ${ratio.toFixed(2)}`);
    expect(ratio).toBeGreaterThanOrEqual(0.5);
    // The open code still works: the wrong tries were counted against it, not spent it.
    expect(await reset('erin', lastCode('erin'))).toMatchObject({ code: 1 });
  });
});

describe('reset-code mails to one address are limited per hour', () => {
  it('mails 5 codes an hour, then answers as before but mails nothing and keeps the last code', async () => {
    const unknown = await send('nobody-at-all');
    const replies = [];
    for (let n = 0; n < 7; n += 1) replies.push(await send('gina'));
    for (const reply of replies) expect(reply).toEqual(unknown);
    expect(unknown).toMatchObject({
      code: 1,
      msg: 'If the account has an email, a verification code has been sent to it',
    });
    expect(mailsTo(t, 'gina')).toHaveLength(5);
    // The limit refused without replacing the open code: the fifth mail's code still resets.
    expect(await reset('gina', lastCode('gina'), 'secret3')).toMatchObject({ code: 1 });

    t.advance(59 * 60_000);
    expect(await send('gina')).toEqual(unknown);
    expect(mailsTo(t, 'gina')).toHaveLength(5);

    t.advance(2 * 60_000);
    expect(await send('gina')).toEqual(unknown);
    expect(mailsTo(t, 'gina')).toHaveLength(6);
  });

  it('holds for requests in parallel', async () => {
    const headers = await Promise.all(Array.from({ length: 8 }, () => humanHeaders(t.app)));
    const replies = await Promise.all(
      headers.map((h) =>
        call(t.app, {
          method: 'POST',
          url: '/api/user/forgot_password/send',
          headers: h,
          payload: { account: 'hank' },
        }),
      ),
    );
    for (const reply of replies) expect(reply.code).toBe(1);
    expect(mailsTo(t, 'hank')).toHaveLength(5);
    // One open code: the last one mailed.
    expect(await reset('hank', lastCode('hank'))).toMatchObject({ code: 1 });
  });
});

import { createKeyedWorkLines, createWorkLine, isDeadline } from './work-lines';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Work that runs until `finish()` is called; `started` tells whether the line let it in. */
const gate = () => {
  let finish: () => void = () => undefined;
  const state = { started: false };
  const done = new Promise<void>((resolve) => (finish = resolve));
  const work = async () => {
    state.started = true;
    await done;
    return 'done';
  };
  return { work, state, finish: () => finish() };
};

describe('work lines (argon2 runs, a shopper’s secret checks)', () => {
  it('runs at most `concurrency` at once and lets the next in, first come first served, as each ends', async () => {
    const line = createWorkLine(2);
    const [a, b, c, d] = [gate(), gate(), gate(), gate()];
    const order: string[] = [];
    const runs = [a, b, c, d].map((g, i) => line.run(g.work).then(() => order.push('abcd'[i]!)));
    await tick();
    expect([a, b, c, d].map((g) => g.state.started)).toEqual([true, true, false, false]);
    a.finish();
    await tick();
    expect([c, d].map((g) => g.state.started)).toEqual([true, false]);
    b.finish();
    await tick();
    expect(d.state.started).toBe(true);
    c.finish();
    d.finish();
    await Promise.all(runs);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps one line per key: a busy key does not hold another back, and an idle key is dropped', async () => {
    const lines = createKeyedWorkLines<number>(1);
    const [first, second, other] = [gate(), gate(), gate()];
    const runs = [lines.run(1, first.work), lines.run(1, second.work), lines.run(2, other.work)];
    await tick();
    expect([first.state.started, second.state.started, other.state.started]).toEqual([true, false, true]);
    expect(lines.activeKeys).toBe(2);
    first.finish();
    other.finish();
    await tick();
    expect(second.state.started).toBe(true);
    expect(lines.activeKeys).toBe(1);
    second.finish();
    await Promise.all(runs);
    expect(lines.activeKeys).toBe(0);
  });

  it('gives up at the deadline: the waiter leaves without taking a place and the next one gets it', async () => {
    const lines = createKeyedWorkLines<number>(1);
    const [running, late, next] = [gate(), gate(), gate()];
    const deadline = AbortSignal.timeout(20);
    const first = lines.run(7, running.work);
    const gaveUp = lines.run(7, late.work, deadline).then(
      () => 'ran',
      (error: unknown) => (isDeadline(error, deadline) ? 'deadline' : `other: ${String(error)}`),
    );
    const after = lines.run(7, next.work);
    expect(await gaveUp).toBe('deadline');
    expect(late.state.started).toBe(false);
    expect(next.state.started).toBe(false);
    running.finish();
    await first;
    await tick();
    expect(next.state.started).toBe(true);
    expect(late.state.started).toBe(false);
    next.finish();
    expect(await after).toBe('done');
  });

  it('does not take an error of the work for the deadline', async () => {
    const line = createWorkLine(1);
    const deadline = AbortSignal.timeout(1_000);
    const failure = new Error('work failed');
    const outcome = await line.run(() => Promise.reject(failure), deadline).catch((error: unknown) => error);
    expect(outcome).toBe(failure);
    expect(isDeadline(outcome, deadline)).toBe(false);
  });
});

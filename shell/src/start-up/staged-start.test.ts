import { startInSteps, yieldToMain } from './staged-start';

describe('startInSteps', () => {
  it('runs the steps in order, each after the previous one has settled, with a new task between them', async () => {
    const seen: string[] = [];
    const step = (name: string) => async () => {
      seen.push(`start ${name}`);
      await Promise.resolve();
      seen.push(`end ${name}`);
    };
    // A task queued before the start runs before the second step: the steps do not share one task.
    setTimeout(() => seen.push('other task'), 0);
    await startInSteps([step('a'), step('b')]);
    expect(seen).toEqual(['start a', 'end a', 'other task', 'start b', 'end b']);
  });

  it('passes over a step that fails and runs the rest', async () => {
    const ran: string[] = [];
    await expect(
      startInSteps([
        () => Promise.reject(new Error('chunk failed')),
        async () => {
          ran.push('after');
        },
      ]),
    ).resolves.toBeUndefined();
    expect(ran).toEqual(['after']);
  });
});

describe('yieldToMain', () => {
  const global = globalThis as { scheduler?: unknown };
  afterEach(() => {
    delete global.scheduler;
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldFn = jest.fn(() => Promise.resolve());
    global.scheduler = { yield: yieldFn };
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it('otherwise waits for a new task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToMain();
    order.push('after yield');
    expect(order).toEqual(['queued task', 'after yield']);
  });
});

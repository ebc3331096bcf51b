import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { createOperatorAuth, memoryAttemptCounter } from './admin-auth';

const request = (ip: string, credential?: string) =>
  ({
    ip,
    method: 'GET',
    routeOptions: { url: '/api/admin/orders' },
    log: { info: () => undefined },
    headers: credential === undefined ? {} : { 'admin-token': credential },
  }) as unknown as FastifyRequest;

/** What `isOperator` answers: true, false, or the HTTP status it refuses with. */
const outcome = (promise: Promise<boolean>) =>
  promise.then(
    (value) => value,
    (error: unknown) => (error instanceof AppError ? error.httpStatus : String(error)),
  );

describe('operator credential guesses', () => {
  let clock = 0;
  const make = () =>
    createOperatorAuth('right', {
      limits: { perAddress: 3, global: 5, windowMs: 1_000 },
      counter: memoryAttemptCounter(1_000, () => clock),
    });
  beforeEach(() => {
    clock = 0;
  });

  it('never counts a request without a credential', async () => {
    const auth = make();
    for (let i = 0; i < 20; i++) expect(await outcome(auth.isOperator(request('a')))).toBe(false);
    expect(await outcome(auth.isOperator(request('a', 'right')))).toBe(true);
  });

  it('gives a right credential its count back: an operator never uses the budget up', async () => {
    const auth = make();
    for (let i = 0; i < 50; i++) expect(await outcome(auth.isOperator(request('a', 'right')))).toBe(true);
    expect(await outcome(auth.isOperator(request('a', 'wrong')))).toBe(false);
  });

  it('refuses an address over its limit, then every address over the global one, until the window ends', async () => {
    const auth = make();
    const a = await Promise.all([1, 2, 3, 4].map((i) => outcome(auth.isOperator(request('a', `w${i}`)))));
    expect(a).toEqual([false, false, false, 429]);
    // b's right credential is unaffected by a's guesses.
    expect(await outcome(auth.isOperator(request('b', 'right')))).toBe(true);
    expect(await outcome(auth.isOperator(request('b', 'w')))).toBe(false);
    expect(await outcome(auth.isOperator(request('c', 'w')))).toBe(false);
    // 5 wrong guesses counted from every address: the global limit is reached.
    expect(await outcome(auth.isOperator(request('d', 'w')))).toBe(429);
    expect(await outcome(auth.isOperator(request('e', 'right')))).toBe(429);
    clock += 1_000;
    expect(await outcome(auth.isOperator(request('a', 'right')))).toBe(true);
    expect(await outcome(auth.isOperator(request('d', 'w')))).toBe(false);
  });

  it('requireOperator answers 401 for a wrong credential and 429 over the limit', async () => {
    const auth = make();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        await new Promise<void>((resolve, reject) =>
          auth.requireOperator(request('a', 'w'), {} as FastifyReply, (error) => (error ? reject(error) : resolve())),
        ).then(
          () => 'allowed',
          (error: AppError) => error.httpStatus,
        ),
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts before comparing with a store that answers later (a shared one): a parallel burst gets the limit', async () => {
    const memory = memoryAttemptCounter(1_000, () => clock);
    const auth = createOperatorAuth('right', {
      limits: { perAddress: 3, global: 100, windowMs: 1_000 },
      counter: {
        hit: async (key) => {
          await new Promise((resolve) => setImmediate(resolve));
          return memory.hit(key);
        },
        undo: async (key) => memory.undo(key),
      },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome(auth.isOperator(request('a', `w${i}`)))),
    );
    expect(answers.filter((answer) => answer === false)).toHaveLength(3);
    expect(answers.filter((answer) => answer === 429)).toHaveLength(17);
    expect(await outcome(auth.isOperator(request('b', 'right')))).toBe(true);
  });
});

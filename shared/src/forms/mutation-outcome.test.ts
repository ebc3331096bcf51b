import { outcomeOf } from './mutation-outcome';

describe('outcomeOf', () => {
  it('gives the data of a call that succeeded', () => {
    expect(outcomeOf({ data: { msg: 'Withdrawal Success', data: { balance: 3_000 } } })).toEqual({
      ok: true,
      data: { msg: 'Withdrawal Success', data: { balance: 3_000 } },
    });
  });

  it("gives the detail of the server's refusal (its envelope's data)", () => {
    const error = {
      status: 200,
      message: 'Pay Fail',
      data: { code: 0, msg: 'Pay Fail', data: { reason: 'WRONG_PAYMENT_CODE', attemptsLeft: 4 } },
    };
    expect(outcomeOf({ error })).toEqual({
      ok: false,
      answered: true,
      detail: { reason: 'WRONG_PAYMENT_CODE', attemptsLeft: 4 },
    });
  });

  it('tells a call that got no answer from a refusal', () => {
    expect(outcomeOf({ error: { status: 'FETCH_ERROR', message: 'Network Error' } })).toEqual({
      ok: false,
      answered: false,
      detail: null,
    });
    expect(outcomeOf({ error: { name: 'Error', message: 'serialized' } })).toMatchObject({ answered: false });
  });
});

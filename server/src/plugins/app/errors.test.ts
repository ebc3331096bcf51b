import type { FastifyError } from 'fastify';
import { loggable } from './errors';

describe('what the log keeps of an unexpected error', () => {
  it("never writes a failed query's text or parameters (shoppers' data)", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const error = Object.assign(
      new Error('Failed query: select * from users where account = $1\nparams: ana@example.com,+351912345678'),
      { name: 'DrizzleQueryError', cause },
    ) as unknown as FastifyError;
    const logged = JSON.stringify(loggable(error));
    expect(logged).not.toContain('ana@example.com');
    expect(logged).not.toContain('+351912345678');
    expect(logged).not.toContain('select');
    expect(loggable(error)).toMatchObject({ type: 'DrizzleQueryError', sqlState: '22021', message: 'Failed query' });
  });

  it('keeps the first line of other errors', () => {
    const error = Object.assign(new Error('boom\nstack details'), { code: 'E_BOOM' }) as unknown as FastifyError;
    expect(loggable(error)).toMatchObject({ type: 'Error', code: 'E_BOOM', message: 'boom' });
  });
});

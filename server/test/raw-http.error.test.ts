import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { openAsDemoShopper, type TestApp } from './harness';

/**
 * What `app.inject` cannot send: bytes Node's HTTP parser refuses before Fastify sees a request (a
 * control byte in a header, headers over the size limit, a broken request line or chunk), sent over a
 * real socket. Each must still be answered in the envelope, below 500, without naming the framework.
 */
let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  ({ t, token } = await openAsDemoShopper());
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Writes the bytes, reads until the server closes the connection (at most `timeoutMs`). */
const raw = (request: string, timeoutMs = 5_000): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(request.slice(0, 60))}`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may reset the connection once it has answered: what arrived is the answer.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head,
        body: split < 0 ? '' : text.slice(split + 4),
      });
    });
    socket.write(Buffer.from(request, 'latin1'));
  });

const FRAMEWORK = /fastify|FST_|Bad Request|Client Error|statusCode|"error"/i;

const CASES: { label: string; request: string; status: number }[] = [
  {
    label: 'a control byte in the token header',
    request: `GET /api/user/getUserInfo HTTP/1.1\r\nHost: x\r\ntoken: a\u0001b\r\nConnection: close\r\n\r\n`,
    status: 400,
  },
  {
    label: 'headers over the size limit',
    request: `GET /api/user/getUserInfo HTTP/1.1\r\nHost: x\r\ntoken: ${'x'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    status: 431,
  },
  { label: 'a request line that is no HTTP', request: 'HELLO THERE\r\n\r\n', status: 400 },
  {
    label: 'a broken chunk size',
    request:
      'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    status: 400,
  },
  {
    label: 'an undecodable path',
    request: 'GET /api/product/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    status: 400,
  },
  {
    label: 'an undecodable path outside the API',
    request: 'GET /%c0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    status: 400,
  },
];

describe('raw HTTP the parser refuses', () => {
  it.each(CASES)('answers $label in the envelope', async ({ request, status }) => {
    const answer = await raw(request);
    expect({ status: answer.status, framework: FRAMEWORK.test(answer.body) }).toEqual({ status, framework: false });
    expect(JSON.parse(answer.body)).toEqual({ code: 0, msg: 'The request is malformed', data: null });
    expect(answer.body).not.toContain('%E0');
    expect(answer.body).not.toContain('%c0');
  });

  it('answers a multipart upload cut short mid-part (chunked, then ended) with a 400 envelope', async () => {
    const part =
      '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG';
    const answer = await raw(
      'POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=zz\r\n' +
        `token: ${token}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n` +
        `${Buffer.byteLength(part, 'latin1').toString(16)}\r\n${part}\r\n0\r\n\r\n`,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ code: 0, msg: 'The request is malformed', data: null });
  });

  it('keeps serving after all of them', async () => {
    const answer = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 1 });
  });
});

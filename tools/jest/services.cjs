// Jest's global setup: which local services answer, told to every test file through the environment
// (workers start after this and inherit it). A test that needs a service declares it through
// server/test/services.ts and is reported as skipped, with the reason printed here, when it is absent,
// instead of passing without running.
const net = require('node:net');

const answers = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const socket = net.connect(port, host);
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(false));
  });

module.exports = async () => {
  const redis = await answers(6379);
  process.env.TEST_REDIS = redis ? '1' : '0';
  const postgres = Boolean(process.env.TEST_DATABASE_URL);
  const missing = [
    ...(redis ? [] : ['Redis (127.0.0.1:6379 does not answer)']),
    ...(postgres ? [] : ['PostgreSQL (TEST_DATABASE_URL is not set)']),
  ];
  if (missing.length > 0) console.warn(`\nTests that need ${missing.join(' or ')} are reported as skipped.`);
};

import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { call, login, register } from './harness';

/** Rows of a raw query on either driver. */
export const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Registers a shopper and returns a token. */
export const registerShopper = async (app: FastifyInstance, account: string): Promise<string> => {
  const password = `${account}-pass1`;
  const reply = await register(app, account, password);
  if (reply.code !== 1) throw new Error(`register failed: ${reply.msg}`);
  return login(app, account, password);
};

export const get = <T>(app: FastifyInstance, url: string, token?: string) =>
  call<T>(app, { method: 'GET', url, headers: token ? { token } : {} });

export const post = <T>(app: FastifyInstance, url: string, payload: unknown, token?: string) =>
  call<T>(app, { method: 'POST', url, payload: payload as object, headers: token ? { token } : {} });

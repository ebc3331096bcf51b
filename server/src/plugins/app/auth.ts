import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '@marketplace/shared/contracts';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/secrets';
import type { UserRepository, UserRow } from '../../modules/user/user.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in shopper. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow | null;
    /** The raw `token` header of an authenticated request (logout revokes it). */
    token: string | null;
  }
}

interface AuthOptions {
  users: UserRepository;
  now: () => Date;
}

export const authPlugin = fp<AuthOptions>(
  async (app, { users, now }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('token', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const header = request.headers.token;
      const token = Array.isArray(header) ? header[0] : header;
      if (!token) throw new AppError(ResponseCode.UNAUTHORIZED, 'err.loginFirst');
      const user = await users.findUserByToken(sha256(token), now());
      if (!user) throw new AppError(ResponseCode.UNAUTHORIZED, 'err.tokenInvalid');
      request.user = user;
      request.token = token;
    });
  },
  { name: 'auth' },
);

/** For handlers behind `requireUser`: the user is always set there. */
export const currentUser = (request: FastifyRequest): UserRow => {
  if (!request.user) throw new AppError(ResponseCode.UNAUTHORIZED, 'err.loginFirst');
  return request.user;
};

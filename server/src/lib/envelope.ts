import type { FastifyRequest } from 'fastify';
import { ResponseCode, type Envelope } from '@marketplace/shared/contracts';

/** Success envelope; `msgKey` names the success text of requirements §13 (e.g. `ok.login` → "Login Success"). */
export const ok = <T>(request: FastifyRequest, data: T, msgKey = 'ok.success'): Envelope<T> => ({
  code: ResponseCode.SUCCESS,
  msg: request.t(msgKey),
  data,
});

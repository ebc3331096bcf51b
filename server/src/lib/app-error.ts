import { ResponseCode } from '@marketplace/shared/contracts';

export type MsgParams = Record<string, string | number>;

/**
 * The one error type services throw. The error handler turns it into `{ code, msg: t(msgKey), data }`.
 * `httpStatus` stays 200 for business failures (spec style) except where the client relies on it.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly msgKey: string,
    readonly params?: MsgParams,
    readonly data: unknown = null,
    readonly httpStatus: number = code === ResponseCode.UNAUTHORIZED ? 401 : 200,
  ) {
    super(msgKey);
    this.name = 'AppError';
  }
}

export const fail = (msgKey: string, params?: MsgParams, data: unknown = null) =>
  new AppError(ResponseCode.FAIL, msgKey, params, data);

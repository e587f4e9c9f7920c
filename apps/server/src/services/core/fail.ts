import { formatMessage, MESSAGES, type MessageKey } from '@roomcast/contract';

/** A business failure: the call answers HTTP 200 with result:false and this message (spec §7). */
export class Fail extends Error {
  constructor(
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
  static of(key: MessageKey, ...args: (string | number)[]): Fail {
    return new Fail(formatMessage(MESSAGES[key], ...args));
  }
}

import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from '@roomcast/contract';
import { failedStep } from './test-failure';

describe('a failed directory test', () => {
  it("names the step and keeps the directory's words", () => {
    const message = formatMessage(MESSAGES.ldapTestFailed, 'bind', 'Invalid credentials: "x"\nsecond line');
    expect(failedStep(message)).toEqual({ step: 'bind', reason: 'Invalid credentials: "x"\nsecond line' });
    expect(failedStep(formatMessage(MESSAGES.ldapTestFailed, 'userbind', 'the directory refused the password'))).toEqual({
      step: 'userbind',
      reason: 'the directory refused the password',
    });
  });

  it('leaves other messages and unknown steps to the usual text', () => {
    expect(failedStep(formatMessage(MESSAGES.ldapUserNotFound, 'alice', 'ou=people,dc=campus,dc=example'))).toBeUndefined();
    expect(failedStep(MESSAGES.ldapIncomplete)).toBeUndefined();
    expect(failedStep(formatMessage(MESSAGES.ldapTestFailed, 'teleport', 'no'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { LIMITS } from '@roomcast/contract';
import { schemaRule } from '../form-rules';
import { GROUPCODE, GROUPCODE_MAX, GROUPNAME_MAX, USERCODE, USERCODE_MAX } from './code-rules';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const check = (schema: Parameters<typeof schemaRule>[0], value: unknown) =>
  (schemaRule(schema, 'bad') as { validator: Validator }).validator({}, value);

describe('user and group code rules from the contract', () => {
  it('caps the inputs at the contract lengths', () => {
    expect(USERCODE_MAX).toBe(LIMITS.usercodeMax);
    expect(GROUPCODE_MAX).toBe(32);
    expect(GROUPNAME_MAX).toBe(64);
  });

  it('accepts what the service accepts', async () => {
    await expect(check(USERCODE, 'teacher.01@room-a_b')).resolves.toBeUndefined();
    await expect(check(GROUPCODE, 'teachers.grade-1_a')).resolves.toBeUndefined();
  });

  it('refuses what the service refuses, with the given message', async () => {
    await expect(check(USERCODE, 'a/b')).rejects.toThrow('bad');
    await expect(check(GROUPCODE, 'a@b')).rejects.toThrow('bad');
    await expect(check(USERCODE, 'x'.repeat(LIMITS.usercodeMax + 1))).rejects.toThrow('bad');
  });

  it('leaves an empty value to the required rule', async () => {
    await expect(check(USERCODE, '')).resolves.toBeUndefined();
    await expect(check(GROUPCODE, undefined)).resolves.toBeUndefined();
  });
});

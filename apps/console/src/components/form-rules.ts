import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * A form rule that asks a contract schema (a field of a call's request), so a form refuses exactly what the
 * service would. An empty value is left to the field's `required` rule.
 */
export function schemaRule(schema: z.ZodType, message: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      if (!schema.safeParse(value).success) throw new Error(message);
    },
  };
}

interface SchemaParts {
  def?: { type?: string; in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType };
  maxLength?: number | null;
}

/** The longest text a schema accepts (its `.max()`, found through pipes, transforms, defaults and optionals). */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  const found: number[] = [];
  const visit = (node: z.ZodType | undefined): void => {
    if (!node) return;
    const parts = node as unknown as SchemaParts;
    if (typeof parts.maxLength === 'number') found.push(parts.maxLength);
    visit(parts.def?.in);
    visit(parts.def?.out);
    visit(parts.def?.innerType);
  };
  visit(schema);
  return found.length ? Math.min(...found) : undefined;
}

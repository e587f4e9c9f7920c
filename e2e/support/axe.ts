import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import { settled } from './settle';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What fails the run: people relying on assistive technology are blocked or badly hindered. */
export const BLOCKING: readonly Finding['impact'][] = ['serious', 'critical'];

export interface Finding {
  where: string;
  id: string;
  impact: NonNullable<ImpactValue> | 'unknown';
  nodes: number;
  /** The first offending element (CSS selector) and axe's summary of what is wrong with it. */
  target: string;
  summary: string;
}

/** Runs axe-core (WCAG 2 A/AA) on the page as it is now, optionally only inside `include` (a CSS selector). */
export async function axeScan(page: Page, include?: string): Promise<Result[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated, not added as a <script>: the service's Content-Security-Policy (script-src 'self') stays in force.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    ([tags, context]) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe.run(
        context ? { include: [context] } : document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    [WCAG_TAGS, include] as const,
  );
  return results.violations;
}

export function findings(where: string, violations: Result[]): Finding[] {
  return violations.map((v) => ({
    where,
    id: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.length,
    target: String(v.nodes[0]?.target.join(' ') ?? ''),
    summary: (v.nodes[0]?.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 160),
  }));
}

/** A compact table for the test output. */
export function findingTable(rows: readonly Finding[]): string {
  if (rows.length === 0) return '(none)';
  return rows
    .map((f) => `${f.impact.padEnd(8)} ${f.where.padEnd(44)} ${f.id.padEnd(24)} x${String(f.nodes).padEnd(3)} ${f.target}  — ${f.summary}`)
    .join('\n');
}

/**
 * axe (WCAG 2 A/AA) on the page once it is still, within `include` (a selector) or whole: no serious or critical
 * finding; the failure lists every finding.
 */
export async function expectAccessible(page: Page, where: string, include?: string): Promise<void> {
  await settled(page);
  const all = findings(where, await axeScan(page, include));
  expect(
    all.filter((f) => BLOCKING.includes(f.impact)),
    findingTable(all),
  ).toEqual([]);
}

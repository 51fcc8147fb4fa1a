// Automated accessibility checks with axe-core, run inside the page under test.
import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 levels A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Injects axe-core (once per document) and returns the violations on the current page. The injection is an inline
 * script, so the context must be created with `bypassCSP: true` (see browser.ts).
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.addScriptTag({ content: axe.source });
  }
  return page.evaluate(async (tags) => {
    const result = await window.axe!.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 200),
        summary: n.failureSummary ?? '',
      })),
    }));
  }, AXE_TAGS);
}

/** Human-readable list of violations: rule id, impact, help and the selectors of every offending node. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `- ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes
          .map((n) => `    at ${n.target}\n      ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
}

/** Fails when axe finds any violation on the page, naming the page, the rules and the elements. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const violations = await runAxe(page);
  if (violations.length > 0) {
    throw new Error(
      `axe found ${violations.length} accessibility violation(s) on ${label} (${page.url()}):\n${formatViolations(violations)}`,
    );
  }
}

/**
 * The axe results of a journey's states, audited as it goes and checked together at its end, so that one failing
 * state does not hide the others.
 */
export class AxeLog {
  private readonly results: { label: string; violations: AxeViolation[] }[] = [];

  /** Runs axe on the page as it is now, under `label`. */
  async audit(page: Page, label: string): Promise<void> {
    this.results.push({ label, violations: await runAxe(page) });
  }

  /** One line a state audited (ok or FAIL), for the run's output. */
  summary(): string {
    const lines = this.results.map((r) => `  ${r.violations.length ? 'FAIL' : 'ok  '} ${r.label}`);
    return `\naxe (${this.results.length} states):\n${lines.join('\n')}\n`;
  }

  /** The failing states with their violations; empty when every state passed. */
  failures(): string {
    return this.results
      .filter((r) => r.violations.length > 0)
      .map((r) => `${r.label}:\n${formatViolations(r.violations)}`)
      .join('\n\n');
  }
}

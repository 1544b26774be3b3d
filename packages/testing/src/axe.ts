import axe from 'axe-core';

/**
 * Runs axe-core on `element` and fails with the list of violations. jsdom has no layout, so the rules that need
 * one (colour contrast) are left to the browser tests.
 */
export async function expectNoAxeViolations(element: Element = document.body): Promise<void> {
  const result = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  if (result.violations.length > 0) {
    const lines = result.violations.map(
      (violation) => `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.html).join('\n  ')}`,
    );
    throw new Error(`axe-core found ${result.violations.length} violation(s):\n${lines.join('\n')}`);
  }
}

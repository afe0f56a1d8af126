import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

type AxeRule = { id: string; impact?: string };

/**
 * The rules that can never report a serious or critical finding. An axe rule that names an impact
 * gives every finding that impact (axe-core's `_finalizeRuleResult`), so a minor or moderate rule's
 * findings are always filtered out below; skipping them cuts an axe run by about a quarter. Read from
 * the axe-core that @axe-core/playwright injects, so a new rule or a raised impact is never skipped.
 */
function rulesBelowSerious(): string[] {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
  const axe = fromBuilder("axe-core") as { _audit?: { rules?: AxeRule[] } };
  const rules = axe._audit?.rules ?? [];
  if (rules.length === 0) throw new Error("axe-core's rules could not be read: update rulesBelowSerious()");
  return rules.filter((rule) => rule.impact === "minor" || rule.impact === "moderate").map((rule) => rule.id);
}
const BELOW_SERIOUS = rulesBelowSerious();

/** axe-core's serious and critical findings on the page as it is now (none is the goal). */
export async function seriousViolations(page: Page) {
  // Legacy mode runs axe in the page itself; the default opens a second page per run to merge the
  // results of frames, which these pages do not have (it doubled the spec's time).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .disableRules(BELOW_SERIOUS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    }));
}

/** Every upgrade starts (issue 54), from the older half of the schemas: tests/support/upgrade-cases.ts. */
import { OLDER, describeUpgrades } from "../../../tests/support/upgrade-cases";

describeUpgrades(OLDER.slice(0, Math.ceil(OLDER.length / 2)));

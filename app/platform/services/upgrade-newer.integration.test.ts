/** Every upgrade starts (issue 54), from the newer half of the schemas: tests/support/upgrade-cases.ts. */
import { OLDER, describeUpgrades } from "../../../tests/support/upgrade-cases";

describeUpgrades(OLDER.slice(Math.ceil(OLDER.length / 2)));

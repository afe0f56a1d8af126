// Routes may not import the db layer (eslint.config.js); this is what they need of it.
export { isDatabaseUnavailable } from "~/db/availability";

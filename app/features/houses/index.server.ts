/** The houses feature's face: what other features, the routes and the tests use of its data access and services. */
export { countHousesBySuggester, getHouse, listHouses, updateHouse } from "./models/house.server";
export { getVoteCounts } from "./models/vote.server";
export { applyKeptHouse } from "./services/house-suggest.server";

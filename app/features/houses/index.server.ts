/** The houses feature's face: what other features, the routes and the tests use of its data access and services. */
export { countHousesBySuggester, getHouse, listHouses, updateHouse } from "./models/house.server";
export { getPhotoFile, listPhotoVersions } from "./models/photo-queue.server";
export { castVote, getHouseVoteCounts, getMemberVotes, getVoteCounts } from "./models/vote.server";
export { applyKeptHouse, saveSuggestion, suggestHouse } from "./services/house-suggest.server";
export { requestHousePhotos } from "./services/photo-worker.server";

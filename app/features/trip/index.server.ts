/** The trip feature's face: what other features, the routes and the tests use of its data access and services. */
export { addItem, claimItem, listItems, setItemDone } from "./models/items.server";
export { listTripCandidates } from "./models/people.server";
export { addRooms, fillEmptyPlan, listPlacements, listRooms } from "./models/rooms.server";
export { saveNotes } from "./models/settings.server";
export { acceptRide, askRide, listRides, listTravel, saveTravel } from "./models/travel.server";
export { listTripMembers } from "./services/trip-members.server";

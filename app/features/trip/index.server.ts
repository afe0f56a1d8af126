/** The trip feature's face: what other features, the routes and the tests use of its data access and services. */
export { addItem, claimItem, listItems, setItemDone } from "./models/items.server";
export { memberTrip } from "./models/member-trip.server";
export { listTripCandidates } from "./models/people.server";
export { addRooms, fillEmptyPlan, listPlacements, listRooms } from "./models/rooms.server";
export { saveNotes } from "./models/settings.server";
export { acceptRide, askRide, listRides, listTravel, saveTravel } from "./models/travel.server";
export { serveFeed } from "./services/feed.server";
export { getRoomsPage, ROOM_INTENTS } from "./services/rooms.server";
export { startTripTimeline } from "./services/timeline.server";
export { TRIP_INTENTS } from "./services/trip-actions.server";
export { listTripMembers, requireTripMember, tripViewer } from "./services/trip-members.server";
export { getTripPage } from "./services/trip-page.server";
export { publicOrigin, runIntent } from "./services/trip-route.server";
export { sheetOwner, sheetSavedAt, sheetWorkerResponse } from "./services/sheet-offline.server";
export { sheetFileResponse } from "./services/sheet-file.server";

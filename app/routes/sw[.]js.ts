import { sheetWorkerResponse } from "~/features/trip/index.server";

/** /sw.js: the service worker that keeps the trip sheet on a member's phone (issue 56). */
export const loader = () => sheetWorkerResponse();

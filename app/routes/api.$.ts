import { apiError } from "~/platform/services/api.server";

// Unknown /api paths answer in JSON like the rest of the contract, never with the HTML redirect home.
const notFound = () => apiError(404, "Not found");

export const loader = notFound;
export const action = notFound;

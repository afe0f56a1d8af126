import { redirect } from "@remix-run/node";

// The spec sends every unknown path home rather than to a 404 page.
export const loader = () => redirect("/");
export const action = () => redirect("/");

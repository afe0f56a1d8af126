import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/platform/services/session.server";

export const action = ({ request }: ActionFunctionArgs) => logout(request, "/auth");

export const loader = () => redirect("/");

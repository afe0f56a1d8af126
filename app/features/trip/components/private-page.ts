import type { HeadersFunction, LinksFunction } from "@remix-run/node";
import styles from "~/styles/trip.css";

/** Every trip page's stylesheet. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

// The notes, rooms and addresses are private: no shared or browser cache keeps a trip page.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

import { currentEditionName } from "~/features/season/index.server";
import { answeringOutages } from "~/platform/services/resource-route.server";

/** The colour of the site's header, as root.tsx's theme-color says it. */
const THEME_COLOR = "#14213d";

/**
 * The web app manifest (issue 56): the planner on a phone's home screen, standalone, starting at the
 * home page (which leads a member to the trip). Linked from every page's head by the root.
 */
export const loader = answeringOutages(async () => {
  const { shortName, name } = await currentEditionName();
  const manifest = {
    name: `${shortName} — the ${name} planner`,
    short_name: shortName,
    description: `Plan ${shortName}: survey, houses, money and the trip.`,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#fffdf8",
    theme_color: THEME_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
});

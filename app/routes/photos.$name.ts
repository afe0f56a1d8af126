import type { LoaderFunctionArgs } from "@remix-run/node";
import { parsePhotoName } from "~/features/houses/lib/house-photo";
import { getPhotoFile } from "~/features/houses/index.server";
import { answeringOutages } from "~/platform/services/resource-route.server";

/**
 * A stored house photo. Its name carries a hash of its bytes, so the browser may keep it for a
 * year without asking again; any other name (an old version, a typo) is a plain 404.
 */
export const loader = answeringOutages(async ({ params }: LoaderFunctionArgs) => {
  const photo = parsePhotoName(params.name ?? "");
  const file = photo ? await getPhotoFile(photo.houseId, photo.width, photo.version) : undefined;
  if (!file) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(file.bytes.length),
      // A stand-in (the phone's width not made yet) is kept a minute, not a year.
      "Cache-Control": file.fallback ? "public, max-age=60" : "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOrganiser } from "~/features/accounts/index.server";
import { backupFileName } from "~/platform/lib/backup-file";
import { backupStream, isMachineRequest } from "~/platform/services/backup.server";
import { answeringOutages } from "~/platform/services/resource-route.server";

/**
 * "Download a backup" for organisers, and `npm run backup`'s way to the embedded database the
 * server owns (the machine key, see services/backup.server.ts). Every member's private data: never
 * cached, always an attachment.
 */
export const loader = answeringOutages(async ({ request }: LoaderFunctionArgs) => {
  const machine = isMachineRequest(request);
  if (!machine) await requireOrganiser(request);
  // The command says where it writes the file, so the overview can name it.
  const file = new URL(request.url).searchParams.get("file");
  // A page of rows at a time: a year of receipts and photos never sits in the server's memory whole.
  const body = await backupStream(machine && file ? file : undefined);
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="${backupFileName("download", new Date())}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

/** UTF-8's byte-order mark: without it Excel reads the file in the local code page and garbles accents. */
const BOM = "\uFEFF";

/** A CSV download: private to the organiser, so never stored by a cache. */
export function csvResponse(csv: string, filename: string) {
  return new Response(BOM + csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

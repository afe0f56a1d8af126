import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { escapeHtml } from "~/platform/lib/mail-text";
import { readBuiltCss } from "~/platform/services/inline-css.server";
import { SheetView, type SheetData } from "~/features/trip/components/sheet-view";

// The file asks for nothing, wherever it is opened: no script, no image, no stylesheet, no font.
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * "Save the sheet to this phone" (issue 56): the sheet as one self-contained HTML file, sent as an
 * attachment, that opens from the phone's downloads with no connection and no JavaScript. Its styles
 * (the built `stylesheets`, by their URLs) are inline; it holds no script and no address of an image,
 * a stylesheet or a font.
 */
export function sheetFileResponse(page: SheetData, saved: string, stylesheets: readonly string[]): Response {
  const css = stylesheets.map((href) => readBuiltCss(href) ?? "").join("\n");
  const body = renderToStaticMarkup(
    createElement(
      "main",
      { className: "page" },
      createElement(SheetView, {
        page,
        saved,
        top: createElement(
          "p",
          { className: "no-print" },
          "A copy saved to this phone: it does not change. Open the trip sheet in the planner for today's.",
        ),
      }),
    ),
  );
  const title = `${page.facts.shortName} trip sheet`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${FILE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${css.replace(/<\/style/gi, "<\\/style")}</style>
</head>
<body>
${body}
</body>
</html>
`;
  const fileName = `${page.facts.shortName.replace(/[^\w-]+/g, "-").toLowerCase() || "trip"}-trip-sheet.html`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Security-Policy": FILE_CSP,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

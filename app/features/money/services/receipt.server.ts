/**
 * A receipt kept with an expense (issue 57 item 3, docs/decisions/035-receipts.md): read from the
 * expense form's multipart post, and served only to the people of its trip, never cached.
 */
import { getUser } from "~/platform/services/session.server";
import { UNREADABLE, parseForm, type FormRead, type ReadOptions } from "~/platform/services/read-form.server";
import { isOrganiser } from "~/features/accounts/index.server";
import type { ReceiptChange } from "~/features/money/models/money-writes.server";
import { receiptById } from "~/features/money/models/receipts.server";
import { seesLedgerOf } from "~/features/money/services/money-access.server";
import { readReceipt } from "~/features/money/services/receipt-file.server";
import type { z, ZodTypeAny } from "zod";

/**
 * A money form's post, urlencoded or multipart (the expense forms carry a file input), read once: its
 * fields as readForm reads them, and the receipt's file when one was chosen. A multipart body is let
 * through the request path with its NUL bytes (a file has them): a text field holding one is refused here.
 */
export async function readMoneyPost<Schema extends ZodTypeAny>(
  request: Request,
  schema: Schema,
  options: ReadOptions,
): Promise<{ read: FormRead<z.output<Schema>>; upload: File | null }> {
  const form = await request.formData().catch(() => null);
  const texts = form ? [...form.values()].filter((value) => typeof value === "string") : [];
  if (!form || texts.some((value) => value.includes("\0"))) {
    return { read: { ok: false, failure: { error: UNREADABLE }, values: {} }, upload: null };
  }
  const file = form.get("receipt");
  const upload = file && typeof file !== "string" && file.size > 0 ? file : null;
  return { read: parseForm(form, schema, options), upload };
}

/** What the form asks for the receipt: a new file read and cleaned, removal, or nothing (kept). */
export async function receiptChange(
  upload: File | null,
  remove: boolean,
): Promise<{ ok: true; change: ReceiptChange | undefined } | { ok: false; error: string }> {
  if (upload) {
    const read = await readReceipt(Buffer.from(await upload.arrayBuffer()));
    return read.ok ? { ok: true, change: read.file } : read;
  }
  return { ok: true, change: remove ? "remove" : undefined };
}

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });

/**
 * A receipt's file, for the people of its trip and the organisers only; a visitor, a member who is
 * not on that trip, a deleted expense's receipt or an unknown id is a 404 (nothing says it exists).
 * A PDF is an attachment (the browser's own viewer opens it as a download, not as this site's page).
 */
export async function receiptResponse(request: Request, idText: string) {
  const user = await getUser(request);
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : NaN;
  const receipt = user && Number.isSafeInteger(id) ? await receiptById(id) : undefined;
  if (!user || !receipt || receipt.deletedAt) return notFound();
  if (!(await isOrganiser(user)) && !(await seesLedgerOf(user.id, receipt.editionId))) return notFound();
  const pdf = receipt.contentType === "application/pdf";
  return new Response(new Uint8Array(receipt.bytes), {
    headers: {
      "Content-Type": receipt.contentType,
      "Content-Length": String(receipt.bytes.length),
      "Content-Disposition": `${pdf ? "attachment" : "inline"}; filename="receipt-${receipt.id}.${pdf ? "pdf" : "webp"}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      // Nothing runs in it; the browser's own image view styles itself inline (Chromium logs a refusal).
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

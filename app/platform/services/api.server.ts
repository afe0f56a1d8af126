import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redactUrl } from "~/platform/lib/redact-url";
import type { ZodError } from "zod";
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "~/platform/db/availability";
import { firstErrorPerField } from "~/platform/lib/field-errors";
import { MAX_BODY_BYTES } from "~/platform/services/request-path.server";

const API_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Referrer-Policy": "no-referrer",
};

export { RETRY_AFTER_SECONDS };

/** A JSON answer with the headers every /api response carries. */
export function apiJson(data: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(API_HEADERS)) headers.set(name, value);
  return Response.json(data, { ...init, headers });
}

/** The one way /api reports a problem: `{ "error": ... }` with a 4xx/5xx status. */
export function apiError(
  status: number,
  error: string,
  extra: { fieldErrors?: Record<string, string>; headers?: HeadersInit } = {},
) {
  const body = extra.fieldErrors ? { error, fieldErrors: extra.fieldErrors } : { error };
  return apiJson(body, { status, headers: extra.headers });
}

/** Turns a zod failure into the contract's 400 body: the first message plus one per field. */
export function validationError(error: ZodError) {
  const fieldErrors = firstErrorPerField(error);
  const first = error.issues[0];
  return apiError(400, first?.message ?? "Invalid input", { fieldErrors });
}

/**
 * Reads a POST/PATCH body as JSON or as a urlencoded form (the contract accepts both). Throws a
 * ready 400/413 response for bodies that are too large or malformed. An empty body reads as `{}`
 * unless `required` is set: then it is a 400 too, for routes where `{}` would overwrite data.
 */
export async function readApiBody(
  request: Request,
  { required = false }: { required?: boolean } = {},
): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw apiError(413, "Request body too large");
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw apiError(413, "Request body too large");
  if (!text.trim()) {
    if (required) throw apiError(400, "Request body must be a JSON object");
    return {};
  }
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && !Array.isArray(body)) {
      return body as Record<string, unknown>;
    }
  } catch {
    // Falls through to the same 400 as a non-object body.
  }
  throw apiError(400, "Request body must be a JSON object");
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

/**
 * Builds a resource route's loader and action from one handler per method: wrong methods get 405,
 * thrown responses pass through, and anything unexpected becomes the contract's JSON 500.
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>) {
  const allow = Object.keys(handlers).join(", ");
  const handle = async (args: LoaderFunctionArgs | ActionFunctionArgs) => {
    const method = args.request.method.toUpperCase() as Method;
    const handler = handlers[method === ("HEAD" as Method) ? "GET" : method];
    if (!handler) return apiError(405, "Method not allowed", { headers: { Allow: allow } });
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) {
        return error.headers.get("Content-Type")?.includes("application/json")
          ? error
          : apiError(error.status, error.status === 403 ? "Forbidden" : "Request refused");
      }
      if (isDatabaseUnavailable(error)) {
        return apiError(503, DATABASE_UNAVAILABLE, {
          headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
        });
      }
      console.error(`${method} ${redactUrl(new URL(args.request.url).pathname)} failed:`, error);
      return apiError(500, "Internal server error");
    }
  };
  return { loader: handle, action: handle };
}

import { data } from "@remix-run/node";
import { appCookie } from "~/platform/services/secret.server";

/**
 * A one-time message for the next page view (post/redirect/get), e.g. "Registration successful!";
 * `form`: on a page of several forms, the one it answers, where the view shows it (FormAnswer).
 */
export type Flash = { message: string; email?: string; form?: string };

const flashCookie = () => appCookie("sgw_flash", 60);

/** The Set-Cookie value that carries `flash` to the next request. */
export async function setFlash(flash: Flash): Promise<string> {
  return (await flashCookie()).serialize(flash);
}

/** The pending message, if any, and the Set-Cookie value that consumes it. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; setCookie?: string }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("sgw_flash=")) return { flash: null };
  const value: unknown = await (await flashCookie()).parse(header);
  if (!value || typeof value !== "object" || typeof (value as Flash).message !== "string") {
    return { flash: null };
  }
  const { message, email, form } = value as Flash;
  return {
    flash: {
      message,
      email: typeof email === "string" ? email : undefined,
      form: typeof form === "string" ? form : undefined,
    },
    setCookie: await (await flashCookie()).serialize("", { maxAge: 0 }),
  };
}

/**
 * A page's data with its pending message as `flash` (the text, or null) and the Set-Cookie that
 * consumes it: where a form's post/redirect/get lands. The message is read while the page loads.
 */
export async function withFlash<T extends object>(request: Request, page: T | Promise<T>) {
  const [value, { flash, setCookie }] = await Promise.all([page, readFlash(request)]);
  return data(
    { ...value, flash: flash?.message ?? null, flashForm: flash?.form ?? null },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

import { createCookie } from "@remix-run/node";
import { env } from "~/env.server";

/** A one-time message for the next page view (post/redirect/get), e.g. "Registration successful!". */
export type Flash = { message: string; email?: string };

let cookie: ReturnType<typeof createCookie> | undefined;

function flashCookie() {
  const config = env();
  cookie ??= createCookie("sgw_flash", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    maxAge: 60,
    secrets: [config.sessionSecret],
  });
  return cookie;
}

/** The Set-Cookie value that carries `flash` to the next request. */
export function setFlash(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/** The pending message, if any, and the Set-Cookie value that consumes it. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; setCookie?: string }> {
  const value: unknown = await flashCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || typeof (value as Flash).message !== "string") {
    return { flash: null };
  }
  const { message, email } = value as Flash;
  return {
    flash: { message, email: typeof email === "string" ? email : undefined },
    setCookie: await flashCookie().serialize("", { maxAge: 0 }),
  };
}

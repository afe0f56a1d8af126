/**
 * The service worker that keeps the trip sheet on a member's phone (issue 56), hand-written and
 * served as text by /sw.js. It answers navigations to the sheet only: the network first (a few
 * seconds at most), else the last good copy, marked as a copy. Every other request passes through
 * untouched: no respondWith, nothing stored. The sheet carries its CSS inline and ships no script
 * file, so the copy needs no other file of the build.
 *
 * One copy per browser, of the member it was fetched for (the `X-Sheet-Member` header the sheet
 * carries). It goes when the sheet answers anything but a page (a 401/403/404 or a redirect: signed
 * out, off the trip), when a form that signs in or out is posted, and when a page says another member
 * is signed in. A new build's worker waits until no page uses the old one (no skipWaiting), takes the
 * copy over, then drops the old build's cache.
 *
 * Plain JavaScript once serialized: no imports, no helpers, nothing but browser APIs in its body.
 */
export function sheetWorker(version: string, sheetPath: string, sessionPaths: readonly string[]) {
  type Waitable = Event & { waitUntil(promise: Promise<unknown>): void };
  type FetchEvent = Waitable & { request: Request; respondWith(response: Promise<Response>): void };
  type MessageEvent = Waitable & { data: unknown };
  const scope = self as unknown as { addEventListener(type: string, listener: (event: never) => void): void };
  const PREFIX = "sgw-sheet-";
  const CACHE = `${PREFIX}${version}`;
  const NETWORK_MS = 4000;

  const forget = (): Promise<unknown> =>
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(PREFIX)).map((name) => caches.delete(name))),
      );

  /** Keeps a sheet the server answered with a page; anything else (signed out, off the trip) drops the copy. */
  const keep = (response: Response): Promise<unknown> => {
    if (response.status === 200 && !response.redirected && response.headers.get("X-Sheet-Member")) {
      const copy = response.clone();
      return forget()
        .then(() => caches.open(CACHE))
        .then((cache) => cache.put(sheetPath, copy));
    }
    if (
      [401, 403, 404, 409].includes(response.status) ||
      response.redirected ||
      response.type === "opaqueredirect"
    )
      return forget();
    return Promise.resolve();
  };

  /** The copy, marked so the page says it is one ("shown without connection"). */
  const fromCopy = () =>
    caches
      .open(CACHE)
      .then((cache) => cache.match(sheetPath))
      .then((copy) =>
        copy
          ? copy.text().then(
              (html) =>
                new Response(html.replace('data-sheet="live"', 'data-sheet="copy"'), {
                  headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
                }),
            )
          : Response.error(),
      );

  scope.addEventListener("install", (event: Waitable) => {
    // The member is online and signed in when a worker installs: fetch the sheet now, so the first
    // visit already leaves a copy; offline, carry the old build's copy over.
    event.waitUntil(
      fetch(sheetPath, { credentials: "same-origin", redirect: "manual" })
        .then(keep)
        .catch(() =>
          caches.keys().then((names) => {
            const old = names.find((name) => name.startsWith(PREFIX) && name !== CACHE);
            if (!old) return;
            return caches
              .open(old)
              .then((cache) => cache.match(sheetPath))
              .then((copy) =>
                copy ? caches.open(CACHE).then((cache) => cache.put(sheetPath, copy)) : undefined,
              );
          }),
        ),
    );
  });

  scope.addEventListener("activate", (event: Waitable) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
              .map((name) => caches.delete(name)),
          ),
        ),
    );
  });

  scope.addEventListener("message", (event: MessageEvent) => {
    const member = (event.data as { member?: unknown } | null)?.member;
    if (typeof member !== "string") return;
    // A page of another member (or of nobody) in this browser: the copy is not theirs.
    event.waitUntil(
      caches
        .open(CACHE)
        .then((cache) => cache.match(sheetPath))
        .then((copy) => (copy && copy.headers.get("X-Sheet-Member") !== member ? forget() : undefined)),
    );
  });

  scope.addEventListener("fetch", (event: FetchEvent) => {
    const request = event.request;
    const url = new URL(request.url);
    if (url.origin !== location.origin) return;
    if (request.method === "POST") {
      // Signing in or out, deleting the account (a form, or Remix's `.data` post with JavaScript):
      // the copy goes now, whatever the answer says.
      const path = url.pathname.replace(/\.data$/, "");
      if (sessionPaths.some((session) => path === session || path.startsWith(`${session}/`)))
        event.waitUntil(forget());
      return;
    }
    if (request.mode !== "navigate" || request.method !== "GET" || url.pathname !== sheetPath || url.search)
      return;
    const network = fetch(request);
    event.waitUntil(network.then(keep, () => undefined));
    event.respondWith(
      new Promise<Response>((resolve) => {
        const timer = setTimeout(
          () => fromCopy().then((copy) => (copy.type === "error" ? undefined : resolve(copy))),
          NETWORK_MS,
        );
        network.then(
          (response) => {
            clearTimeout(timer);
            resolve(response);
          },
          () => {
            clearTimeout(timer);
            resolve(fromCopy());
          },
        );
      }),
    );
  });
}

/** The worker's script: the function above, called with this build's version. */
export function sheetWorkerScript(version: string, sheetPath: string, sessionPaths: readonly string[]) {
  return `(${sheetWorker.toString()})(${JSON.stringify(version)}, ${JSON.stringify(sheetPath)}, ${JSON.stringify(sessionPaths)});\n`;
}

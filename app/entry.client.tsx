import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// A request the router stops on purpose (a newer navigation takes over) is not an error. Remix's
// single fetch reads each answer with turbo-stream 2.4.1, whose decode() leaves one promise
// unobserved: when the stream is aborted after its first line, that promise's rejection
// ("AbortError: signal is aborted without reason") surfaces as uncaught on a busy phone or machine.
// Only an AbortError is quieted; every other unhandled rejection is still reported.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

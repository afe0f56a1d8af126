import { databaseUnavailableResponse, isDatabaseUnavailable, outageCode } from "~/platform/db/availability";
import { redactUrl } from "~/platform/lib/redact-url";

/**
 * A resource route's loader (a photo, a calendar, a CSV) answering an outage with the same 503 as
 * pages: Remix gives such routes neither the error boundary nor handleDataRequest, only its own 500.
 */
export function answeringOutages<Args extends { request: Request }>(
  loader: (args: Args) => Promise<Response>,
) {
  return async (args: Args) => {
    try {
      return await loader(args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const { method, url } = args.request;
      console.warn(
        `${method} ${redactUrl(new URL(url).pathname)}: database unavailable (${outageCode(error)})`,
      );
      return databaseUnavailableResponse();
    }
  };
}

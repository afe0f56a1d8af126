import { pingDatabase } from "~/platform/models/health.server";
import { RETRY_AFTER_SECONDS, apiJson } from "~/platform/services/api.server";

export async function loader() {
  try {
    await pingDatabase();
    return apiJson({ ok: true });
  } catch (error) {
    console.error("Health check failed:", error);
    return apiJson({ ok: false }, { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
  }
}

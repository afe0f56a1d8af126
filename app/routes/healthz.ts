import { pingDatabase } from "~/models/health.server";
import { apiJson } from "~/services/api.server";

export async function loader() {
  try {
    await pingDatabase();
    return apiJson({ ok: true });
  } catch (error) {
    console.error("Health check failed:", error);
    return apiJson({ ok: false }, { status: 503 });
  }
}

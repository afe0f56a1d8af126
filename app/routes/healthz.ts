import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { apiJson } from "~/services/api.server";

export async function loader() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return apiJson({ ok: true });
  } catch (error) {
    console.error("Health check failed:", error);
    return apiJson({ ok: false }, { status: 503 });
  }
}

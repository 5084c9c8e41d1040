import type { z } from "zod";
import type { Principal } from "../../auth/principal";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import type { SavedView as SavedViewRow } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import type { SavedView, savedViewWrite, viewState } from "./schemas";

function userOf(principal: Principal): string {
  if (principal.kind !== "user") throw new AppError("access_key_not_allowed", "Saved views belong to users; an access key has none");
  return principal.id;
}

function toSavedView(row: SavedViewRow): SavedView {
  return {
    id: row.id,
    list: row.list,
    name: row.name,
    state: row.state as z.output<typeof viewState>,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The caller's own views (of one list), by name. */
export async function listSavedViews(db: Db, principal: Principal, list?: string): Promise<SavedView[]> {
  const rows = await db.savedView.findMany({
    where: { user_id: userOf(principal), ...(list ? { list } : {}) },
    orderBy: [{ list: "asc" }, { name: "asc" }],
    take: 200,
  });
  return rows.map(toSavedView);
}

/** Saves a view by its name: a new one, or the same name again replaces it. */
export async function saveView(db: Db, principal: Principal, input: z.output<typeof savedViewWrite>): Promise<SavedView> {
  const user_id = userOf(principal);
  const row = await db.savedView.upsert({
    where: { user_id_list_name: { user_id, list: input.list, name: input.name } },
    create: { user_id, list: input.list, name: input.name, state: input.state } as never,
    update: { state: input.state },
  });
  return toSavedView(row);
}

export async function removeSavedView(db: Db, principal: Principal, id: string): Promise<void> {
  const { count } = isUuid(id) ? await db.savedView.deleteMany({ where: { id, user_id: userOf(principal) } }) : { count: 0 };
  if (count === 0) throw AppError.notFound("Saved view");
}

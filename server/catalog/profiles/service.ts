import type { Profile as ProfileRow } from "../../generated/prisma/client";
import { defineCrud } from "../../crud/crud";
import { toApi } from "../../lib/serialize";
import { profile, profileFilters, profileListRecord, profileWrite } from "./schemas";

type ProfileWithCount = ProfileRow & { _count?: { partners: number } };

export const profiles = defineCrud({
  noun: "Profile",
  entity: "profile",
  path: "/profiles",
  tag: "Profiles",
  model: (db) => db.profile,
  write: profileWrite,
  detail: profile,
  listRecord: profileListRecord,
  filters: {
    schema: profileFilters,
    where: ({ active }) => (active === undefined ? {} : { active }),
  },
  searchFields: (input) => [input.name],
  sortable: {
    id: (dir) => ({ id: dir }),
    name: (dir) => ({ name: dir }),
    active: (dir) => ({ active: dir }),
    partner_size: (dir) => ({ partners: { _count: dir } }),
  },
  defaultSort: "name",
  include: { _count: { select: { partners: true } } },
  toListRecord: (row: ProfileWithCount) => {
    const { _count, ...rest } = row;
    return { ...toApi(rest), partner_size: _count?.partners ?? 0 } as never;
  },
  usedBy: [{ label: "partners", count: (db, id) => db.partner.count({ where: { profile_id: id } }) }],
});

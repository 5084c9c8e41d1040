import { Badge } from "@/components/ui/badge";

/** The Active/Inactive badge of a record: in list rows and next to a record page's title. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Inactive</Badge>;
}

/** Options of an `active` list filter (FilterSelect). */
export const activeOptions = [
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
];

/** Options of an `only_active` list filter: all (absent) or active only. */
export const onlyActiveOptions = [{ value: "true", label: "Active only" }];

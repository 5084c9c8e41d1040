import type { RoleName } from "@/server/auth/schemas";

export const roleOptions: ReadonlyArray<{ value: RoleName; label: string; description: string }> = [
  { value: "VIEWER", label: "Viewer", description: "reads everything, changes nothing" },
  { value: "SELLER", label: "Seller", description: "also orders, sales and partners" },
  { value: "MANAGER", label: "Manager", description: "also catalog, prices, stock and settings" },
  { value: "ADMIN", label: "Admin", description: "also users and access keys" },
];

export const roleLabel = Object.fromEntries(roleOptions.map((role) => [role.value, role.label])) as Record<RoleName, string>;

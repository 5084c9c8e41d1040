import {
  BookOpenIcon,
  Building2Icon,
  CircleDotIcon,
  CreditCardIcon,
  FolderTreeIcon,
  HandshakeIcon,
  KeyRoundIcon,
  LayersIcon,
  ListChecksIcon,
  PackageIcon,
  RulerIcon,
  SlidersHorizontalIcon,
  TagIcon,
  TruckIcon,
  UserCogIcon,
  UsersIcon,
  UserSquareIcon,
  WarehouseIcon,
  type LucideIcon,
} from "lucide-react";
import type { Messages } from "next-intl";
import type { Permission } from "@/lib/permissions";

export interface NavItem {
  /** The message key of the entry's label: the area's title ("brands.title"). */
  label: string;
  icon: LucideIcon;
  href: string;
  /** Shown only to roles with this permission. */
  permission?: Permission;
}

export interface NavGroup {
  /** A heading of `nav` ("catalog"), or none. */
  label?: keyof Messages["nav"];
  items: NavItem[];
}

/** The panel's areas: an entry for each one that has pages (add one as its pages land). */
export const navigation: NavGroup[] = [
  {
    items: [
      { label: "products.title", icon: PackageIcon, href: "/products" },
      { label: "partners.title", icon: HandshakeIcon, href: "/partners" },
      { label: "sellers.title", icon: UserSquareIcon, href: "/sellers" },
      { label: "companies.title", icon: Building2Icon, href: "/companies" },
    ],
  },
  {
    label: "catalog",
    items: [
      { label: "brands.title", icon: TagIcon, href: "/brands" },
      { label: "categories.title", icon: FolderTreeIcon, href: "/categories" },
      { label: "variations.title", icon: SlidersHorizontalIcon, href: "/variations" },
      { label: "measureUnits.title", icon: RulerIcon, href: "/measure-units" },
      { label: "alternativeUnits.title", icon: LayersIcon, href: "/alternative-units" },
      { label: "warehouses.title", icon: WarehouseIcon, href: "/warehouses" },
      { label: "profiles.title", icon: UsersIcon, href: "/profiles" },
    ],
  },
  {
    label: "settings",
    items: [
      { label: "statuses.title", icon: CircleDotIcon, href: "/statuses" },
      { label: "paymentMethods.title", icon: CreditCardIcon, href: "/payment-methods" },
      { label: "deliveryMethods.title", icon: TruckIcon, href: "/delivery-methods" },
      { label: "customFields.title", icon: ListChecksIcon, href: "/custom-fields" },
    ],
  },
  {
    label: "admin",
    items: [
      { label: "users.title", icon: UserCogIcon, href: "/users", permission: "admin" },
      { label: "accessKeys.title", icon: KeyRoundIcon, href: "/access-keys", permission: "admin" },
    ],
  },
  {
    items: [{ label: "nav.apiDocs", icon: BookOpenIcon, href: "/docs" }],
  },
];

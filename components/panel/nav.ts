import {
  BadgePercentIcon,
  BookOpenIcon,
  Building2Icon,
  BoxesIcon,
  CircleDotIcon,
  CreditCardIcon,
  FolderTreeIcon,
  HandshakeIcon,
  KeyRoundIcon,
  LandmarkIcon,
  LayersIcon,
  LayoutDashboardIcon,
  ListChecksIcon,
  PackageIcon,
  RulerIcon,
  ShoppingCartIcon,
  SlidersHorizontalIcon,
  TablePropertiesIcon,
  TagIcon,
  TruckIcon,
  UserCogIcon,
  UsersIcon,
  UserSquareIcon,
  WarehouseIcon,
  WalletIcon,
  type LucideIcon,
} from "lucide-react";
import type { Permission } from "@/lib/permissions";

export interface NavItem {
  label: string;
  icon: LucideIcon;
  /** The page; without one the area is not built yet and shows as "soon". */
  href?: string;
  /** Shown only to roles with this permission. */
  permission?: Permission;
}

export interface NavGroup {
  label?: string;
  items: NavItem[];
}

/** The panel's areas. Give an item its `href` when its pages land. */
export const navigation: NavGroup[] = [
  {
    items: [
      { label: "Dashboard", icon: LayoutDashboardIcon },
      { label: "Orders", icon: ShoppingCartIcon },
      { label: "Sales", icon: WalletIcon },
      { label: "Financials", icon: LandmarkIcon },
      { label: "Products", icon: PackageIcon, href: "/products" },
      { label: "Stock", icon: BoxesIcon },
      { label: "Price tables", icon: TablePropertiesIcon },
      { label: "Discounts", icon: BadgePercentIcon },
      { label: "Partners", icon: HandshakeIcon, href: "/partners" },
      { label: "Sellers", icon: UserSquareIcon, href: "/sellers" },
      { label: "Companies", icon: Building2Icon, href: "/companies" },
    ],
  },
  {
    label: "Catalog",
    items: [
      { label: "Brands", icon: TagIcon, href: "/brands" },
      { label: "Categories", icon: FolderTreeIcon, href: "/categories" },
      { label: "Variations", icon: SlidersHorizontalIcon, href: "/variations" },
      { label: "Measure units", icon: RulerIcon, href: "/measure-units" },
      { label: "Alternative units", icon: LayersIcon, href: "/alternative-units" },
      { label: "Warehouses", icon: WarehouseIcon, href: "/warehouses" },
      { label: "Profiles", icon: UsersIcon, href: "/profiles" },
    ],
  },
  {
    label: "Settings",
    items: [
      { label: "Statuses", icon: CircleDotIcon, href: "/statuses" },
      { label: "Payment methods", icon: CreditCardIcon, href: "/payment-methods" },
      { label: "Delivery methods", icon: TruckIcon, href: "/delivery-methods" },
      { label: "Custom fields", icon: ListChecksIcon, href: "/custom-fields" },
    ],
  },
  {
    label: "Admin",
    items: [
      { label: "Users", icon: UserCogIcon, href: "/users", permission: "admin" },
      { label: "Access keys", icon: KeyRoundIcon, href: "/access-keys", permission: "admin" },
    ],
  },
  {
    items: [{ label: "API docs", icon: BookOpenIcon, href: "/docs" }],
  },
];

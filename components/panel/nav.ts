import {
  BadgePercentIcon,
  BookOpenIcon,
  BoxesIcon,
  CalculatorIcon,
  BanknoteIcon,
  Building2Icon,
  CircleDotIcon,
  CreditCardIcon,
  FileUpIcon,
  FolderTreeIcon,
  HandshakeIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  LandmarkIcon,
  LayersIcon,
  ListChecksIcon,
  PackageIcon,
  ReceiptIcon,
  ReceiptTextIcon,
  RulerIcon,
  ScrollTextIcon,
  ShieldCheckIcon,
  ShoppingCartIcon,
  StoreIcon,
  SlidersHorizontalIcon,
  TagIcon,
  TicketPercentIcon,
  TruckIcon,
  UserCogIcon,
  UsersIcon,
  UserSquareIcon,
  MapIcon,
  PercentIcon,
  WarehouseIcon,
  WebhookIcon,
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
      { label: "orders.title", icon: ReceiptIcon, href: "/orders" },
      { label: "approvals.title", icon: ShieldCheckIcon, href: "/approvals" },
      { label: "coupons.title", icon: TicketPercentIcon, href: "/coupons" },
      { label: "sales.title", icon: ShoppingCartIcon, href: "/sales" },
      { label: "financials.title", icon: BanknoteIcon, href: "/financials" },
      { label: "dashboard.title", icon: LayoutDashboardIcon, href: "/" },
      { label: "products.title", icon: PackageIcon, href: "/products" },
      { label: "stock.title", icon: BoxesIcon, href: "/stock" },
      { label: "partners.title", icon: HandshakeIcon, href: "/partners" },
      { label: "sellers.title", icon: UserSquareIcon, href: "/sellers" },
      { label: "companies.title", icon: Building2Icon, href: "/companies" },
      { label: "imports.title", icon: FileUpIcon, href: "/imports", permission: "sell" },
    ],
  },
  {
    label: "pricing",
    items: [
      { label: "priceTables.title", icon: ReceiptTextIcon, href: "/price-tables" },
      { label: "discounts.title", icon: BadgePercentIcon, href: "/discounts" },
      { label: "priceSimulator.title", icon: CalculatorIcon, href: "/price-simulator" },
    ],
  },
  {
    label: "catalog",
    items: [
      { label: "brands.title", icon: TagIcon, href: "/brands" },
      { label: "categories.title", icon: FolderTreeIcon, href: "/categories" },
      {
        label: "variations.title",
        icon: SlidersHorizontalIcon,
        href: "/variations",
      },
      { label: "measureUnits.title", icon: RulerIcon, href: "/measure-units" },
      {
        label: "alternativeUnits.title",
        icon: LayersIcon,
        href: "/alternative-units",
      },
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
      { label: "solutions.title", icon: StoreIcon, href: "/solutions" },
      { label: "customFields.title", icon: ListChecksIcon, href: "/custom-fields" },
      { label: "commercialSettings.title", icon: LandmarkIcon, href: "/commercial-policy" },
      { label: "taxRules.title", icon: PercentIcon, href: "/tax-rules" },
      { label: "taxSettings.title", icon: MapIcon, href: "/tax-settings" },
    ],
  },
  {
    label: "admin",
    items: [
      { label: "users.title", icon: UserCogIcon, href: "/users", permission: "admin" },
      { label: "accessKeys.title", icon: KeyRoundIcon, href: "/access-keys", permission: "admin" },
      { label: "auditLog.title", icon: ScrollTextIcon, href: "/audit", permission: "admin" },
      { label: "webhooks.title", icon: WebhookIcon, href: "/webhooks", permission: "admin" },
    ],
  },
  {
    items: [{ label: "nav.apiDocs", icon: BookOpenIcon, href: "/docs" }],
  },
];

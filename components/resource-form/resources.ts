import type { Messages } from "next-intl";

/** The message namespaces of the panel's resources: each has a title, a noun, a "new" label and toasts. */
export type ResourceName = {
  [Key in keyof Messages]: Messages[Key] extends { title: string; noun: string; one: string } ? Key : never;
}[keyof Messages];

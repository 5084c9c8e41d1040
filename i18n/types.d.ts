import type messages from "../messages/en.json";
import type { Locale } from "./locales";

/** Message keys are checked by TypeScript against the English file (both files hold the same keys). */
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}

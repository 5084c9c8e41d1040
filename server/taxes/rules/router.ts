import { router } from "../../http/trpc";
import { taxRules } from "./service";

export const taxRulesRouter = router(taxRules.procedures);

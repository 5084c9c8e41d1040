import { router } from "../../http/trpc";
import { companies } from "./service";

export const companiesRouter = router(companies.procedures);

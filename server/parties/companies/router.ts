import { router } from "../../trpc";
import { companies } from "./service";

export const companiesRouter = router(companies.procedures);

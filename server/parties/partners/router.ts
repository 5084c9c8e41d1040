import { router } from "../../trpc";
import { partners } from "./service";

/** Partners are written by sellers too (contract §2): the CRUD's writes use sellProcedure. */
export const partnersRouter = router(partners.procedures);

import { router } from "../../http/trpc";
import { solutionCrud } from "./service";

export const solutionsRouter = router(solutionCrud.procedures);

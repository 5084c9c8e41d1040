import { router } from "../../trpc";
import { solutionCrud } from "./service";

export const solutionsRouter = router(solutionCrud.procedures);

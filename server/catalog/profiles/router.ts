import { router } from "../../trpc";
import { profiles } from "./service";

export const profilesRouter = router(profiles.procedures);

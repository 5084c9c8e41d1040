import { router } from "../../http/trpc";
import { profiles } from "./service";

export const profilesRouter = router(profiles.procedures);

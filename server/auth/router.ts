import { publicProcedure, router } from "../trpc";
import { loginInput, loginResult } from "./schemas";
import { login } from "./service";

export const authRouter = router({
  login: publicProcedure
    .meta({
      openapi: { method: "POST", path: "/auth/login", tags: ["Auth"], summary: "Log in a user", protect: false },
    })
    .input(loginInput)
    .output(loginResult)
    .mutation(({ ctx, input }) => login(ctx.database, input, ctx.clientAddress)),
});

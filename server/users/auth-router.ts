import { publicProcedure, router } from "../http/trpc";
import { loginInput, loginResult } from "../auth/schemas";
import { login } from "../auth/service";

export const authRouter = router({
  login: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/login",
        tags: ["Auth"],
        summary: "Log in a user",
        description:
          "Answers the user and a bearer token. A wrong email or password is 404 (the same answer for both); repeated attempts " +
          "from one address are slowed down with growing delays (429 with Retry-After).",
        protect: false,
      },
      errors: [404, 429],
    })
    .input(loginInput)
    .output(loginResult)
    .mutation(({ ctx, input }) => login(ctx.runtime.database.prisma, input, ctx.request.clientAddress)),
});

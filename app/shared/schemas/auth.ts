import { GENDERS } from "~/shared/accounts";
import { AUTH_MESSAGES, emailProblem, newPasswordProblem } from "~/shared/auth-rules";
import { z } from "./zod";

/** Built on ~/shared/auth-rules.ts, which the browser uses without this library. */

const checkedBy = (problem: (value: string) => string | null) =>
  z.string().superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message });
  });

const EmailSchema = checkedBy(emailProblem).transform((email) => email.trim());
const NewPasswordSchema = checkedBy(newPasswordProblem);

/** The picture follows through the upload endpoint. */
export const SignUpRequestSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  // Asked for each time: the message speaks the language of the request being checked.
  gender: z.enum(GENDERS, { error: () => AUTH_MESSAGES.genderRequired }),
  username: z.string().optional(),
});

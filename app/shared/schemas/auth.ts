import { GENDERS } from "~/shared/accounts";
import { AUTH_MESSAGES, emailProblem, newPasswordProblem } from "~/shared/auth-rules";
import { z } from "./zod";

/**
 * The server's schemas of the auth forms, built on the rules in ~/shared/auth-rules.ts (which the
 * browser uses without this library).
 */

/** A string checked by one of the rules: the rule's message is the schema's. */
const checkedBy = (problem: (value: string) => string | null) =>
  z.string().superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message });
  });

const EmailSchema = checkedBy(emailProblem).transform((email) => email.trim());
const NewPasswordSchema = checkedBy(newPasswordProblem);

/** What the server accepts to create an account (the picture follows through the upload endpoint). */
export const SignUpRequestSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  // Asked for each time: the message speaks the language of the request being checked.
  gender: z.enum(GENDERS, { error: () => AUTH_MESSAGES.genderRequired }),
  username: z.string().optional(),
});

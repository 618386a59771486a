import type { Page } from "@playwright/test";
import { uniqueEmail } from "./test";

/** The password the sign-up form is filled with, for a test that reads it back. */
export const FORM_PASSWORD = "steady steps";

/** Fills the sign-up form as a person would (English labels), without sending it. */
export async function fillSignUpForm(
  page: Page,
  {
    email = uniqueEmail(),
    password = FORM_PASSWORD,
    gender = "female",
  }: Partial<Record<"email" | "password" | "gender", string>> = {},
) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByLabel("Gender").selectOption(gender);
  return { email, password };
}

/** Signs in with the sign-in form as a person would (English labels): fills it and presses Sign In. */
export async function signInWithForm(page: Page, { email, password }: { email: string; password: string }) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

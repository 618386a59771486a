/**
 * Creates .dev.vars with a fresh random BETTER_AUTH_SECRET when it does not exist, so a fresh clone
 * runs with `npm install && npm run dev` and no manual step. An existing file is never touched.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  const template = readFileSync(".dev.vars.example", "utf8");
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(".dev.vars", template.replace("replace-with-at-least-32-random-characters", secret));
  console.log("Created .dev.vars with a random BETTER_AUTH_SECRET (local development only).");
}

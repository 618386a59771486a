import { describe, expect, it } from "vitest";
import { AVATAR_BACKGROUNDS, avatarBackground, avatarInitials } from "~/lib/avatar";

describe("the generated avatar of someone without a picture", () => {
  it("shows the first letter of a generated username, and of the first two words of a name", () => {
    expect(avatarInitials("Gentle1234")).toBe("G");
    expect(avatarInitials("Kindred Support")).toBe("KS");
    expect(avatarInitials("ada lovelace byron")).toBe("AL");
    expect(avatarInitials("Élodie")).toBe("É");
    expect(avatarInitials("12345")).toBe("?");
  });

  it("picks the same colour for the same name every time, and different colours across names", () => {
    expect(avatarBackground("Gentle1234")).toBe(avatarBackground("Gentle1234"));
    const used = new Set(
      ["Calm101", "Brave202", "Kind303", "Warm404", "Sunny505", "Dove606", "Ivy707"].map(avatarBackground),
    );
    expect(used.size).toBeGreaterThan(1);
    for (const colour of used) expect(AVATAR_BACKGROUNDS).toContain(colour);
  });
});

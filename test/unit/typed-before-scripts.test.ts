import { describe, expect, it } from "vitest";
import { withTypedBeforeScripts } from "~/hooks/use-draft";

describe("text typed before the scripts ran, and a stored draft", () => {
  it("keeps the stored draft when nothing was typed", () => {
    expect(withTypedBeforeScripts("", "from yesterday")).toBe("from yesterday");
    expect(withTypedBeforeScripts("", "")).toBe("");
  });

  it("takes what was typed when there is no stored draft", () => {
    expect(withTypedBeforeScripts("Are you there?", "")).toBe("Are you there?");
  });

  it("puts what was typed first and the stored draft after it on a new line, losing neither", () => {
    expect(withTypedBeforeScripts("Are you there?", "from yesterday")).toBe("Are you there?\nfrom yesterday");
  });

  it("does not double a draft the browser put back in the box itself", () => {
    expect(withTypedBeforeScripts("from yesterday", "from yesterday")).toBe("from yesterday");
    expect(withTypedBeforeScripts("from yesterday, and more", "from yesterday")).toBe("from yesterday, and more");
  });
});

import { describe, expect, it } from "vitest";
import { pageMeta } from "~/lib/meta";

const config = {
  brandName: "Kindred",
  appUrl: "https://kindred.example",
  supportUserId: "s",
  adminUserId: "s",
  contactEmail: "hi@kindred.example",
  socialUrl: "https://social.example/kindred",
  donateUrl: "https://donate.example",
};

describe("pageMeta", () => {
  it("titles the page with the brand and points canonical and og:url at the public origin", () => {
    const tags = pageMeta({
      matches: [{ id: "root", loaderData: { config } }],
      pathname: "/privacypolicy",
      title: "Privacy Policy",
      description: "How we handle your data.",
    });
    expect(tags).toContainEqual({ title: "Privacy Policy | Kindred" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://kindred.example/privacypolicy" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://kindred.example/privacypolicy" });
    expect(tags).toContainEqual({ name: "description", content: "How we handle your data." });
  });

  it("still titles the page when the root data is missing (an error page)", () => {
    const tags = pageMeta({ matches: [], pathname: "/", title: "Oops", description: "d" });
    expect(tags).toContainEqual({ title: "Oops" });
    expect(tags.some((t) => "rel" in t && t.rel === "canonical")).toBe(false);
  });
});

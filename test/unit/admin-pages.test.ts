import { describe, expect, it } from "vitest";
import { ADMIN_TITLES, adminPageAt } from "~/shared/admin";
import { PATHS } from "~/shared/routes";

describe("the admin page at an address", () => {
  it("is found with or without a trailing slash, so the layout's heading is never empty", () => {
    expect(adminPageAt(PATHS.adminReports)?.title).toBe(ADMIN_TITLES.reports);
    expect(adminPageAt(`${PATHS.adminListeners}/`)?.title).toBe(ADMIN_TITLES.listeners);
    expect(adminPageAt("/admin/nothing")).toBeNull();
  });
});

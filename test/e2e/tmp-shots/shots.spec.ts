import { expect, pngFile, test, waitForHydration } from "../support/test";

for (const width of [320, 375, 1280]) {
  test(`sign-up picture at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/signup");
    await waitForHydration(page);
    const chooser = page.getByLabel(/Choose (another|a) picture/);
    await chooser.setInputFiles({
      name: "Averyveryverylongfilenamewithoutanyspacesatallthatgoesonandon.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not a picture"),
    });
    await expect(page.getByRole("alert").first()).toBeVisible();
    await page.getByText("Profile picture").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/auth-shot-refused-${width}.png` });
    await chooser.setInputFiles(pngFile("صورتي الشخصية للملف.png"));
    await expect(page.getByRole("img", { name: /Your chosen profile photo/ })).toBeVisible();
    await page.screenshot({ path: `/tmp/auth-shot-chosen-${width}.png` });
  });
}

import { composer, log } from "./support/chat-page";
import { expect, signedInAsSupport, signUpThroughApi, test, waitForHydration } from "./support/test";

/**
 * Issue 23: a message stored by the room whose own frame (its acknowledgement) never reached the
 * page, because the connection dropped in between. The page still holds it as pending; after
 * reconnecting, the resume page carries it and the resend is answered with an ack. It must settle
 * once: shown a single time, no longer 'Sending…'.
 */
test("a message pending when the connection dropped is settled exactly once after the page resumes", async ({
  page,
  browser,
  baseURL,
}) => {
  const visitor = await signUpThroughApi(page, baseURL ?? "");
  let connections = 0;
  let dropped = false;
  const sentIds: string[] = [];
  await page.routeWebSocket(/\/api\/chats\/.+\/ws$/, (ws) => {
    connections += 1;
    const first = connections === 1;
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === "string" && message.startsWith("{")) {
        const frame = JSON.parse(message) as { type: string; clientId?: string };
        if (frame.type === "send" && frame.clientId) sentIds.push(frame.clientId);
      }
      server.send(message);
    });
    server.onMessage((message) => {
      if (first && typeof message === "string" && message.startsWith("{")) {
        const frame = JSON.parse(message) as { type: string; message?: { clientId?: string } };
        // The room stored the message and sent its frame: the connection drops before the page has it.
        if (frame.type === "message" && frame.message?.clientId && sentIds.includes(frame.message.clientId)) {
          dropped = true;
          void ws.close({ code: 1006, reason: "network lost" });
          return;
        }
      }
      ws.send(message);
    });
  });

  await page.goto("/chat/kindred-support");
  await waitForHydration(page);
  await composer(page).fill("Are you still there?");
  await composer(page).press("Enter");
  await expect.poll(() => dropped).toBe(true);

  // The page reconnects by itself, resumes, resends; the message settles once.
  await expect.poll(() => connections).toBeGreaterThanOrEqual(2);
  await expect(log(page).getByText("Sending…")).toHaveCount(0, { timeout: 15_000 });
  await expect(log(page).getByText("Are you still there?", { exact: true })).toHaveCount(1);
  // Its resend carried the same id, so the room stored it once.
  expect(new Set(sentIds).size).toBe(1);
  await expect(page.getByText("Failed to send message. Please try again.")).toHaveCount(0);

  const support = await signedInAsSupport(browser, baseURL ?? "");
  await support.page.goto(`/chat/${visitor.user.id}`);
  await waitForHydration(support.page);
  await expect(log(support.page).getByText("Are you still there?", { exact: true })).toHaveCount(1);
  await support.context.close();

  await page.reload();
  await waitForHydration(page);
  await expect(log(page).getByText("Are you still there?", { exact: true })).toHaveCount(1);
});

// Stands in for `virtual:react-router/server-build` under Vitest: any test that tries to render a
// page fails loudly here instead of passing against something that is not the app.
throw new Error("Page rendering is tested by the browser suite (test/e2e), not in worker tests.");

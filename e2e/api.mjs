// The API as the page on show reaches it, for a scenario that asks it
// directly (a catalog, a board's optimum, a search's tally): through the
// page's own js/api.js, so the same scenario checks the server (HTTP) and
// the static site (the WebAssembly module in the page's workers), and a
// static page still sends nothing to /api/.

/// The answer (parsed JSON) of the API's `endpoint` ("puzzles", "board",
/// "trace", …) to `body` (none for the catalogs), asked by `page`.
export const api = (page, endpoint, body) => page.evaluate(async ([endpoint, body]) => {
  const { call } = await import(new URL("js/api.js", document.baseURI).href);
  return call(endpoint, body ?? undefined);
}, [endpoint, body ?? null]);

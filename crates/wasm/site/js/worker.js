// worker.js: a Web Worker of the static site's page (workers.js starts
// it), running calls to the JSON API in the WebAssembly module, one at a
// time, through the glue in wasm.js.
//
// Messages in: first `{ module }` (the page compiles the module once and
// hands it to every worker), then `{ endpoint, body }`, one at a time.
// Out, for each call: `{ answer: { status, type, body }, memory }` (the
// module's memory in bytes, for the page to end a worker grown large), or
// `{ fault }` when the module trapped (the server's answer to a request
// that failed inside; this worker is then done), or `{ failed }` when the
// module could not be instantiated.
import { instantiate } from "./wasm.js";

let api = null;

self.onmessage = async ({ data }) => {
  if (data.module) {
    api = instantiate(data.module);
    api.catch(() => {}); // said to the first call
    return;
  }
  let instance;
  try {
    if (!api) throw new Error("no module was given");
    instance = await api;
  } catch (e) {
    self.postMessage({ failed: "the WebAssembly module did not start: " + e.message });
    return;
  }
  try {
    const answer = instance.call(data.endpoint, data.body);
    self.postMessage({ answer, memory: instance.memory() });
  } catch (e) {
    console.error(e.message);
    self.postMessage({ fault: instance.fault });
  }
};

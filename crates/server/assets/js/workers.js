// workers.js: the API without a server. On the static site (`cargo xtask
// site`), the page asks the JSON API of the WebAssembly module
// (crates/wasm) instead of `gridpuzzle serve`: the same requests, the
// same answers, byte for byte, under the server's default bounds. api.js
// chooses this transport when the HTML says so (see there).
//
// Why Web Workers: a call into the module is synchronous and a search may
// take the request's whole time, so it runs off the page's thread, and
// the board stays drawn and answering meanwhile. Why several: the page has
// work of several kinds at once (a game's move while a lane of Watch or
// the board of the day is searched), and a move must not wait behind a
// search; as on the server, each piece of work has a worker of its own,
// up to MAX_WORKERS, and the rest wait in order.
//
// Cancelling: a worker busy in a call cannot read a message, and a flag
// in memory shared with it would need the cross-origin isolation headers
// that a plain static host does not send. So the work of a kind that is
// aborted (api.js: a search the page no longer wants) is dropped at once
// (its promise rejects), and its worker is ended with `terminate()`,
// which stops the search and gives its memory back (Chromium lets a
// worker busy in a call run up to two seconds more). Newer work never
// waits for it: it gets another worker, started from the module compiled
// once here (instantiating takes a millisecond or so).
//
// Offline: once the page has loaded, a service worker (sw.js, at the
// site's root) keeps this build's files; a new build replaces them, and a
// page that was running the old one reloads into the new one (so its
// page, worker and module always come from one build).

/// Most workers at once: more than the kinds of work the page runs at
/// once, so none waits for another's search.
const MAX_WORKERS = 8;
/// Idle workers kept for the next calls; more are ended.
const KEEP_IDLE = 2;
/// A worker whose memory grew past this (a big search) is ended when its
/// call is done, which gives the memory back to the browser.
const MAX_KEPT_MEMORY = 256 << 20;

const MODULE = new URL("../gridpuzzle.wasm", import.meta.url);
const WORKER = new URL("./worker.js", import.meta.url);

/// The module, compiled once: a Promise, and the WebAssembly.Module once
/// it is there.
let compiled = null;
let module = null;
/// Workers waiting for a call, and how many there are in all.
const idle = [];
let live = 0;
/// Calls waiting for a worker.
const queue = [];

/// Starts the transport: fetches and compiles the module, warms a worker
/// for the first calls, and, once the page has loaded, keeps the site
/// offline.
export function start() {
  compiled = fetch(MODULE)
    .then((response) => {
      if (!response.ok) throw new Error(`${MODULE.pathname}: ${response.status} ${response.statusText}`);
      return response.arrayBuffer();
    })
    .then((bytes) => WebAssembly.compile(bytes))
    .then((compiledModule) => { module = compiledModule; });
  compiled.then(() => { if (live === 0) idle.push(spawn()); }, () => {});
  if ("serviceWorker" in navigator) {
    const loaded = document.readyState === "complete"
      ? Promise.resolve()
      : new Promise((done) => addEventListener("load", done, { once: true }));
    Promise.all([loaded, compiled]).then(offline, () => {});
  }
}

/// Answers `body` (JSON text) sent to `endpoint` ("solve", "trace/chart",
/// …): `{ status, type, body }`, as the server's `/api/ENDPOINT`. When
/// `signal` aborts, the call is dropped, or its worker ended if it runs;
/// the promise then rejects with the signal's reason.
export async function call(endpoint, body, signal) {
  // A module that could not be fetched or compiled: its error.
  await compiled;
  return new Promise((resolve, reject) => {
    queue.push({ endpoint, body, signal, resolve, reject });
    pump();
  });
}

/// Gives waiting calls to idle workers, or to new ones while there is room.
function pump() {
  while (queue.length && (idle.length || live < MAX_WORKERS)) {
    const job = queue.shift();
    if (job.signal && job.signal.aborted) {
      job.reject(job.signal.reason);
      continue;
    }
    run(idle.pop() || spawn(), job);
  }
}

/// A new worker, given the compiled module (there by now: `call` waits
/// for it), before any call.
function spawn() {
  const worker = new Worker(WORKER, { type: "module" });
  live += 1;
  worker.postMessage({ module });
  return worker;
}

/// Ends `worker`, and lets a waiting call have its place.
function end(worker) {
  worker.terminate();
  live -= 1;
}

function run(worker, job) {
  const { signal } = job;
  const finish = () => {
    if (signal) signal.removeEventListener("abort", stop);
    worker.onmessage = worker.onerror = null;
  };
  const stop = () => {
    finish();
    end(worker);
    job.reject(signal.reason);
    pump();
  };
  if (signal) signal.addEventListener("abort", stop, { once: true });
  worker.onmessage = ({ data }) => {
    finish();
    if (data.answer) {
      if (data.memory > MAX_KEPT_MEMORY || idle.length >= KEEP_IDLE) end(worker);
      else idle.push(worker);
      job.resolve(data.answer);
    } else {
      // The module trapped (a panic: answered as the server answers one,
      // from `fault`) or could not start: this worker is done.
      end(worker);
      if (data.fault) job.resolve(data.fault);
      else job.reject(new Error(data.failed));
    }
    pump();
  };
  worker.onerror = (event) => {
    finish();
    end(worker);
    job.reject(new Error("the page's worker failed: " + (event.message || "it did not load")));
    pump();
  };
  worker.postMessage({ endpoint: job.endpoint, body: job.body });
}

/// Registers the service worker that keeps the site offline (sw.js), and
/// reloads the page when a new build's takes over from the one that
/// served it (not on the first visit, when there was none).
function offline() {
  const container = navigator.serviceWorker;
  const served = !!container.controller;
  container.addEventListener("controllerchange", () => {
    if (served) location.reload();
  });
  container.register(new URL("sw.js", document.baseURI)).catch(() => {
    // No offline copy (a private window, a file:// page): the page works.
  });
}

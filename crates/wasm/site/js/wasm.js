// wasm.js: the JSON API in WebAssembly (crates/wasm), called with a
// request's bytes like the server's endpoints: the glue of the module's
// few exports, written by hand (the module's docs say why; its protocol
// is there too). Used by the page's Web Worker (worker.js) and by the
// node test that feeds the module the server's golden requests
// (crates/wasm/tests/golden.mjs), so both call it the same way.
//
// A call is synchronous and may run for the request's whole time (a
// search): run it off the page's thread. A module that trapped (a panic
// inside) is broken for good: `call` then throws, and the caller starts
// another instance.

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/// An instance of the compiled `module` (a WebAssembly.Module): its
/// `call(endpoint, body)` answers `{ status, type, body }` (body: text),
/// as the server's `/api/ENDPOINT` would; `fault` is the server's answer
/// to a request that failed inside (a 500), for a call that trapped.
export async function instantiate(module) {
  let exports = null;
  let panicked = "";
  const text = (at, len) => decoder.decode(new Uint8Array(exports.memory.buffer, at, len));
  const instance = await WebAssembly.instantiate(module, {
    env: {
      gridpuzzle_now: () => performance.now(),
      gridpuzzle_date_now: () => Date.now(),
      gridpuzzle_panic: (at, len) => { panicked = text(at, len); },
    },
  });
  exports = instance.exports;
  let broken = false;

  /// The answer in the module's answer buffer: its type, `\n`, its body.
  const answer = (status) => {
    const whole = text(exports.gridpuzzle_answer(), exports.gridpuzzle_answer_len());
    const at = whole.indexOf("\n");
    return { status, type: whole.slice(0, at), body: whole.slice(at + 1) };
  };
  const fault = answer(exports.gridpuzzle_fault());

  return {
    fault,
    /// The module's memory in bytes (it only grows).
    memory: () => exports.memory.buffer.byteLength,
    /// Answers `body` (a string or bytes) sent to `endpoint` ("solve",
    /// "trace/chart", …); throws once the module has trapped.
    call(endpoint, body = "") {
      if (broken) throw new Error("the module failed before: " + panicked);
      const name = encoder.encode(endpoint + "\n");
      const bytes = typeof body === "string" ? encoder.encode(body) : body;
      const at = exports.gridpuzzle_input(name.length + bytes.length);
      // Read the memory after the call that may have grown it.
      const room = new Uint8Array(exports.memory.buffer, at, name.length + bytes.length);
      room.set(name);
      room.set(bytes, name.length);
      try {
        return answer(exports.gridpuzzle_call());
      } catch (e) {
        broken = true;
        throw new Error(panicked || e.message);
      }
    },
  };
}

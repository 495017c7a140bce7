//! The project's own build tasks, run as `cargo xtask TASK` (an alias in
//! `.cargo/config.toml`):
//!
//! - `cargo xtask site DIR`: the static site, the page with the API built
//!   to WebAssembly: index.html, its modules and CSS, the `.wasm`, a web
//!   app manifest and a service worker (`site.rs`), served by any static
//!   file server, from any path.
//!
//! Why a task of the workspace and not a `gridpuzzle` command: building
//! the module needs a WebAssembly toolchain (a target the `gridpuzzle`
//! binary's own toolchain may not have, and on Debian another cargo and
//! rustc: `wasm.rs`) and the project's sources (the page's files, the
//! module's crate), neither of which an installed binary has or should
//! drive; a contributor and CI have both. The binary serves the page
//! itself (`gridpuzzle serve`) and needs no site.

mod site;
mod wasm;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask site DIR

  site DIR   write the static site (the page, solving in the browser with the
             API built to WebAssembly) to DIR: serve DIR with any static file
             server, e.g. python3 -m http.server --directory DIR

The WebAssembly toolchain: rustup's target (rustup target add
wasm32-unknown-unknown), or Debian's rustc-web, cargo-web, rust-web-src and
lld (.ci/install-wasm); GRIDPUZZLE_WASM_TOOLCHAIN=rustup|debian picks one.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["site", dir] => site(Path::new(dir)),
        ["help" | "--help" | "-h"] => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("xtask: {why}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn site(dir: &Path) -> Result<(), String> {
    let root = root();
    let module = wasm::build(&root)?;
    let files = site::files(&root, module)?;
    site::write(dir, &files)?;
    let total: usize = files.iter().map(|f| f.bytes.len()).sum();
    for f in &files {
        println!("{:>9}  {}", f.bytes.len(), f.path);
    }
    println!(
        "{total:>9}  in all, written to {}\nserve it with any static file server, e.g.\n  python3 -m http.server --directory {}",
        dir.display(),
        dir.display()
    );
    Ok(())
}

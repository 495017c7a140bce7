//! A link-time choice of the binary that depends on the platform's tools:
//! packed relative relocations.
//!
//! The binary is position-independent, and every pointer in its static
//! tables (string tables, vtables, the puzzles' constants) is fixed up by
//! the dynamic loader at every start: some 15,000 relocations, tens of
//! thousands of instructions before `main`, which on a judge file of a few
//! small cases is a visible share of the whole run (BENCHMARKS.md,
//! "Instructions per judge file"). Packed (`-z pack-relative-relocs`,
//! DT_RELR), they are a few hundred words the loader walks in a loop.
//! The flag needs a linker that knows it (GNU ld 2.38, lld 15) and a C
//! library that reads it (glibc 2.36): both are probed by linking and
//! running an empty program with the C compiler the linking uses, so an
//! older system builds as before.

use std::path::PathBuf;
use std::process::Command;

const FLAG: &str = "-Wl,-z,pack-relative-relocs";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target = std::env::var("TARGET").unwrap_or_default();
    let host = std::env::var("HOST").unwrap_or_default();
    // Probing runs the program, so only where it would run here.
    if target != host || !target.ends_with("-linux-gnu") {
        return;
    }
    if links_and_runs(FLAG) {
        println!("cargo:rustc-link-arg-bins={FLAG}");
    }
}

/// Whether an empty C program linked with `flag` builds and runs.
fn links_and_runs(flag: &str) -> bool {
    let Some(out) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        return false;
    };
    let source = out.join("relr-probe.c");
    let program = out.join("relr-probe");
    if std::fs::write(&source, "int main(void) { return 0; }\n").is_err() {
        return false;
    }
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let built = Command::new(cc)
        .args(["-fPIE", "-pie", flag, "-o"])
        .arg(&program)
        .arg(&source)
        .output()
        .is_ok_and(|o| o.status.success());
    built && Command::new(&program).status().is_ok_and(|s| s.success())
}

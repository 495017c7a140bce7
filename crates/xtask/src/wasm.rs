//! Building the WebAssembly module (`crates/wasm`) with whichever of the
//! two toolchains this machine has.
//!
//! - **The target of the toolchain running this task** (rustup's
//!   `rustup target add wasm32-unknown-unknown`): the normal way, a plain
//!   `cargo build --target wasm32-unknown-unknown`, used whenever its
//!   standard library is installed.
//! - **Debian's packages** `rustc-web`, `cargo-web`, `rust-web-src` and
//!   `lld` (what `.ci/install-wasm` installs where rustup cannot download
//!   the target): a rustc with the standard library's source and no
//!   prebuilt one for the target, so the build compiles std itself
//!   (`-Zbuild-std`, allowed on a stable compiler by `RUSTC_BOOTSTRAP=1`;
//!   a few minutes, once) and links with LLVM's `wasm-ld`.
//!
//! `GRIDPUZZLE_WASM_TOOLCHAIN=rustup|debian` picks one; otherwise the
//! first that is there. Both build the workspace's `wasm` profile (release,
//! whole-program optimized, no debug info) into `target/wasm`, apart from
//! the native builds.

use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";
/// Debian's cargo and rustc (`cargo-web`, `rustc-web`): under /usr/bin,
/// after rustup's on the PATH, so called by their full paths.
const DEBIAN_CARGO: &str = "/usr/bin/cargo";
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Toolchain {
    /// The running toolchain has the target's standard library.
    Rustup,
    /// Debian's packages: std built from its source.
    Debian,
}

/// Builds the module; its bytes.
pub fn build(root: &Path) -> Result<Vec<u8>, String> {
    let toolchain = choose()?;
    let target_dir = root.join("target/wasm");
    let mut cargo = match toolchain {
        Toolchain::Rustup => {
            Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        }
        Toolchain::Debian => {
            let mut cargo = Command::new(DEBIAN_CARGO);
            cargo
                .env("RUSTC", DEBIAN_RUSTC)
                .env("RUSTC_BOOTSTRAP", "1")
                .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER", "wasm-ld")
                // What rustup's proxies tell the tools they run: not for
                // Debian's.
                .env_remove("RUSTUP_TOOLCHAIN")
                .env_remove("RUSTC_WRAPPER")
                .env_remove("RUSTDOC");
            cargo
        }
    };
    cargo
        .current_dir(root)
        .args(["build", "--locked", "--profile", "wasm", "--target", TARGET])
        .args(["--package", "gridpuzzle-wasm", "--target-dir"])
        .arg(&target_dir);
    if toolchain == Toolchain::Debian {
        cargo.arg("-Zbuild-std=std,panic_abort");
    }
    eprintln!("xtask: building the WebAssembly module ({toolchain:?} toolchain)");
    let status = cargo
        .status()
        .map_err(|e| format!("cannot run cargo for the module: {e}"))?;
    if !status.success() {
        return Err(format!("building the WebAssembly module failed ({status})"));
    }
    let module = target_dir.join(TARGET).join("wasm/gridpuzzle_wasm.wasm");
    std::fs::read(&module).map_err(|e| format!("{}: {e}", module.display()))
}

fn choose() -> Result<Toolchain, String> {
    match std::env::var("GRIDPUZZLE_WASM_TOOLCHAIN").as_deref() {
        Ok("rustup") => return has_target().map(|()| Toolchain::Rustup),
        Ok("debian") => return debian().map(|()| Toolchain::Debian),
        Ok(other) if !other.is_empty() => {
            return Err(format!(
                "GRIDPUZZLE_WASM_TOOLCHAIN is rustup or debian, not `{other}`"
            ))
        }
        _ => {}
    }
    match (has_target(), debian()) {
        (Ok(()), _) => Ok(Toolchain::Rustup),
        (_, Ok(())) => Ok(Toolchain::Debian),
        (Err(a), Err(b)) => Err(format!(
            "no WebAssembly toolchain: {a}; and {b}.\n\
             With rustup: rustup target add {TARGET}. On Debian 12: .ci/install-wasm"
        )),
    }
}

/// Whether the running toolchain's rustc has the target's std.
fn has_target() -> Result<(), String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let out = Command::new(&rustc)
        .args(["--print", "target-libdir", "--target", TARGET])
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    let has_std = std::fs::read_dir(&dir).is_ok_and(|entries| {
        entries
            .filter_map(Result::ok)
            .any(|e| e.file_name().to_string_lossy().starts_with("libstd-"))
    });
    if out.status.success() && has_std {
        Ok(())
    } else {
        Err(format!(
            "the running rustc has no standard library for {TARGET}"
        ))
    }
}

/// Whether Debian's packages are all there.
fn debian() -> Result<(), String> {
    let missing = |what: &str, package: &str| format!("no {what} (Debian's {package})");
    let version = Command::new(DEBIAN_RUSTC)
        .arg("--version")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .ok_or_else(|| missing(DEBIAN_RUSTC, "rustc-web"))?;
    let version = String::from_utf8_lossy(&version.stdout).into_owned();
    // `rustc 1.96.0 (...)`: the workspace needs 1.85 or later.
    let minor: u32 = version
        .split(['.', ' '])
        .nth(2)
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    if minor < 85 {
        return Err(format!(
            "{DEBIAN_RUSTC} is {} (rustc-web gives 1.85 or later)",
            version.trim()
        ));
    }
    if !Path::new(DEBIAN_CARGO).exists() {
        return Err(missing(DEBIAN_CARGO, "cargo-web"));
    }
    if !Path::new("/usr/lib/rustlib/src/rust/library/std").exists() {
        return Err(missing("standard library source", "rust-web-src"));
    }
    let linker = Command::new("wasm-ld").arg("--version").output();
    if !linker.is_ok_and(|out| out.status.success()) {
        return Err(missing("wasm-ld", "lld"));
    }
    Ok(())
}

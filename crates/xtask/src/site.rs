//! The static site: the server's page (`crates/server/assets`), the files
//! only the site has (`crates/wasm/site`: the worker, the module's glue,
//! the service worker, the manifest) and the module, written to one
//! folder that any static file server serves, from any path.
//!
//! What differs from the page `gridpuzzle serve` sends is only the head of
//! index.html, where its one marker line is (`TRANSPORT_HTTP`):
//!
//! - the page is told to ask the module in workers, not the server
//!   (js/api.js reads the marker);
//! - the server's Content-Security-Policy, which the server sends as a
//!   header, is in a `<meta>`, since a static host sends none of ours
//!   ([`CSP`]);
//! - the web app manifest is linked (the server has none to serve).
//!
//! The service worker (`sw.js`) is written with the build's version, a
//! hash of every other file, so a new build is a new service worker that
//! replaces the old files, and with the list of files it keeps offline.
//! Every path is relative (checked here), so the site works from a
//! sub-path as from a host's root.

use std::path::Path;

/// The marker line of the server's index.html.
const TRANSPORT_HTTP: &str = r#"<meta name="gridpuzzle-transport" content="http">"#;

/// The site's policy: the server page's (`gridpuzzle_server::CSP`), with
/// `'wasm-unsafe-eval'` (the page compiles the module) and the service
/// worker and manifest named; without `frame-ancestors`, which a `<meta>`
/// cannot set (a host that should refuse framing says so in a header).
pub const CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; \
    manifest-src 'self'; base-uri 'none'; form-action 'none'";

/// A file of the site: its path in the site, and its bytes.
pub struct File {
    pub path: String,
    pub bytes: Vec<u8>,
}

/// The site's files, the service worker last.
pub fn files(root: &Path, module: Vec<u8>) -> Result<Vec<File>, String> {
    let assets = root.join("crates/server/assets");
    let extra = root.join("crates/wasm/site");
    let mut files = vec![
        File {
            path: "index.html".into(),
            bytes: index(&read(&assets.join("index.html"))?)?.into_bytes(),
        },
        File {
            path: "style.css".into(),
            bytes: read(&assets.join("style.css"))?.into_bytes(),
        },
    ];
    for dir in [&assets, &extra] {
        for name in list(&dir.join("js"))? {
            if files.iter().any(|f| f.path == format!("js/{name}")) {
                return Err(format!("js/{name} is both the page's and the site's"));
            }
            files.push(File {
                path: format!("js/{name}"),
                bytes: read(&dir.join("js").join(&name))?.into_bytes(),
            });
        }
    }
    files.push(File {
        path: "manifest.webmanifest".into(),
        bytes: read(&extra.join("manifest.webmanifest"))?.into_bytes(),
    });
    files.push(File {
        path: "gridpuzzle.wasm".into(),
        bytes: module,
    });
    let worker = service_worker(&read(&extra.join("sw.js"))?, &files)?;
    files.push(File {
        path: "sw.js".into(),
        bytes: worker.into_bytes(),
    });
    Ok(files)
}

/// The server's index.html with the site's head (see the module docs).
fn index(html: &str) -> Result<String, String> {
    if html.matches(TRANSPORT_HTTP).count() != 1 {
        return Err(format!(
            "index.html must hold `{TRANSPORT_HTTP}` once, for the site's head"
        ));
    }
    for absolute in ["href=\"/", "src=\"/"] {
        if html.contains(absolute) {
            return Err(format!(
                "index.html has an absolute path ({absolute}...): the site is served from any path"
            ));
        }
    }
    let head = format!(
        "<meta name=\"gridpuzzle-transport\" content=\"worker\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">\n\
         <link rel=\"manifest\" href=\"manifest.webmanifest\">"
    );
    Ok(html.replace(TRANSPORT_HTTP, &head))
}

/// sw.js with the build's version and files in its two placeholders.
fn service_worker(template: &str, files: &[File]) -> Result<String, String> {
    let mut hash = Fnv::new();
    for f in files {
        hash.add(f.path.as_bytes());
        hash.add(&(f.bytes.len() as u64).to_le_bytes());
        hash.add(&f.bytes);
    }
    // The page itself is kept as the site's root ("./"), which is what a
    // visit asks for (the service worker answers index.html with it too).
    let kept: Vec<String> = std::iter::once("./".to_string())
        .chain(
            files
                .iter()
                .filter(|f| f.path != "index.html")
                .map(|f| f.path.clone()),
        )
        .map(|p| format!("\"{p}\""))
        .collect();
    let mut text = template.to_string();
    for (placeholder, value) in [
        (
            "const VERSION = \"\";",
            format!("const VERSION = \"{:016x}\";", hash.0),
        ),
        (
            "const FILES = [];",
            format!("const FILES = [{}];", kept.join(", ")),
        ),
    ] {
        if text.matches(placeholder).count() != 1 {
            return Err(format!("sw.js must hold `{placeholder}` once"));
        }
        text = text.replace(placeholder, &value);
    }
    Ok(text)
}

/// FNV-1a, 64 bits: the build's version needs to change with any byte,
/// not to resist anyone.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Writes `files` to `dir`: a new folder, an empty one, or an earlier
/// site (whose files are replaced); never a folder of other things.
pub fn write(dir: &Path, files: &[File]) -> Result<(), String> {
    let at = |e: std::io::Error| format!("{}: {e}", dir.display());
    if dir.exists() {
        let empty = dir.read_dir().map_err(at)?.next().is_none();
        let ours = dir.join("gridpuzzle.wasm").exists() && dir.join("sw.js").exists();
        if !empty && !ours {
            return Err(format!(
                "{} is neither empty nor a site written before: choose another folder",
                dir.display()
            ));
        }
        if dir.join("js").exists() {
            std::fs::remove_dir_all(dir.join("js")).map_err(at)?;
        }
    }
    for f in files {
        let path = dir.join(&f.path);
        std::fs::create_dir_all(path.parent().unwrap()).map_err(at)?;
        std::fs::write(&path, &f.bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The names of the files in `dir`, sorted.
fn list(dir: &Path) -> Result<Vec<String>, String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> Vec<File> {
        files(&crate::root(), b"\0asm".to_vec()).unwrap()
    }

    fn text<'a>(files: &'a [File], path: &str) -> &'a str {
        let f = files.iter().find(|f| f.path == path).unwrap();
        std::str::from_utf8(&f.bytes).unwrap()
    }

    #[test]
    fn the_site_policy_is_the_server_pages_with_what_the_site_needs() {
        let server: Vec<&str> = gridpuzzle_server::CSP.split("; ").collect();
        let site: Vec<&str> = CSP.split("; ").collect();
        let wasm = "script-src 'self' 'wasm-unsafe-eval'";
        for directive in &server {
            match *directive {
                "frame-ancestors 'none'" => assert!(!site.contains(directive)),
                "script-src 'self'" => assert!(site.contains(&wasm)),
                _ => assert!(site.contains(directive), "{directive}"),
            }
        }
        for directive in &site {
            let added = ["worker-src 'self'", "manifest-src 'self'", wasm];
            assert!(
                server.contains(directive) || added.contains(directive),
                "{directive}"
            );
        }
    }

    #[test]
    fn the_site_is_the_page_with_its_head_and_the_files_the_site_adds() {
        let files = site();
        let html = text(&files, "index.html");
        assert!(html.contains(r#"content="worker""#) && !html.contains(TRANSPORT_HTTP));
        assert!(html.contains(&format!("content=\"{CSP}\"")));
        let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
        for path in [
            "js/main.js",
            "js/api.js",
            "js/workers.js",
            "js/worker.js",
            "js/wasm.js",
        ] {
            assert!(paths.contains(&path), "{path}");
        }
        assert_eq!(paths.last(), Some(&"sw.js"));
        let worker = text(&files, "sw.js");
        assert!(worker.contains(r#"const FILES = ["./", "style.css", "#));
        assert!(worker.contains(r#""gridpuzzle.wasm"]"#));
    }

    #[test]
    fn a_byte_changed_anywhere_is_a_new_version() {
        let version = |files: &[File]| {
            let worker = text(files, "sw.js");
            let at = worker.find("const VERSION = ").unwrap();
            worker[at..at + 36].to_string()
        };
        let other = files(&crate::root(), b"\0asn".to_vec()).unwrap();
        assert_ne!(version(&site()), version(&other));
        assert_eq!(version(&site()), version(&site()));
    }
}

//! Issue 40: a package in the other forms contest systems take, and the
//! package judged from outside.
//!
//! - `--package-format legacy` writes Kattis' legacy format and `--zip`
//!   the archive DOMjudge imports, with the statement as `problem.html`:
//!   their layout and reproducibility are checked here with no tool, and
//!   problemtools' `verifyproblem` (the Kattis checker; `.ci/install-problemtools`
//!   puts it and the TeX it builds statements with in `.ci/venv-kattis`)
//!   must report 0 errors on each legacy package. On CI, or with
//!   `GRIDPUZZLE_PROBLEMTOOLS=require`, a missing verifyproblem fails the
//!   test instead of skipping it.
//! - `statement_only/PUZZLE/`: correct programs in C++, Python (PyPy),
//!   Java and JavaScript (Node.js) written from the package's statement
//!   alone, as a contest's independent tester writes them. Each must be
//!   AC on every test of its package, under the package's own time and
//!   memory limits, judged by `gridpuzzle judge`: a statement that says
//!   less than the tests ask, or a limit too tight for a fair program in
//!   a usual language, fails here. Needs g++, pypy3, javac and node
//!   (`.ci/install-bapctools` installs pypy3); required on CI, or with
//!   `GRIDPUZZLE_BAPCTOOLS=require`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// The heavy tests (every submission or program run on every test) one at
/// a time: run side by side on two cores they would judge each other's
/// load.
static HEAVY: Mutex<()> = Mutex::new(());

fn scratch(name: &str) -> PathBuf {
    common::scratch("formats-test", name)
}

/// The registered puzzles with a problem package (the others say so).
fn packaged() -> Vec<&'static str> {
    static PACKAGED: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    PACKAGED.get_or_init(find_packaged).clone()
}

fn find_packaged() -> Vec<&'static str> {
    let root = scratch("which");
    let mut names = Vec::new();
    for e in gridpuzzle_registry::entries() {
        if e.judge.is_none() || e.gen.is_none() {
            continue;
        }
        let dir = root.join(e.name);
        let run = common::run(
            &["package", e.name, dir.to_str().unwrap(), "--no-check"],
            "",
        );
        if run.code == 0 {
            names.push(e.name);
        } else {
            assert!(
                run.stderr.contains("has no problem package"),
                "{}: {}",
                e.name,
                run.stderr
            );
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(names.len() >= 2, "puzzles with a package: {names:?}");
    names
}

/// Every file under `dir`, as paths relative to it with `/`, sorted.
fn tree(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let rel = p.strip_prefix(root).unwrap();
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

fn package(name: &str, dir: &Path, more: &[&str]) -> common::Run {
    let mut args = vec!["package", name, dir.to_str().unwrap()];
    args.extend(more);
    let run = common::run(&args, "");
    assert_eq!(run.code, 0, "{name}: {}{}", run.stdout, run.stderr);
    run
}

#[test]
fn a_legacy_package_and_its_archive_hold_what_kattis_and_domjudge_read() {
    let root = scratch("layout");
    for name in packaged() {
        let dir = root.join(format!("{name}legacy"));
        let zip = root.join(format!("{name}.zip"));
        let run = package(
            name,
            &dir,
            &[
                "--no-check",
                "--package-format",
                "legacy",
                "--zip",
                zip.to_str().unwrap(),
            ],
        );
        assert!(run.stdout.contains("verifyproblem"), "{}", run.stdout);
        let files = tree(&dir);
        // The legacy layout: its statement folder, none of the ICPC
        // format's newer parts.
        assert!(files.contains(&"problem_statement/problem.en.tex".to_string()));
        for gone in [
            "statement/",
            "data/invalid_input/",
            "answer_validators/",
            "generators/",
        ] {
            assert!(
                !files.iter().any(|f| f.starts_with(gone)),
                "{name}: {gone} in {files:?}"
            );
        }
        assert!(files.iter().any(|f| f.starts_with("submissions/accepted/")));
        assert!(!files.iter().any(|f| f.starts_with("submissions/rejected/")));
        let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
        assert!(
            yaml.contains("\nproblem_format_version: legacy\n"),
            "{yaml}"
        );
        assert!(yaml.contains("\n  time_multiplier: 2.0\n"), "{yaml}");
        assert!(!yaml.contains("time_limit:"), "{yaml}");
        let tex = std::fs::read_to_string(dir.join("problem_statement/problem.en.tex")).unwrap();
        assert!(
            !tex.contains("\\problemname{}"),
            "the legacy statement names its problem"
        );

        // The archive: the folder's files and problem.html, nothing else.
        let mut archive = zip::ZipArchive::new(std::fs::File::open(&zip).unwrap()).unwrap();
        let mut names: Vec<String> = archive.file_names().map(String::from).collect();
        names.sort();
        let mut want = files.clone();
        want.push("problem.html".into());
        want.sort();
        assert_eq!(names, want, "{name}");
        let mut page = String::new();
        std::io::Read::read_to_string(&mut archive.by_name("problem.html").unwrap(), &mut page)
            .unwrap();
        assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
        assert!(page.contains("<h2>Input</h2>") && page.contains("<h2>Output</h2>"));
        assert!(
            !page.contains('\\') && !page.contains('$'),
            "raw LaTeX: {page}"
        );
        // The sample, as it is in data/sample.
        let sample = files
            .iter()
            .find(|f| f.starts_with("data/sample/") && f.ends_with(".in"));
        let sample = std::fs::read_to_string(dir.join(sample.unwrap())).unwrap();
        let first = sample.lines().next().unwrap();
        assert!(page.contains(&format!("<pre>{first}\n")), "{page}");
        let mut yaml_in_zip = String::new();
        std::io::Read::read_to_string(
            &mut archive.by_name("problem.yaml").unwrap(),
            &mut yaml_in_zip,
        )
        .unwrap();
        assert_eq!(yaml_in_zip, yaml);

        // The same seed gives the same archive, byte for byte; the
        // default name is the folder's, beside it.
        let again = root.join(format!("{name}again"));
        package(
            name,
            &again,
            &["--no-check", "--package-format", "legacy", "--zip"],
        );
        let default_zip = root.join(format!("{name}again.zip"));
        assert_eq!(
            std::fs::read(&zip).unwrap(),
            std::fs::read(&default_zip).unwrap(),
            "{name}: the archive differs from one run to the next"
        );
    }

    // The ICPC format's archive carries its own parts.
    let name = packaged()[0];
    let dir = root.join("icpc");
    let run = package(name, &dir, &["--no-check", "--zip", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(doc["zip"], format!("{}.zip", dir.display()));
    assert!(doc.get("package_format").is_none(), "{doc}");
    let archive =
        zip::ZipArchive::new(std::fs::File::open(root.join("icpc.zip")).unwrap()).unwrap();
    for part in [
        "statement/problem.en.tex",
        "generators/generators.yaml",
        "problem.html",
    ] {
        assert!(archive.file_names().any(|f| f == part), "{part}");
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_folder_without_a_name_needs_the_archive_named() {
    let root = scratch("unnamed");
    let name = packaged()[0];
    let run = common::run_with(&["package", name, ".", "--no-check", "--zip"], "", |c| {
        c.current_dir(&root);
    });
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("--zip FILE"), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&root);
}

/// problemtools' `verifyproblem`, or why there is none.
fn verifyproblem() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let candidates = [
        std::env::var_os("GRIDPUZZLE_VERIFYPROBLEM").map(PathBuf::from),
        Some(root.join(".ci/venv-kattis/bin/verifyproblem")),
        Some(PathBuf::from("verifyproblem")),
    ];
    candidates.into_iter().flatten().find(|v| {
        Command::new(v)
            .arg("--help")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

#[test]
fn problemtools_verifies_each_legacy_package_with_no_error() {
    let Some(verify) = verifyproblem() else {
        assert!(
            !common::required("GRIDPUZZLE_PROBLEMTOOLS"),
            "verifyproblem (problemtools) is not installed: run .ci/install-problemtools"
        );
        eprintln!("skipped: verifyproblem is not installed (.ci/install-problemtools)");
        return;
    };
    let _heavy = HEAVY.lock().unwrap_or_else(|e| e.into_inner());
    let root = scratch("kattis");
    // problemtools' own settings in a home of the test's: its Java
    // command asks for `-source 21`, and Debian 12's javac is 17 (the
    // submissions are Java 17; Kattis itself runs 21).
    let config = root.join("config/problemtools");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("languages.yaml"),
        "java:\n    compile: 'javac -source 17 -encoding UTF-8 -sourcepath {path} -d {path} {files}'\n",
    )
    .unwrap();
    for name in packaged() {
        let dir = root.join(name);
        package(name, &dir, &["--no-check", "--package-format", "legacy"]);
        common::add_lowercase_submission(name, &dir);
        let out = Command::new(&verify)
            .arg(&dir)
            .env("XDG_CONFIG_HOME", root.join("config"))
            .env("HOME", &root)
            .output()
            .expect("verifyproblem runs");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.status.success() && text.contains("tested: 0 errors"),
            "{name}: verifyproblem failed:\n{text}"
        );
        // Every submission got its folder's verdict (verifyproblem says
        // `OK: AC`, `OK: WA`, `OK: TLE`), and there was one of each kind.
        for verdict in ["OK: AC", "OK: WA", "OK: TLE"] {
            assert!(text.contains(verdict), "{name}: no {verdict}:\n{text}");
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// The programs of `statement_only/`, by puzzle: each puzzle's folder.
fn statement_only() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/statement_only");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    out.sort();
    out
}

fn tool(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn programs_written_from_the_statement_alone_are_accepted_under_the_packages_limits() {
    let missing: Vec<&str> = ["g++", "pypy3", "javac", "java", "node"]
        .into_iter()
        .filter(|t| !tool(t))
        .collect();
    if !missing.is_empty() {
        assert!(
            !common::required("GRIDPUZZLE_BAPCTOOLS"),
            "missing {missing:?}: run .ci/install-bapctools (pypy3, g++) and install Java and Node.js"
        );
        eprintln!("skipped: missing {missing:?}");
        return;
    }
    let _heavy = HEAVY.lock().unwrap_or_else(|e| e.into_inner());
    let root = scratch("statement-only");
    let folders = statement_only();
    let packaged = packaged();
    // One folder per packaged puzzle that ships one, and every folder a
    // puzzle's.
    assert!(folders.len() >= 2, "{folders:?}");
    for (name, _) in &folders {
        assert!(
            packaged.contains(&name.as_str()),
            "statement_only/{name} is no packaged puzzle"
        );
    }
    for (name, programs) in folders {
        let dir = root.join(&name);
        package(&name, &dir, &["--no-check"]);
        let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
        let limit = |key: &str| {
            yaml.lines()
                .find_map(|l| l.trim().strip_prefix(key).map(|v| v.trim().to_string()))
                .unwrap_or_else(|| panic!("{name}: no {key} in problem.yaml"))
        };
        let (time, memory) = (limit("time_limit:"), limit("memory:"));
        let build = root.join(format!("{name}-build"));
        std::fs::create_dir_all(&build).unwrap();
        let cpp = build.join("solution");
        let ok = Command::new("g++")
            .args(["-O2", "-std=c++17", "-o"])
            .arg(&cpp)
            .arg(programs.join("solution.cpp"))
            .status()
            .unwrap();
        assert!(ok.success(), "{name}: solution.cpp does not build");
        let ok = Command::new("javac")
            .arg("-d")
            .arg(&build)
            .arg(programs.join("Main.java"))
            .status()
            .unwrap();
        assert!(ok.success(), "{name}: Main.java does not build");
        let candidates = [
            cpp.display().to_string(),
            format!("pypy3 {}", programs.join("solution.py").display()),
            format!("java -Xss64m -cp {} Main", build.display()),
            format!("node {}", programs.join("solution.js").display()),
        ];
        for candidate in &candidates {
            for folder in ["data/sample", "data/secret"] {
                let tests = dir.join(folder);
                let run = common::run(
                    &[
                        "judge",
                        &name,
                        "--candidate",
                        candidate,
                        "--time-limit",
                        &time,
                        "--memory-limit",
                        &memory,
                        "--jobs",
                        "1",
                        tests.to_str().unwrap(),
                    ],
                    "",
                );
                assert_eq!(
                    run.code, 0,
                    "{name}: {candidate} on {folder} (time limit {time} s, {memory} MB):\n{}{}",
                    run.stdout, run.stderr
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}

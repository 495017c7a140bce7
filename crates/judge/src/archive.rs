//! A package folder as one zip archive, the form DOMjudge imports a
//! problem in (`package --zip`): the folder's package parts under the
//! archive's root, plus the files only the archive carries (the statement
//! as `problem.html`, which DOMjudge shows to teams).
//!
//! The archive is byte-for-byte reproducible, like the folder: entries in
//! sorted order, every date the format's earliest (1980-01-01) and every
//! mode 0644, so the same seed gives the same archive and a rerun changes
//! nothing a contest's version control would see. The `zip` crate writes
//! it (deflate only): the format's details — local and central headers,
//! CRCs, sizes past 4 GB — are not ours to get wrong.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipWriter};

/// Where the archive of the package folder `dir` goes when no path is
/// given: `DIR.zip` beside the folder (DOMjudge names the problem after
/// the file). `None` for a folder without a name to take: a trailing `/`
/// is no part of the name, and `.` and `..` have none.
pub fn beside(dir: &Path) -> Option<PathBuf> {
    let folder = dir.components().as_path();
    let mut file = folder.file_name()?.to_os_string();
    file.push(".zip");
    Some(folder.with_file_name(file))
}

/// Writes `zip_path` from the `parts` (files or folders) under `dir`, and
/// `extra` files (a path in the archive, its bytes): the number of entries.
pub fn write(
    dir: &Path,
    parts: &[&str],
    extra: &[(String, Vec<u8>)],
    zip_path: &Path,
) -> Result<usize> {
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    for part in parts {
        collect(dir, Path::new(part), &mut files)?;
    }
    let mut entries: Vec<(String, Vec<u8>)> = files
        .into_iter()
        .map(|(name, path)| {
            std::fs::read(&path)
                .with_context(|| format!("cannot read {}", path.display()))
                .map(|bytes| (name, bytes))
        })
        .collect::<Result<_>>()?;
    entries.extend(extra.iter().cloned());
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let file = std::fs::File::create(zip_path)
        .with_context(|| format!("cannot create {}", zip_path.display()))?;
    let mut zip = ZipWriter::new(std::io::BufWriter::new(file));
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .last_modified_time(DateTime::default())
        .unix_permissions(0o644);
    let written = (|| -> Result<usize> {
        for (name, bytes) in &entries {
            zip.start_file(name.as_str(), options)?;
            zip.write_all(bytes)?;
        }
        zip.finish()?.flush()?;
        Ok(entries.len())
    })();
    written.with_context(|| format!("cannot write {}", zip_path.display()))
}

/// The files under `dir/rel` (a file or a folder), as archive paths with
/// `/` between names; a part that is missing has none.
fn collect(dir: &Path, rel: &Path, out: &mut Vec<(String, PathBuf)>) -> Result<()> {
    let path = dir.join(rel);
    let Ok(meta) = path.symlink_metadata() else {
        return Ok(());
    };
    if meta.is_dir() {
        let mut names: Vec<_> = std::fs::read_dir(&path)
            .with_context(|| format!("cannot read {}", path.display()))?
            .map(|e| e.map(|e| e.file_name()))
            .collect::<std::io::Result<_>>()?;
        names.sort();
        for name in names {
            collect(dir, &rel.join(name), out)?;
        }
    } else if meta.is_file() {
        let name = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        out.push((name, path));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_archive_goes_beside_its_folder_named_after_it() {
        let beside = |dir: &str| beside(Path::new(dir));
        assert_eq!(beside("problem"), Some(PathBuf::from("problem.zip")));
        assert_eq!(
            beside("out/problem/"),
            Some(PathBuf::from("out/problem.zip"))
        );
        assert_eq!(beside("."), None);
        assert_eq!(beside("out/.."), None);
    }
}

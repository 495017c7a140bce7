//! A package's statement as one HTML page, for the judging systems that
//! show a statement file rather than build one (DOMjudge takes
//! `problem.html` at the root of a problem archive).
//!
//! Why a converter of our own rather than a tool: the statements are the
//! puzzles' own short LaTeX files in a small subset (paragraphs,
//! `itemize`, the format's `Input`/`Output` sections, inline maths with a
//! few relations, `\texttt`), and a user who makes a package should not
//! need TeX, pandoc or plasTeX on their machine. So the subset is read
//! here, and anything outside it is an error naming the line, never a page
//! with raw LaTeX in it: a statement that grows a new construct fails
//! `package --zip` and this module's tests until the construct is added.
//!
//! The page is self-contained (a small inline style, no script, no
//! external request), and ends with the samples as the statement's
//! readers see them on Kattis: each sample's input and output side by side.

use anyhow::{bail, Result};
use gridpuzzle_engine::svg::escape;

/// The statement `tex` (the package's `problem.en.tex`) as a complete HTML
/// page titled `title`, with `samples` (input and answer texts) after it.
pub fn html(tex: &str, title: &str, samples: &[(String, String)]) -> Result<String> {
    let body = Reader::default().read(tex)?;
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>\n\
         body {{ font-family: Georgia, serif; max-width: 46em; margin: 2em auto; padding: 0 1em; line-height: 1.45; }}\n\
         h1 {{ text-align: center; }}\n\
         table.sample {{ border-collapse: collapse; width: 100%; margin: 1em 0; }}\n\
         table.sample td, table.sample th {{ border: 1px solid #888; vertical-align: top; padding: 0.3em 0.6em; text-align: left; width: 50%; }}\n\
         pre {{ margin: 0; }}\n\
         </style>\n</head>\n<body>\n<h1>{title}</h1>\n",
        title = escape(title)
    );
    out.push_str(&body);
    for (i, (input, answer)) in samples.iter().enumerate() {
        out.push_str(&format!(
            "<h2>Sample {n}</h2>\n<table class=\"sample\">\n\
             <tr><th>Input</th><th>Output</th></tr>\n\
             <tr><td><pre>{}</pre></td><td><pre>{}</pre></td></tr>\n</table>\n",
            escape(input),
            escape(answer),
            n = i + 1
        ));
    }
    out.push_str("</body>\n</html>\n");
    Ok(out)
}

/// Where the reader is: the HTML so far, whether a paragraph or a list
/// item is open, and the environments open.
#[derive(Default)]
struct Reader {
    out: String,
    paragraph: bool,
    item: bool,
    open: Vec<String>,
    line: usize,
    /// Maths begun on an earlier line of the paragraph and not yet closed.
    maths_open: Option<String>,
}

impl Reader {
    fn read(mut self, tex: &str) -> Result<String> {
        for (i, raw) in tex.lines().enumerate() {
            self.line = i + 1;
            let mut line = strip_comment(raw).trim();
            if line.is_empty() {
                if self.maths_open.is_some() {
                    bail!(self.error("maths ($) not closed in its paragraph".into()));
                }
                self.close_paragraph();
                continue;
            }
            if let Some(mut maths) = self.maths_open.take() {
                match line.find('$') {
                    Some(end) => {
                        maths.push(' ');
                        maths.push_str(&line[..end]);
                        let html = self.maths(&maths)?;
                        self.out.push_str(&html);
                        line = &line[end + 1..];
                    }
                    None => {
                        maths.push(' ');
                        maths.push_str(line);
                        self.maths_open = Some(maths);
                        continue;
                    }
                }
            }
            self.text(line)?;
            // Block elements end their own lines; running text goes on.
            if (self.paragraph || self.item) && self.maths_open.is_none() {
                self.out.push('\n');
            }
        }
        if self.maths_open.is_some() {
            bail!(self.error("maths ($) not closed in its paragraph".into()));
        }
        if let Some(env) = self.open.last() {
            bail!("the statement ends inside \\begin{{{env}}}");
        }
        self.close_paragraph();
        Ok(self.out)
    }

    fn close_paragraph(&mut self) {
        if self.paragraph {
            trim_end(&mut self.out);
            self.out.push_str("</p>\n");
            self.paragraph = false;
        }
    }

    fn open_paragraph(&mut self) {
        if !self.paragraph && !self.item {
            self.out.push_str("<p>");
            self.paragraph = true;
        }
    }

    fn error(&self, what: String) -> anyhow::Error {
        anyhow::anyhow!("statement line {}: {what}", self.line)
    }

    /// One line of text outside maths.
    fn text(&mut self, line: &str) -> Result<()> {
        let mut rest = line;
        while !rest.is_empty() {
            if let Some(after) = rest.strip_prefix('\\') {
                if let Some(symbol) = after.chars().next().filter(|c| "%&_#{}".contains(*c)) {
                    self.open_paragraph();
                    self.out.push_str(&escape(&symbol.to_string()));
                    rest = &after[1..];
                    continue;
                }
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .collect();
                rest = &after[name.len()..];
                rest = self.command(&name, rest)?;
                continue;
            }
            if let Some(after) = rest.strip_prefix('$') {
                self.open_paragraph();
                let Some(end) = after.find('$') else {
                    // Maths that goes on on the next line.
                    self.maths_open = Some(after.to_string());
                    return Ok(());
                };
                let maths = self.maths(&after[..end])?;
                self.out.push_str(&maths);
                rest = &after[end + 1..];
                continue;
            }
            self.open_paragraph();
            let (text, used) = plain(rest);
            self.out.push_str(&text);
            rest = &rest[used..];
        }
        Ok(())
    }

    /// A command outside maths, after its name: what follows it.
    fn command<'a>(&mut self, name: &str, rest: &'a str) -> Result<&'a str> {
        match name {
            "problemname" => {
                // The title comes from problem.yaml: the page's <h1>.
                let (_, rest) = self.argument(rest)?;
                Ok(rest)
            }
            "begin" => {
                let (env, rest) = self.argument(rest)?;
                self.close_paragraph();
                match env {
                    "itemize" => self.out.push_str("<ul>\n"),
                    "Input" | "Output" => self.out.push_str(&format!("<h2>{env}</h2>\n")),
                    _ => bail!(self.error(format!("no HTML for \\begin{{{env}}}"))),
                }
                self.open.push(env.to_string());
                Ok(rest)
            }
            "end" => {
                let (env, rest) = self.argument(rest)?;
                if self.open.last().map(String::as_str) != Some(env) {
                    bail!(self.error(format!("\\end{{{env}}} closes nothing open")));
                }
                self.open.pop();
                if env == "itemize" {
                    self.close_item();
                    self.out.push_str("</ul>\n");
                } else {
                    self.close_paragraph();
                }
                Ok(rest)
            }
            "item" => {
                if self.open.last().map(String::as_str) != Some("itemize") {
                    bail!(self.error("\\item outside itemize".into()));
                }
                self.close_item();
                self.out.push_str("<li>");
                self.item = true;
                Ok(rest.trim_start())
            }
            "texttt" | "emph" | "textbf" => {
                let (inner, rest) = self.argument(rest)?;
                let tag = match name {
                    "texttt" => "code",
                    "emph" => "em",
                    _ => "strong",
                };
                self.open_paragraph();
                self.out.push_str(&format!("<{tag}>"));
                self.text(inner)?;
                self.out.push_str(&format!("</{tag}>"));
                Ok(rest)
            }
            _ => bail!(self.error(format!("no HTML for \\{name}"))),
        }
    }

    fn close_item(&mut self) {
        if self.item {
            trim_end(&mut self.out);
            self.out.push_str("</li>\n");
            self.item = false;
        }
    }

    /// `{…}` after a command: its text and what follows.
    fn argument<'a>(&self, rest: &'a str) -> Result<(&'a str, &'a str)> {
        let Some(after) = rest.strip_prefix('{') else {
            bail!(self.error("a command without its {argument}".into()));
        };
        let mut depth = 1;
        for (i, c) in after.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok((&after[..i], &after[i + 1..]));
                    }
                }
                _ => {}
            }
        }
        bail!(self.error("an argument not closed on its line".into()))
    }

    /// Inline maths: letters in italics, numbers upright, the relations
    /// and dots as their characters, subscripts as `<sub>`.
    fn maths(&self, maths: &str) -> Result<String> {
        let inner = self.symbols(maths)?;
        Ok(format!("<span class=\"math\">{}</span>", inner.trim()).replace("  ", " "))
    }

    fn symbols(&self, maths: &str) -> Result<String> {
        let mut out = String::new();
        let mut rest = maths;
        while let Some(c) = rest.chars().next() {
            if let Some(after) = rest.strip_prefix('\\') {
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .collect();
                let symbol = match name.as_str() {
                    "leq" | "le" => " ≤ ",
                    "geq" | "ge" => " ≥ ",
                    "cdot" => " · ",
                    "times" => " × ",
                    "ldots" | "dots" => "…",
                    "neq" | "ne" => " ≠ ",
                    _ => bail!(self.error(format!("no HTML for \\{name} in maths"))),
                };
                out.push_str(symbol);
                rest = after[name.len()..].trim_start();
                continue;
            }
            if let Some(after) = rest.strip_prefix('_') {
                let (sub, next) = if after.starts_with('{') {
                    self.argument(after)?
                } else {
                    let width = after.chars().next().map_or(0, char::len_utf8);
                    (&after[..width], &after[width..])
                };
                out.push_str("<sub>");
                out.push_str(&self.symbols(sub)?);
                out.push_str("</sub>");
                rest = next;
                continue;
            }
            match c {
                'a'..='z' | 'A'..='Z' => out.push_str(&format!("<i>{c}</i>")),
                '0'..='9' | '(' | ')' | ',' | '+' | '-' | '=' | '.' => out.push(c),
                '<' => out.push_str(" &lt; "),
                '>' => out.push_str(" &gt; "),
                ' ' => {}
                _ => bail!(self.error(format!("no HTML for {c:?} in maths"))),
            }
            if c == ',' {
                out.push(' ');
            }
            rest = &rest[c.len_utf8()..];
        }
        Ok(out)
    }
}

/// Plain text up to the next command or maths: escaped, with TeX's
/// ligatures and quotes as their characters. Returns the text and the
/// bytes used.
fn plain(text: &str) -> (String, usize) {
    let end = text.find(['\\', '$']).unwrap_or(text.len());
    let chunk = &text[..end];
    // TeX's ligatures and quotes first: escaping turns `'` into `&apos;`.
    let out = escape(
        &chunk
            .replace("---", "—")
            .replace("--", "–")
            .replace("``", "“")
            .replace("''", "”")
            .replace('~', "\u{a0}"),
    );
    if chunk.contains(['{', '}']) {
        // A bare group: its braces are not text.
        return (out.replace(['{', '}'], ""), end);
    }
    (out, end)
}

/// The line without its comment (`%` not escaped as `\%`).
fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'%' && (i == 0 || bytes[i - 1] != b'\\') {
            return &line[..i];
        }
    }
    line
}

fn trim_end(out: &mut String) {
    while out.ends_with(char::is_whitespace) {
        out.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subset_becomes_html() {
        let tex = "% a comment\n\\problemname{}\n\nA stone on $2 \\leq w \\leq 20$ cells (50\\%)\n\
                   and ``quotes'' --- here.\n\n\\begin{Input}\n  One line:\n  \\begin{itemize}\n\
                   \\item $B_1, \\ldots, B_{i-1}$ and \\texttt{Case $i$: $x$}\n\
                   \\item at most $1024$~MiB, $1 \\leq n \\leq\n 20$ rows\n  \\end{itemize}\n\\end{Input}\n";
        let page = html(tex, "Stones & more", &[("1 2\n".into(), "3\n".into())]).unwrap();
        assert!(page.contains("<title>Stones &amp; more</title>"), "{page}");
        assert!(page.contains("<p>A stone on <span class=\"math\">2 ≤ <i>w</i> ≤ 20</span> cells (50%)\nand “quotes” — here.</p>"), "{page}");
        assert!(
            page.contains("<h2>Input</h2>\n<p>One line:</p>\n<ul>\n<li>"),
            "{page}"
        );
        assert!(
            page.contains("<i>B</i><sub>1</sub>, …, <i>B</i><sub><i>i</i>-1</sub>"),
            "{page}"
        );
        assert!(page.contains("<code>Case <span class=\"math\"><i>i</i></span>: <span class=\"math\"><i>x</i></span></code>"), "{page}");
        assert!(page.contains("1024</span>\u{a0}MiB, <span class=\"math\">1 ≤ <i>n</i> ≤ 20</span> rows</li>\n</ul>"), "{page}");
        assert!(
            page.contains("<td><pre>1 2\n</pre></td><td><pre>3\n</pre></td>"),
            "{page}"
        );
        assert!(!page.contains('\\') && !page.contains('$'), "{page}");
    }

    #[test]
    fn what_the_subset_lacks_is_an_error_naming_the_line() {
        for (tex, want) in [
            ("ok\n\\section{A}\n", "line 2: no HTML for \\section"),
            ("$x \\sum y$\n", "line 1: no HTML for \\sum in maths"),
            ("$x\n", "line 1: maths ($) not closed in its paragraph"),
            (
                "$x\ny\n\nz\n",
                "line 3: maths ($) not closed in its paragraph",
            ),
            ("\\begin{tabular}{ll}\n", "no HTML for \\begin{tabular}"),
            (
                "\\begin{itemize}\n\\item a\n",
                "ends inside \\begin{itemize}",
            ),
            ("\\item a\n", "\\item outside itemize"),
            ("\\end{Input}\n", "closes nothing open"),
        ] {
            let err = html(tex, "t", &[]).unwrap_err().to_string();
            assert!(err.contains(want), "{tex:?}: {err}");
        }
    }

    #[test]
    fn escaped_percent_is_text_and_a_bare_percent_a_comment() {
        assert_eq!(strip_comment("50\\% off % gone"), "50\\% off ");
    }
}

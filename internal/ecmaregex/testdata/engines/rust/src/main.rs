//! Reads one JSON string (a regex pattern) per line on stdin and prints one
//! JSON object per line: whether `regex::Regex::new` (default size limit)
//! compiles it, the error's last line when not, and `min_size`: the
//! smallest `RegexBuilder::size_limit` under which the pattern compiles
//! (absent when it does not parse; `min_size_over` when it needs more than
//! four times the default). The size is what wirelint's Rust size-limit
//! estimate is calibrated against.
use regex::{Error, RegexBuilder};
use std::io::{self, BufRead, Write};

fn compiles(pattern: &str, limit: usize) -> Result<(), Error> {
    RegexBuilder::new(pattern).size_limit(limit).build().map(|_| ())
}

/// Default size limit of `Regex::new` in this crate version.
const DEFAULT_LIMIT: usize = 10 * (1 << 20);
/// Largest limit tried: a pattern needing more is recorded as over it.
const SEARCH_CAP: usize = 4 * DEFAULT_LIMIT;

/// The size a pattern needs: `Some(Ok(n))` when the smallest size limit
/// under which it compiles is n (to within 0.1%, rounded up), `Some(Err(cap))`
/// when it needs more than SEARCH_CAP, None when it fails for a reason other
/// than size.
fn min_size(pattern: &str, ok: bool) -> Option<Result<usize, usize>> {
    let (mut lo, mut hi) = (0usize, DEFAULT_LIMIT);
    if !ok {
        match compiles(pattern, SEARCH_CAP) {
            Ok(()) => (lo, hi) = (DEFAULT_LIMIT, SEARCH_CAP),
            Err(Error::CompiledTooBig(_)) => return Some(Err(SEARCH_CAP)),
            Err(_) => return None,
        }
    }
    // invariant: fails at lo (or lo == 0), compiles at hi
    while hi - lo > 1 && hi - lo > hi / 1000 {
        let mid = lo + (hi - lo) / 2;
        match compiles(pattern, mid) {
            Ok(()) => hi = mid,
            Err(_) => lo = mid,
        }
    }
    Some(Ok(hi))
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Decodes one JSON string literal (the whole line).
fn parse_json_string(line: &str) -> Option<String> {
    let s = line.trim();
    let inner = s.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    let mut pending_high: Option<u32> = None;
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            '"' => out.push('"'),
            '\\' => out.push('\\'),
            '/' => out.push('/'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'u' => {
                let hex: String = chars.by_ref().take(4).collect();
                let v = u32::from_str_radix(&hex, 16).ok()?;
                if (0xD800..0xDC00).contains(&v) {
                    pending_high = Some(v);
                    continue;
                }
                if (0xDC00..0xE000).contains(&v) {
                    let hi = pending_high.take()?;
                    out.push(char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (v - 0xDC00))?);
                    continue;
                }
                out.push(char::from_u32(v)?);
            }
            _ => return None,
        }
    }
    Some(out)
}

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let line = line.expect("read stdin");
        let pattern = match parse_json_string(&line) {
            Some(p) => p,
            None => {
                writeln!(out, "{{\"input_error\":{}}}", json_string(&line)).unwrap();
                continue;
            }
        };
        let (ok, error) = match regex::Regex::new(&pattern) {
            Ok(_) => (true, String::new()),
            Err(Error::CompiledTooBig(n)) => (false, format!("compiled too big (size limit {})", n)),
            Err(e) => (false, e.to_string()),
        };
        let first = error.lines().last().unwrap_or("").trim().to_string();
        let size = match min_size(&pattern, ok) {
            Some(Ok(n)) => format!(",\"min_size\":{}", n),
            Some(Err(cap)) => format!(",\"min_size_over\":{}", cap),
            None => String::new(),
        };
        writeln!(
            out,
            "{{\"ok\":{},\"error\":{}{}}}",
            ok,
            json_string(&first),
            size
        )
        .unwrap();
    }
}

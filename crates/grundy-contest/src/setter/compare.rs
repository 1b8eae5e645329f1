//! Comparing a program's output with the judge's, byte for byte or token for token,
//! and showing either cut to a readable length (for `grundy stress` and any other
//! harness that judges a program).

/// The most lines and bytes of a text shown.
const SHOW_LINES: usize = 40;
const SHOW_BYTES: usize = 4000;

/// The longest piece of a line quoted in a difference.
const QUOTE: usize = 60;

/// Whether `received` is the `expected` output: byte for byte, or token for token.
pub fn same_output(expected: &[u8], received: &[u8], ignore_whitespace: bool) -> bool {
    if ignore_whitespace {
        tokens(expected).eq(tokens(received))
    } else {
        expected == received
    }
}

fn tokens(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
}

/// A piece of output, quoted and cut to a readable length.
fn quote(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(QUOTE)]).into_owned();
    if bytes.len() > QUOTE {
        format!("{text:?}... ({} bytes)", bytes.len())
    } else {
        format!("{text:?}")
    }
}

/// Where two outputs first differ, in words.
pub fn first_difference(expected: &[u8], received: &[u8], ignore_whitespace: bool) -> String {
    if ignore_whitespace {
        let (mut e, mut r) = (tokens(expected), tokens(received));
        let mut i = 1;
        loop {
            match (e.next(), r.next()) {
                (Some(a), Some(b)) if a == b => i += 1,
                (Some(a), Some(b)) => {
                    return format!("token {i}: expected {}, received {}", quote(a), quote(b))
                }
                (Some(a), None) => {
                    return format!("token {i}: expected {}, the output ended", quote(a))
                }
                (None, Some(b)) => {
                    return format!("token {i}: expected the end, received {}", quote(b))
                }
                (None, None) => return "none".into(),
            }
        }
    }
    let mut e = expected.split_inclusive(|&b| b == b'\n');
    let mut r = received.split_inclusive(|&b| b == b'\n');
    let mut line = 1;
    loop {
        match (e.next(), r.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (Some(a), Some(b)) if a.strip_suffix(b"\n") == Some(b) => {
                return format!("line {line}: the received output lacks the final newline")
            }
            (Some(a), Some(b)) => {
                let trim = |l: &'_ [u8]| -> Vec<u8> { l.strip_suffix(b"\n").unwrap_or(l).to_vec() };
                return format!(
                    "line {line}: expected {}, received {}",
                    quote(&trim(a)),
                    quote(&trim(b))
                );
            }
            (Some(_), None) => return format!("line {line}: the received output ended early"),
            (None, Some(b)) => {
                return format!("line {line}: expected the end, received {}", quote(b))
            }
            (None, None) => return "none".into(),
        }
    }
}

/// A text for the terminal: its first lines, with a note of what was left out; a
/// final newline is added when missing.
pub fn show(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "(empty)\n".into();
    }
    let mut shown = 0;
    let mut out = String::new();
    for (i, line) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        if i == SHOW_LINES || shown + line.len() > SHOW_BYTES {
            let lines = bytes.split_inclusive(|&b| b == b'\n').count();
            out.push_str(&format!(
                "... ({} more lines; {} bytes in all)\n",
                lines - i,
                bytes.len()
            ));
            return out;
        }
        out.push_str(&String::from_utf8_lossy(line));
        shown += line.len();
    }
    if !out.ends_with('\n') {
        out.push_str("\n(no final newline)\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_are_located() {
        assert_eq!(
            first_difference(b"Yes\nNo\n", b"Yes\nYes\n", false),
            "line 2: expected \"No\", received \"Yes\""
        );
        assert_eq!(
            first_difference(b"Yes\n", b"Yes", false),
            "line 1: the received output lacks the final newline"
        );
        assert_eq!(
            first_difference(b"A\nB\n", b"A\n", false),
            "line 2: the received output ended early"
        );
        assert_eq!(
            first_difference(b"A B", b"A  C\n", true),
            "token 2: expected \"B\", received \"C\""
        );
        assert!(same_output(b"A\nB\n", b" A B", true));
        assert!(!same_output(b"A\nB\n", b" A B", false));
        assert_eq!(show(b"1\n..P"), "1\n..P\n(no final newline)\n");
        let long: Vec<u8> = "x\n".repeat(100).into_bytes();
        assert!(show(&long).ends_with("... (60 more lines; 200 bytes in all)\n"));
    }
}

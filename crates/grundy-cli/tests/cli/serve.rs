//! `grundy serve`'s API against the command line: every `grundy analyze` and
//! `grundy sequence` example of the README and its guides, run through the real binary with
//! `--json`, must equal the API's answer byte for byte (and `--svg` the drawing of
//! `/api/sequence.svg`). And the real server: it listens on loopback, answers, and
//! stops on SIGTERM.

use std::io::{BufRead, BufReader};
use std::process::{Command as Process, Stdio};
use std::time::Duration;

use assert_cmd::Command;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use tower::ServiceExt;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// The API's status and body for `uri`.
fn api(uri: &str) -> (StatusCode, Vec<u8>) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let app = grundy_serve::app(grundy_serve::AppState::new(grundy_serve::Limits::default()));
        let response = app
            .oneshot(Request::get(uri).body(Body::empty()).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        (status, body.to_vec())
    })
}

/// The command lines for `command` in the README and the guides of `docs/`, without
/// `$ ` and comments.
fn readme_examples(command: &str) -> Vec<Vec<String>> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut files = vec![std::path::PathBuf::from(format!("{root}/README.md"))];
    let mut guides: Vec<_> = std::fs::read_dir(format!("{root}/docs"))
        .expect("the docs directory")
        .map(|e| e.expect("a docs entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    guides.sort();
    files.extend(guides);
    let prefix = format!("grundy {command} ");
    let mut examples = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a documentation file");
        examples.extend(
            text.lines()
                .map(|l| l.trim_start_matches("$ ").trim())
                .filter(|l| l.starts_with(&prefix))
                .map(|l| shell_words(l).into_iter().skip(2).collect::<Vec<String>>()),
        );
    }
    examples
}

/// The words of a shell command line as the shell passes them: quotes removed, up
/// to an unquoted `|` (a pipe) or ` #` (a comment).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    let mut previous = ' ';
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, '|') => break,
            (None, '#') if previous == ' ' => break,
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
        previous = c;
    }
    words.extend(word);
    words
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// `--name value` options and flags as query fields.
fn query(fields: &mut Vec<(String, String)>, options: &[String], flags: &[&str]) {
    let mut i = 0;
    while i < options.len() {
        let name = options[i].trim_start_matches("--").replace('-', "_");
        if flags.contains(&name.as_str()) {
            fields.push((name, "true".to_owned()));
            i += 1;
        } else {
            fields.push((name, options[i + 1].clone()));
            i += 2;
        }
    }
}

fn uri(path: &str, fields: &[(String, String)]) -> String {
    let q: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{k}={}", encode(v)))
        .collect();
    format!("{path}?{}", q.join("&"))
}

/// More examples than the README's, through the same comparison.
const MORE: &[&str] = &[
    "nim 3,5,7 --moves",
    "nim 1,2,3 --moves --limit 2",
    "nim 0,0",
    "nim 100000000000000000,3 --limit 0",
    "toads FF..TT --backsliding --moves",
    "fox-and-geese .f..|....|....|g.g. --to-move Right",
];

#[test]
fn api_answers_the_readme_analyze_examples_byte_for_byte() {
    let mut examples = readme_examples("analyze");
    assert!(examples.len() >= 8, "{examples:?}");
    examples.extend(
        MORE.iter()
            .map(|l| l.split_whitespace().map(str::to_owned).collect()),
    );
    let mut compared = Vec::new();
    for args in examples {
        let mut cli_args = args.clone();
        if !cli_args.iter().any(|a| a == "--json") {
            cli_args.push("--json".to_owned());
        }
        let options: Vec<String> = args[2..]
            .iter()
            .filter(|a| *a != "--json")
            .cloned()
            .collect();
        let mut fields = vec![
            ("game".to_owned(), args[0].clone()),
            ("position".to_owned(), args[1].clone()),
        ];
        // The switches (`--moves`, and every game's value-less parameters such as
        // `--misere` and `--backsliding`) become `NAME=true`.
        let mut flags = vec!["moves"];
        flags.extend(
            grundy::registry::all_params()
                .iter()
                .filter(|p| p.flag)
                .map(|p| p.name),
        );
        query(&mut fields, &options, &flags);
        let out = grundy().arg("analyze").args(&cli_args).output().unwrap();
        let (status, body) = api(&uri("/api/analyze", &fields));
        assert!(
            grundy::registry::find(&args[0]).is_ok(),
            "{args:?}: not registered"
        );
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            status,
            StatusCode::OK,
            "{args:?}: {}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(
            String::from_utf8(body).unwrap(),
            String::from_utf8(out.stdout).unwrap(),
            "{args:?}"
        );
        compared.push(args);
    }
    assert!(compared.len() >= 5, "{compared:?}");
    eprintln!("byte for byte equal: {compared:?}");
}

#[test]
fn api_answers_the_readme_sequence_examples_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let mut compared = 0;
    for mut args in readme_examples("sequence") {
        // A million values (0.6, grundy-game) take seconds to minutes: too slow for a
        // test, so those examples are compared on their first 10^4 values.
        for i in 1..args.len() {
            if (args[i - 1] == "--to" || args[i - 1] == "--limit")
                && args[i].parse::<usize>().is_ok_and(|n| n > 100_000)
            {
                args[i] = "10000".to_owned();
            }
        }
        let mut fields = vec![("game".to_owned(), args[0].clone())];
        let rest: Vec<String> = if args[0] == "octal" {
            fields.push(("code".to_owned(), args[1].clone()));
            args[2..].to_vec()
        } else {
            args[1..].to_vec()
        };
        let svg = rest.iter().position(|a| a == "--svg");
        let options: Vec<String> = rest
            .iter()
            .enumerate()
            .filter(|(i, a)| *a != "--json" && Some(*i) != svg && svg.map(|s| s + 1) != Some(*i))
            .map(|(_, a)| a.clone())
            .collect();
        query(&mut fields, &options, &["summary", "misere", "quotient"]);
        let mut cli_args: Vec<String> = args.iter().filter(|a| *a != "--json").cloned().collect();
        cli_args.push("--json".to_owned());
        let file = dir.path().join("drawing.svg");
        if let Some(s) = svg {
            let at = cli_args.iter().position(|a| a == "--svg").unwrap();
            cli_args[at + 1] = file.display().to_string();
            assert!(s + 1 < rest.len());
        }
        let out = grundy().arg("sequence").args(&cli_args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (status, body) = api(&uri("/api/sequence", &fields));
        assert_eq!(
            status,
            StatusCode::OK,
            "{args:?}: {}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(body, out.stdout, "{args:?}");
        if svg.is_some() {
            let (status, drawing) = api(&uri("/api/sequence.svg", &fields));
            assert_eq!(status, StatusCode::OK);
            assert_eq!(
                drawing,
                std::fs::read(&file).unwrap(),
                "{args:?}: the drawing"
            );
        }
        compared += 1;
    }
    assert!(compared >= 4, "{compared}");
}

#[test]
fn serve_listens_on_loopback_answers_and_stops() {
    let exe = assert_cmd::cargo::cargo_bin("grundy");
    let mut child = Process::new(exe)
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // "grundy serve: http://127.0.0.1:PORT/ (Ctrl-C stops)"
    let url = line.split_whitespace().nth(2).unwrap().to_owned();
    assert!(url.starts_with("http://127.0.0.1:"), "{line}");
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let response = {
        use std::io::{Read, Write};
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(s, "GET /api/analyze?game=nim&position=1,2,3 HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        text
    };
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"outcome\": \"P\""), "{response}");
    // SIGTERM: the server finishes and exits 0.
    let pid = child.id().to_string();
    assert!(Process::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
}

#[test]
fn serve_refuses_bad_options() {
    grundy()
        .args(["serve", "--budget", "0"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--budget: expected seconds from 0.001 to 3600, found 0",
        ));
    grundy().args(["serve", "--workers", "0"]).assert().code(2);
}

#[test]
fn a_switch_is_a_query_field_with_or_without_a_value() {
    for uri in [
        "/api/analyze?game=toads&position=FF..TT&backsliding",
        "/api/analyze?game=toads&position=FF..TT&backsliding=true",
    ] {
        let (status, body) = api(uri);
        assert_eq!(status, StatusCode::OK, "{uri}");
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["result"], "draw", "{uri}");
    }
    let (status, body) = api("/api/analyze?game=toads&position=FF..TT&backsliding=false");
    assert_eq!(status, StatusCode::OK);
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["result"], "lose");
    let (status, body) = api("/api/analyze?game=toads&position=T.F&backsliding=maybe");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(String::from_utf8(body)
        .unwrap()
        .contains("expected true or false"));
}

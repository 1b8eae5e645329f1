//! The playground in a real browser: headless Chromium driven through chromedriver
//! (Debian's `chromium` and `chromium-driver`; `bash .ci/install-browser` installs
//! them). Each test starts the server on a free loopback port, sets a game up by
//! clicking and typing, plays a whole match against the engine by clicking the move
//! buttons, checks every button's colour against the engine, and saves screenshots
//! under `target/browser-screenshots/`.
//!
//! chromedriver runs in a process group of its own, with the browser it starts, and
//! the whole group is killed when a test ends, however it ends; its `TMPDIR` is a
//! temporary folder removed then, so the browser's profile and sockets go with it.
//!
//! The harness is libtest-mimic's, so that a test that cannot run shows as one:
//! without chromedriver every test is reported *ignored* (with a loud notice), unless
//! `GRUNDY_REQUIRE_BROWSER=1` (set by `.ci/run` once the browser is installed), when
//! the run fails.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::oneshot;

use grundy::registry::{self, Params};
use grundy::ruleset::Kind;
use grundy::Player;

/// One browser at a time: the machine has few cores.
static BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn chromedriver() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("GRUNDY_CHROMEDRIVER") {
        return Some(PathBuf::from(p));
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join("chromedriver"))
        .find(|p| p.is_file())
}

/// The notice printed when chromedriver is missing.
fn missing_notice() -> String {
    format!(
        "\n{bar}\n!! BROWSER TESTS IGNORED: chromedriver was not found on PATH.\n\
         !! Install Chromium with `bash .ci/install-browser` (Debian: chromium, chromium-driver).\n{bar}\n",
        bar = "!".repeat(78)
    )
}

fn screenshots_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    );
    let dir = target.join("browser-screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder can be made");
    dir
}

/// The server, chromedriver and a browser session; everything stops on drop or
/// [`Session::close`].
struct Session {
    client: Client,
    // Kept for its drop: the browser stops with the session.
    _driver: Driver,
    stop: Option<oneshot::Sender<()>>,
    base: String,
    name: String,
    shots: usize,
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// chromedriver in a process group of its own (with the browser it starts) and the
/// temporary folder it has for `TMPDIR`; dropped, the group is killed and waited
/// for, then the folder removed.
struct Driver {
    child: Child,
    // Dropped after the group is killed (fields drop after `Drop::drop`).
    _tmp: tempfile::TempDir,
}

impl Driver {
    fn start(driver: &Path, port: u16) -> Driver {
        let tmp = tempfile::Builder::new()
            .prefix("grundy-browser-")
            .tempdir()
            .expect("a temporary folder for the browser");
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .env("TMPDIR", tmp.path())
            .process_group(0)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        Driver { child, _tmp: tmp }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        grundy::stress::child::kill_group(self.child.id());
        let _ = self.child.wait();
    }
}

async fn free_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    l.local_addr().unwrap().port()
}

impl Session {
    async fn start(driver: &Path, name: &str) -> Session {
        Session::start_with(driver, name, false).await
    }

    /// A session whose browser plays a phone 390 px wide (device emulation: a
    /// window cannot be narrower than 500 px).
    async fn start_phone(driver: &Path, name: &str) -> Session {
        Session::start_with(driver, name, true).await
    }

    async fn start_with(driver: &Path, name: &str, phone: bool) -> Session {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        tokio::spawn(grundy_serve::serve(
            listener,
            grundy_serve::Limits::default(),
            async move {
                let _ = stopped.await;
            },
        ));
        let port = free_port().await;
        let session_driver = Driver::start(driver, port);
        let mut caps = json!({
            "goog:loggingPrefs": { "browser": "ALL" },
            "goog:chromeOptions": {
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1100,1000"]
            }
        });
        if phone {
            caps["goog:chromeOptions"]["mobileEmulation"] = json!({
                "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 2.0, "touch": false }
            });
        }
        let caps: fantoccini::wd::Capabilities = caps.as_object().unwrap().clone();
        let url = format!("http://127.0.0.1:{port}");
        let start = Instant::now();
        let client = loop {
            let http = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(http)
                .capabilities(caps.clone())
                .connect(&url)
                .await
            {
                Ok(c) => break c,
                Err(e) if start.elapsed() > Duration::from_secs(30) => {
                    drop(session_driver);
                    panic!("cannot start a browser session through chromedriver: {e}")
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        };
        Session {
            client,
            _driver: session_driver,
            stop: Some(stop),
            base: format!("http://{addr}"),
            name: name.to_owned(),
            shots: 0,
        }
    }

    async fn shot(&mut self, what: &str) {
        self.shots += 1;
        let png = self.client.screenshot().await.expect("a screenshot");
        let path = screenshots_dir().join(format!("{}-{:02}-{what}.png", self.name, self.shots));
        std::fs::write(&path, png).expect("the screenshot is saved");
    }

    async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("{script}: {e}"))
    }

    /// Waits until `script` returns true.
    async fn wait_for(&self, what: &str, script: &str) {
        let start = Instant::now();
        while self.js(script).await != json!(true) {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "timed out waiting for {what}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn errors(&self) -> Vec<String> {
        serde_json::from_value(
            self.js("return window.grundyErrors || ['no error collector']")
                .await,
        )
        .unwrap()
    }

    /// The browser console's errors (level SEVERE): script errors, failed requests.
    async fn console_errors(&self) -> Vec<Value> {
        let log = self
            .client
            .issue_cmd(BrowserLog)
            .await
            .expect("the browser's log");
        log.as_array()
            .expect("a list of log entries")
            .iter()
            .filter(|e| e["level"] == "SEVERE")
            .cloned()
            .collect()
    }

    async fn close(self) {
        let errors = self.errors().await;
        assert!(errors.is_empty(), "errors on the page: {errors:?}");
        let console = self.console_errors().await;
        assert!(console.is_empty(), "errors in the console: {console:?}");
        self.client
            .clone()
            .close()
            .await
            .expect("the browser closes");
    }
}

/// chromedriver's command for the browser console's log.
#[derive(Debug)]
struct BrowserLog;

impl fantoccini::wd::WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(r#"{"type": "browser"}"#.to_owned()),
        )
    }
}

/// The colours of the move buttons: `[move, wins, background, border]`.
async fn buttons(s: &Session, container: &str) -> Vec<(String, bool, String, String)> {
    let script = format!(
        "return [...document.querySelectorAll('{container} .move')].map(b => [b.dataset.move, \
         b.dataset.wins === 'true', getComputedStyle(b).backgroundColor, getComputedStyle(b).borderTopColor])"
    );
    serde_json::from_value(s.js(&script).await).unwrap()
}

/// `rgb(a, b, c)` or `rgba(a, b, c, x)` as its red, green and blue.
fn rgb(text: &str) -> (u8, u8, u8) {
    let inner = text.split_once('(').unwrap().1.trim_end_matches(')');
    let v: Vec<f64> = inner
        .split(',')
        .map(|x| x.trim().parse().unwrap())
        .collect();
    (v[0] as u8, v[1] as u8, v[2] as u8)
}

/// Checks each button's verdict and colour against the engine's move values.
fn check_colours(
    game: &str,
    shown: &[(String, bool, String, String)],
    engine: &[grundy::analysis::MoveValue],
) {
    let moves: Vec<&str> = shown.iter().map(|b| b.0.as_str()).collect();
    let want: Vec<&str> = engine.iter().map(|m| m.mv.as_str()).collect();
    assert_eq!(moves, want, "{game}: the buttons are the legal moves");
    for ((mv, wins, background, border), e) in shown.iter().zip(engine) {
        assert_eq!(*wins, e.wins, "{game} {mv}: verdict");
        let (want_border, hue) = if e.wins {
            ((34, 139, 34), "green")
        } else {
            ((200, 40, 40), "red")
        };
        assert_eq!(
            rgb(border),
            want_border,
            "{game} {mv}: border should be {hue}"
        );
        let (r, g, _) = rgb(background);
        assert_eq!(
            e.wins,
            g > r,
            "{game} {mv}: background {background} should be {hue}"
        );
    }
}

struct Seed {
    game: &'static str,
    params: &'static [(&'static str, &'static str)],
    position: &'static str,
}

/// Sets the game up by clicking and typing, checks the analysis page, then plays a
/// whole match first against the engine, always choosing a winning move when there
/// is one; the person must then win exactly when the start is a first-player win.
async fn play_in_browser(driver: PathBuf, seed: Seed) {
    assert!(
        registry::find(seed.game).is_ok(),
        "{} is not in the registry on this branch: this test needs the branch that migrates it",
        seed.game
    );
    let _one = BROWSER.lock().await;
    let mut params = Params::new();
    for (k, v) in seed.params {
        params.set(k, v);
    }
    let rules = registry::build(seed.game, &params).unwrap();
    let mut s = Session::start(&driver, seed.game).await;
    s.client
        .goto(&format!("{}/#analyze", s.base))
        .await
        .unwrap();
    s.wait_for("the page", "return document.body.dataset.ready === 'true'")
        .await;
    // Choose the game, its parameters and the position as a person does.
    s.client
        .find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value(seed.game)
        .await
        .unwrap();
    for (k, v) in seed.params {
        let input = s
            .client
            .find(Locator::Css(&format!("#params input[data-param='{k}']")))
            .await
            .unwrap();
        input.clear().await.unwrap();
        input.send_keys(v).await.unwrap();
    }
    let input = s.client.find(Locator::Css("#position")).await.unwrap();
    input.clear().await.unwrap();
    input
        .send_keys(&format!("{}\u{E007}", seed.position))
        .await
        .unwrap();
    let expected = rules.analyze(seed.position, Player::Left, 1000).unwrap();
    s.wait_for(
        "the analysis",
        &format!(
            "const v = document.getElementById('value'); return !!v && v.textContent === {:?} \
             && document.getElementById('verdict').textContent.endsWith({:?})",
            expected.value.unwrap().to_string(),
            if expected.to_move_wins {
                "wins"
            } else {
                "loses"
            }
        ),
    )
    .await;
    let shown = buttons(&s, "#analysis-moves").await;
    let engine = rules
        .move_values(
            seed.position,
            Player::Left,
            200,
            grundy::engine::Budget::moves(1 << 20),
        )
        .unwrap();
    check_colours(seed.game, &shown, &engine);
    s.shot("analyze").await;

    // Play: first, against the engine.
    s.client
        .find(Locator::Css("#tab-play"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.client
        .find(Locator::Css("#start"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let mover = Player::Left;
    let mut ply = 0;
    let mut undone = false;
    loop {
        s.wait_for(
            "the person's turn or the end",
            "return document.body.dataset.busy === 'false' && \
             ['your-turn', 'over'].includes(document.body.dataset.state)",
        )
        .await;
        s.shot(&format!("ply{ply}")).await;
        if s.js("return document.body.dataset.state").await == "over" {
            break;
        }
        let position = s.js("return document.body.dataset.position").await;
        let position = position.as_str().unwrap().to_owned();
        let player = if rules.kind() == Kind::Impartial {
            Player::Left
        } else {
            mover
        };
        let engine = rules
            .move_values(
                &position,
                player,
                200,
                grundy::engine::Budget::moves(1 << 20),
            )
            .unwrap();
        let shown = buttons(&s, "#hints").await;
        check_colours(seed.game, &shown, &engine);
        let pick = engine
            .iter()
            .find(|m| m.wins)
            .unwrap_or(&engine[0])
            .mv
            .clone();
        let selector = format!("#hints .move[data-move=\"{pick}\"]");
        if ply == 0 {
            // Keyboard: focus the move and press Enter.
            s.js(&format!(
                "document.querySelector({selector:?}).focus(); return true"
            ))
            .await;
            s.client
                .active_element()
                .await
                .unwrap()
                .send_keys("\u{E007}")
                .await
                .unwrap();
        } else {
            s.client
                .find(Locator::Css(&selector))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
        }
        if ply == 0 {
            // The keyboard's focus stays on the moves, not back at the top of the page.
            s.wait_for("the reply", "return document.body.dataset.busy === 'false' && document.body.dataset.state !== 'engine'").await;
            let focus = s
                .js("const a = document.activeElement; return !!a.closest('#hints, #move-list')")
                .await;
            assert_eq!(
                focus,
                json!(true),
                "{}: focus after a move by keyboard",
                seed.game
            );
        }
        ply += 2;
        if ply == 2 && !undone {
            // Undo the move and the engine's reply, then redo them.
            s.wait_for("the reply", "return document.body.dataset.busy === 'false' && document.body.dataset.state !== 'engine'").await;
            if s.js("return document.body.dataset.state").await == "your-turn" {
                undone = true;
                let after = s.js("return document.body.dataset.position").await;
                s.client
                    .find(Locator::Css("#undo"))
                    .await
                    .unwrap()
                    .click()
                    .await
                    .unwrap();
                s.wait_for("undo", "return document.body.dataset.ply === '0' && document.body.dataset.busy === 'false'").await;
                assert_eq!(
                    s.js("return document.body.dataset.position").await,
                    json!(seed.position)
                );
                s.client
                    .find(Locator::Css("#redo"))
                    .await
                    .unwrap()
                    .click()
                    .await
                    .unwrap();
                s.wait_for("redo", "return document.body.dataset.ply === '2' && document.body.dataset.busy === 'false'").await;
                assert_eq!(s.js("return document.body.dataset.position").await, after);
            }
        }
        assert!(ply < 400, "{}: the match did not end", seed.game);
    }
    let status = s
        .js("return document.getElementById('status').textContent")
        .await;
    let status = status.as_str().unwrap();
    if expected.to_move_wins {
        assert!(status.starts_with("You win!"), "{}: {status}", seed.game);
    } else {
        assert!(
            status.starts_with("The engine wins."),
            "{}: {status}",
            seed.game
        );
    }
    let strip = s
        .js("return document.querySelectorAll('#strip .cell').length")
        .await;
    assert!(
        strip.as_u64().unwrap() >= 2,
        "the value strip shows the game"
    );
    s.close().await;
}

async fn nim_in_the_browser(driver: PathBuf) {
    play_in_browser(
        driver,
        Seed {
            game: "nim",
            params: &[],
            position: "3,5,7",
        },
    )
    .await;
}

/// Needs the branch that registers pawns.
async fn pawns_in_the_browser(driver: PathBuf) {
    play_in_browser(
        driver,
        Seed {
            game: "pawns",
            params: &[],
            position: "..P.P",
        },
    )
    .await;
}

/// Needs the branch that registers table.
async fn table_in_the_browser(driver: PathBuf) {
    play_in_browser(
        driver,
        Seed {
            game: "table",
            params: &[],
            position: "101/01@2,3",
        },
    )
    .await;
}

/// Needs the branch that registers ab.
async fn ab_in_the_browser(driver: PathBuf) {
    play_in_browser(
        driver,
        Seed {
            game: "ab",
            params: &[],
            position: "A..B.A..B",
        },
    )
    .await;
}

/// Needs the branch that registers towers.
async fn towers_in_the_browser(driver: PathBuf) {
    play_in_browser(
        driver,
        Seed {
            game: "towers",
            params: &[],
            position: "3:2,5:1",
        },
    )
    .await;
}

/// The sequence page draws G(n) with its period, on a phone-sized screen, and the
/// board of the seed games is edited by clicking.
async fn sequence_page_and_phone_screen(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "sequence").await;
    s.client.set_window_size(390, 844).await.unwrap();
    s.client
        .goto(&format!("{}/#sequence", s.base))
        .await
        .unwrap();
    s.wait_for("the page", "return document.body.dataset.ready === 'true'")
        .await;
    s.client
        .find(Locator::Css("#seq-game"))
        .await
        .unwrap()
        .select_by_value("octal")
        .await
        .unwrap();
    let code = s.client.find(Locator::Css("#seq-text")).await.unwrap();
    code.clear().await.unwrap();
    code.send_keys("0.77").await.unwrap();
    let to = s.client.find(Locator::Css("#seq-to")).await.unwrap();
    to.clear().await.unwrap();
    to.send_keys("200").await.unwrap();
    s.client
        .find(Locator::Css("#seq-go"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    // The page draws a default sequence on load, and the game's example when the game
    // is chosen: wait for the drawing of 0.77 up to 200, not for whichever drawing is
    // on the page.
    s.wait_for(
        "the drawing of 0.77",
        "const i = document.getElementById('seq-svg'); return !!i && i.alt.includes('0.77') && i.complete && i.naturalWidth > 0          && document.getElementById('seq-summary').textContent.includes('G(200)')",
    )
    .await;
    let summary = s
        .js("return document.getElementById('seq-summary').textContent")
        .await;
    assert_eq!(summary, json!("G(0), …, G(200): preperiod 71, period 12"));
    let overflow = s
        .js("return document.documentElement.scrollWidth <= window.innerWidth")
        .await;
    assert_eq!(overflow, json!(true), "the page fits a phone's width");
    s.shot("octal-phone").await;
    // Nim's board on the phone: clicking a token edits the position.
    s.client
        .goto(&format!("{}/#analyze?game=nim&position=3,5,7", s.base))
        .await
        .unwrap();
    s.client.refresh().await.unwrap();
    s.wait_for(
        "the page",
        "return document.body.dataset.ready === 'true' && !!document.getElementById('verdict')",
    )
    .await;
    s.client
        .find(Locator::Css("button[aria-label='heap 3: leave 6']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait_for(
        "the edited position",
        "return document.getElementById('position').value === '3,5,6' && document.getElementById('value').textContent === '0'",
    )
    .await;
    s.shot("nim-phone").await;
    // The console check can fail: a request answered 404 is a console error (the log
    // is emptied as it is read, so close() below sees none).
    assert_eq!(s.console_errors().await, Vec::<Value>::new());
    s.js("fetch('/api/no-such-thing'); return true").await;
    let start = Instant::now();
    while s.console_errors().await.is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the planted 404 was not logged"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    s.close().await;
}

/// The table game's W/L grid on the sequence page, cell by cell against the engine.
/// Needs the branch that registers table.
async fn table_grid_in_the_browser(driver: PathBuf) {
    assert!(
        registry::find("table").is_ok(),
        "table is not in the registry on this branch: this test needs the branch that migrates it"
    );
    let _one = BROWSER.lock().await;
    let rules = registry::build("table", &Params::new()).unwrap();
    let mut s = Session::start(&driver, "table-grid").await;
    s.client
        .goto(&format!("{}/#sequence", s.base))
        .await
        .unwrap();
    s.wait_for("the page", "return document.body.dataset.ready === 'true'")
        .await;
    s.client
        .find(Locator::Css("#seq-game"))
        .await
        .unwrap()
        .select_by_value("table")
        .await
        .unwrap();
    let (top, left) = ("10110", "0110");
    let text = s.client.find(Locator::Css("#seq-text")).await.unwrap();
    text.clear().await.unwrap();
    text.send_keys(&format!("{top}/{left}")).await.unwrap();
    s.client
        .find(Locator::Css("#seq-go"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait_for(
        "the grid",
        "return document.querySelectorAll('#seq-out .grid .cell').length > 1",
    )
    .await;
    let cells = s
        .js("return [...document.querySelectorAll('#seq-out .grid tr')].slice(1).map(r => [...r.querySelectorAll('td')].map(c => c.textContent))")
        .await;
    let cells: Vec<Vec<String>> = serde_json::from_value(cells).unwrap();
    assert_eq!(cells.len(), left.len() + 1);
    for (x, row) in cells.iter().enumerate() {
        assert_eq!(row.len(), top.len() + 1);
        for (y, shown) in row.iter().enumerate() {
            if x == 0 && y == 0 {
                continue;
            }
            let a = rules
                .analyze(&format!("{top}/{left}@{x},{y}"), Player::Left, 0)
                .unwrap();
            let want = if a.to_move_wins { "W" } else { "L" };
            assert_eq!(shown, want, "cell ({x}, {y})");
        }
    }
    s.shot("grid").await;
    s.close().await;
}

/// The board drawings of the seed games, with no server call: each draws its seed
/// position, and a click edits it as the notation says. (Runs before the games are
/// in the registry.)
async fn boards_draw_and_edit_the_seed_positions(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "boards").await;
    s.client.goto(&s.base.clone()).await.unwrap();
    s.wait_for("the page", "return document.body.dataset.ready === 'true'")
        .await;
    // [game, position, selector of the button to click, position after the click,
    //  how many buttons the drawing has]
    let cases = json!([
        ["pawns", "..P.P", "[data-square='1']", "P.P.P", 7],
        ["pawns", "..P.P", "[data-square='3']", "....P", 7],
        ["ab", "A..B.A..B", "[data-square='2']", "AA.B.A..B", 11],
        ["ab", "A..B.A..B", "[data-square='1']", "B..B.A..B", 11],
        [
            "towers",
            "3:2,5:1",
            "[aria-label='building 2: one tower more']",
            "3:2,5:2",
            9
        ],
        [
            "towers",
            "3:2,5:1",
            "[aria-label='building 1: lower the base height']",
            "2:2,5:1",
            9
        ],
        [
            "table",
            "101/01@2,3",
            "[aria-label^='cell 1,1']",
            "101/01@1,1",
            15
        ],
        [
            "table",
            "101/01@2,3",
            "[aria-label^='cell 0,2']",
            "111/01@2,3",
            15
        ],
        [
            "table",
            "101/01@2,3",
            "[aria-label^='cell 2,0']",
            "101/00@2,3",
            15
        ],
        [
            "nim",
            "3,5,7",
            "[aria-label='heap 2: leave 1']",
            "3,1,7",
            19
        ],
    ]);
    let script = r#"
        const [game, position, selector, after, count] = arguments[0];
        const box = document.createElement('div');
        let edited = null;
        const drawn = Boards[game].render(position, box, (p) => { edited = p; });
        if (!drawn) return `${game}: ${position} not drawn`;
        const n = box.querySelectorAll('button').length;
        if (n !== count) return `${game}: ${n} buttons, expected ${count}`;
        const b = box.querySelector(selector);
        if (!b) return `${game}: no ${selector}`;
        b.click();
        if (edited !== after) return `${game}: clicking ${selector} gave ${edited}, expected ${after}`;
        const still = document.createElement('div');
        if (!Boards[game].render(position, still, null)) return `${game}: not drawn read-only`;
        if (still.querySelectorAll('button:not([tabindex="-1"])').length) return `${game}: read-only buttons take focus`;
        return 'ok';
    "#;
    for case in cases.as_array().unwrap() {
        let r = s.client.execute(script, vec![case.clone()]).await.unwrap();
        assert_eq!(r, json!("ok"), "{case}");
    }
    // Positions a drawing cannot show fall back to text.
    let r = s
        .js(
            "return [Boards.pawns.render('..x', document.createElement('div'), null), \
             Boards.table.render('101/01@5,5', document.createElement('div'), null)]",
        )
        .await;
    assert_eq!(r, json!([false, false]));
    // Every seed board on the page, for a person to look at.
    s.js("const out = document.getElementById('analysis'); out.replaceChildren();           for (const [g, p] of [['pawns', '..P.P'], ['ab', 'A..B.A..B'], ['towers', '3:2,5:1'],                                 ['table', '101/01@2,3'], ['nim', '3,5,7']]) {             const box = document.createElement('div'); box.className = 'board';             out.append(Object.assign(document.createElement('h3'), { textContent: g + ' ' + p }), box);             Boards[g].render(p, box, () => {}); } return true")
        .await;
    s.shot("seed-boards").await;
    s.close().await;
}

// ---- the playground's boards, address and layout

/// Opens `hash` (e.g. `#play?game=nim&position=3,5,7`) as a fresh page load.
async fn open(s: &Session, hash: &str) {
    s.client.goto(&format!("{}/{hash}", s.base)).await.unwrap();
    s.client.refresh().await.unwrap();
    s.wait_for(
        "the page",
        "return document.body.dataset.ready === 'true' && document.body.dataset.working !== 'true' \
         && document.body.dataset.busy !== 'true'",
    )
    .await;
}

/// The example parameters of a game, as a query string (`&set=2,4,5`) and as `Params`
/// ([`registry::example_params`]).
fn example_params(spec: &registry::RulesetSpec) -> (String, Params) {
    let query = spec
        .params
        .iter()
        .filter(|p| p.required)
        .map(|p| format!("&{}={}", p.name, p.example))
        .collect();
    (query, registry::example_params(spec))
}

/// Plays `mv` by clicking the spots of the board it touches (as the server describes
/// them), clicking the last one again when the spots clicked leave a choice.
async fn click_move(s: &Session, rules: &dyn registry::DynRuleset, position: &str, mv: &str) {
    let view = rules
        .board_view(position, Player::Left)
        .unwrap()
        .expect("a board");
    let touches = &view
        .moves
        .iter()
        .find(|m| m.mv == mv)
        .unwrap_or_else(|| panic!("{mv} is not a legal move of {position}"))
        .touches;
    let ply = s.js("return document.body.dataset.ply").await;
    let played = format!(
        "return document.body.dataset.busy === 'true' || document.body.dataset.ply !== {ply}"
    );
    for at in touches {
        let button = s
            .client
            .find(Locator::Css(&format!(
                "#board [data-at='{},{}']",
                at[0], at[1]
            )))
            .await
            .unwrap_or_else(|e| panic!("{position} {mv}: no spot {at:?}: {e}"));
        button.click().await.unwrap();
        if s.js(&played).await == json!(true) {
            return;
        }
    }
    let [l, i] = touches[touches.len() - 1];
    s.client
        .find(Locator::Css(&format!("#board [data-at='{l},{i}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_eq!(
        s.js(&played).await,
        json!(true),
        "{position}: clicking the spots of {mv} played nothing"
    );
}

/// Waits for the person's turn or the end of the match; true at the end.
async fn await_turn(s: &Session) -> bool {
    s.wait_for(
        "the person's turn or the end",
        "return document.body.dataset.busy === 'false' && \
         ['your-turn', 'over'].includes(document.body.dataset.state)",
    )
    .await;
    s.js("return document.body.dataset.state").await == "over"
}

/// Plays the match on the page to its end by clicking the board alone, a winning
/// move whenever there is one; returns the number of moves played.
async fn play_by_board(s: &mut Session, rules: &dyn registry::DynRuleset, game: &str) -> u64 {
    let mut turns = 0;
    while !await_turn(s).await {
        let position = s.js("return document.body.dataset.position").await;
        let position = position.as_str().unwrap().to_owned();
        let values = rules
            .move_values(
                &position,
                Player::Left,
                1000,
                grundy::engine::Budget::moves(1 << 20),
            )
            .unwrap();
        let pick = values
            .iter()
            .find(|m| m.wins)
            .unwrap_or(&values[0])
            .mv
            .clone();
        click_move(s, rules, &position, &pick).await;
        turns += 1;
        assert!(turns < 100, "{game}: the match did not end");
        if turns == 1 {
            s.shot(&format!("{game}-first-click")).await;
        }
    }
    let status = s
        .js("return document.getElementById('status').textContent")
        .await;
    let status = status.as_str().unwrap();
    assert!(
        status.contains("Last move: "),
        "{game}: the end banner names the last move: {status}"
    );
    let plies = s.js("return Number(document.body.dataset.ply)").await;
    let listed = s
        .js("return document.querySelectorAll('#move-list li').length")
        .await;
    assert_eq!(
        plies, listed,
        "{game}: the move list has every move of the match"
    );
    let dots = s
        .js("return document.querySelectorAll('#chart circle').length")
        .await;
    assert!(
        dots.as_u64().unwrap() >= 2,
        "{game}: the value history chart is drawn"
    );
    plies.as_u64().unwrap()
}

/// Every game of the registry: its board is drawn from the server's description, a
/// legal move is played by clicking it, and (where the board edits) a click edits the
/// position.
async fn every_board_is_drawn_and_clickable(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "every-board").await;
    for spec in registry::RULESETS {
        let (query, params) = example_params(spec);
        let rules = registry::build(spec.name, &params).unwrap();
        let view = rules
            .board_view(spec.example, Player::Left)
            .unwrap()
            .unwrap_or_else(|| panic!("{}: no board", spec.name));
        let hash = format!(
            "#play?game={}&position={}{query}&match=1",
            spec.name, spec.example
        );
        open(&s, &hash).await;
        assert!(
            !await_turn(&s).await,
            "{}: the match is not over",
            spec.name
        );
        let spots = view
            .board
            .lines
            .iter()
            .flat_map(|l| &l.spots)
            .filter(|p| p.tint != grundy::ruleset::board::Tint::Add)
            .count();
        let shown = s
            .js("return document.querySelectorAll('#board .spot:not(.void)').length")
            .await;
        assert_eq!(
            shown,
            json!(spots),
            "{}: every spot of the board is drawn",
            spec.name
        );
        let mv = view.moves[0].mv.clone();
        click_move(&s, rules.as_ref(), spec.example, &mv).await;
        s.wait_for(
            "the move in the list",
            &format!(
                "const c = document.querySelector('#move-list li code'); return !!c && c.textContent === {mv:?}"
            ),
        )
        .await;
        s.shot(spec.name).await;
        // Editing: in Analyze, a click on the board changes the position.
        open(
            &s,
            &format!(
                "#analyze?game={}&position={}{query}",
                spec.name, spec.example
            ),
        )
        .await;
        if !view.edits.is_empty() {
            s.client
                .find(Locator::Css("#board button:not([tabindex='-1'])"))
                .await
                .unwrap_or_else(|e| panic!("{}: no button to edit with: {e}", spec.name))
                .click()
                .await
                .unwrap();
            s.wait_for(
                "the edited position",
                &format!(
                    "return document.getElementById('position').value !== {:?} && location.hash.includes('game={}')",
                    spec.example, spec.name
                ),
            )
            .await;
        }
    }
    s.close().await;
}

/// Whole matches in four games, moving by clicking the board alone.
async fn full_matches_by_clicking_the_board(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "board-matches").await;
    for (game, position) in [
        ("domineering", "....|....|...."),
        ("nim", "2,3,4"),
        ("amazons", "x...|...o"),
        ("hackenbush", "B(RB,G),RRB"),
    ] {
        let rules = registry::build(game, &Params::new()).unwrap();
        open(&s, &format!("#play?game={game}&position={position}")).await;
        s.client
            .find(Locator::Css("#start"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let expected = rules.analyze(position, Player::Left, 0).unwrap();
        let plies = play_by_board(&mut s, rules.as_ref(), game).await;
        assert!(plies >= 1, "{game}: a move was played");
        let status = s
            .js("return document.getElementById('status').textContent")
            .await;
        let won = status.as_str().unwrap().starts_with("You win!");
        assert_eq!(won, expected.to_move_wins, "{game}: {status}");
        s.shot(&format!("{game}-over")).await;
    }
    s.close().await;
}

/// The issue's scenario: open a link to a Domineering position, play it to the end
/// by clicking the board, go back two moves with Back, and the address shows the
/// same position in another browser.
async fn domineering_link_back_and_share(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let rules = registry::build("domineering", &Params::new()).unwrap();
    let start = "....|....|....";
    let mut s = Session::start(&driver, "domineering-link").await;
    open(
        &s,
        &format!("#play?game=domineering&position={start}&to_move=Left"),
    )
    .await;
    assert_eq!(
        s.js("return document.getElementById('position').value")
            .await,
        json!(start)
    );
    s.client
        .find(Locator::Css("#start"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let plies = play_by_board(&mut s, rules.as_ref(), "domineering").await;
    assert!(plies >= 3, "a match of {plies} moves");
    // Every move is an entry of the history, and the address names the moves.
    let moves_in_address = s
        .js("return new URLSearchParams(location.hash.split('?')[1]).getAll('move').length")
        .await;
    assert_eq!(moves_in_address, json!(plies));
    s.client.back().await.unwrap();
    s.client.back().await.unwrap();
    let back = plies - 2;
    s.wait_for(
        "two moves back",
        &format!(
            "return document.body.dataset.ply === '{back}' && document.body.dataset.busy === 'false'"
        ),
    )
    .await;
    // The position shown is the start with the address's moves played.
    let address = s.js("return location.href").await;
    let address = address.as_str().unwrap().to_owned();
    let moves = s
        .js("return new URLSearchParams(location.hash.split('?')[1]).getAll('move')")
        .await;
    let moves: Vec<String> = serde_json::from_value(moves).unwrap();
    assert_eq!(moves.len() as u64, back);
    let mut m = rules
        .start_match(start, Player::Left, grundy::engine::Budget::DEFAULT)
        .unwrap();
    for mv in &moves {
        m.play(mv).unwrap();
    }
    let shown = s.js("return document.body.dataset.position").await;
    assert_eq!(
        shown,
        json!(m.position()),
        "Back shows the position of the address"
    );
    assert_eq!(
        s.js("return document.getElementById('position').value")
            .await,
        shown,
        "the position box follows the board"
    );
    s.shot("two-back").await;
    // Forward steps on again.
    s.client.forward().await.unwrap();
    s.wait_for(
        "one move forward",
        &format!(
            "return document.body.dataset.ply === '{}' && document.body.dataset.busy === 'false'",
            back + 1
        ),
    )
    .await;
    // Another person opens the address (in another browser, served by the same server).
    let mut other = Session::start(&driver, "domineering-shared").await;
    other.client.goto(&address).await.unwrap();
    other
        .wait_for(
            "the shared match",
            "return document.body.dataset.ready === 'true' && document.body.dataset.busy === 'false' \
             && !!document.body.dataset.position",
        )
        .await;
    assert_eq!(
        other.js("return document.body.dataset.position").await,
        shown
    );
    assert_eq!(
        other.js("return document.body.dataset.ply").await,
        json!(back.to_string())
    );
    let spots = other
        .js("return document.querySelectorAll('#board .spot').length")
        .await;
    assert_eq!(spots, json!(12), "the board is drawn");
    other.shot("shared").await;
    other.close().await;
    s.close().await;
}

/// The address round trip: choices made on the page are in the address, a reload
/// restores them, tabs move with the arrow keys and Back returns to the last tab.
async fn the_address_keeps_the_page(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let s = Session::start(&driver, "address").await;
    open(&s, "").await;
    s.client
        .find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("subtraction")
        .await
        .unwrap();
    let set = s
        .client
        .find(Locator::Css("#params input[data-param='set']"))
        .await
        .unwrap();
    // Select the text and type over it (clearing the field would ask for an
    // analysis without its required set).
    set.send_keys("\u{E009}a\u{E009}1,3\u{E004}").await.unwrap();
    let input = s.client.find(Locator::Css("#position")).await.unwrap();
    input.clear().await.unwrap();
    input.send_keys("5,6\u{E007}").await.unwrap();
    s.wait_for(
        "the address",
        "return location.hash.startsWith('#analyze?') && location.hash.includes('game=subtraction') \
         && location.hash.includes('set=1%2C3') && location.hash.includes('position=5%2C6')",
    )
    .await;
    s.wait_for(
        "the analysis",
        "return !!document.getElementById('verdict')",
    )
    .await;
    let verdict = s
        .js("return document.getElementById('verdict').textContent")
        .await;
    s.client.refresh().await.unwrap();
    s.wait_for(
        "the reloaded page",
        "return document.body.dataset.ready === 'true' && !!document.getElementById('verdict')",
    )
    .await;
    let kept = s
        .js("return [document.getElementById('game').value, document.querySelector(\"#params input[data-param='set']\").value, \
             document.getElementById('position').value, document.getElementById('verdict').textContent]")
        .await;
    assert_eq!(kept, json!(["subtraction", "1,3", "5,6", verdict]));
    // Tabs: the arrow keys move between them (the ARIA tabs pattern).
    s.js("document.getElementById('tab-analyze').focus(); return true")
        .await;
    s.client
        .active_element()
        .await
        .unwrap()
        .send_keys("\u{E014}")
        .await
        .unwrap();
    s.wait_for(
        "the Play tab",
        "return document.activeElement.id === 'tab-play' && \
         document.getElementById('tab-play').getAttribute('aria-selected') === 'true' && \
         !document.getElementById('view-play').hidden && location.hash.startsWith('#play?')",
    )
    .await;
    s.client.back().await.unwrap();
    s.wait_for(
        "the Analyze tab again",
        "return !document.getElementById('view-analyze').hidden && location.hash.startsWith('#analyze?') \
         && document.getElementById('position').value === '5,6'",
    )
    .await;
    s.close().await;
}

/// Switching game or tab in a match asks first; declined, the match goes on;
/// accepted, no control of the match is left on the page.
async fn switching_game_mid_match(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let s = Session::start(&driver, "switch").await;
    open(&s, "#play?game=nim&position=3,5,7").await;
    s.client
        .find(Locator::Css("#start"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(!await_turn(&s).await);
    s.client
        .find(Locator::Css("#hints .move"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(!await_turn(&s).await);
    // The person declines: nothing changes.
    s.js(
        "window.asked = []; window.confirm = (q) => { asked.push(q); return false; }; return true",
    )
    .await;
    s.client
        .find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("pawns")
        .await
        .unwrap();
    let after = s
        .js("return [asked.length, document.getElementById('game').value, document.body.dataset.ply, \
             document.querySelectorAll('#hints .move').length > 0]")
        .await;
    assert_eq!(after, json!([1, "nim", "2", true]));
    s.client
        .find(Locator::Css("#tab-analyze"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_eq!(
        s.js("return [asked.length, document.getElementById('view-play').hidden]")
            .await,
        json!([2, false])
    );
    // The person accepts: the match ends and its controls go.
    s.js("window.confirm = (q) => { asked.push(q); return true; }; return true")
        .await;
    s.client
        .find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("pawns")
        .await
        .unwrap();
    s.wait_for(
        "pawns, with no match",
        "return document.getElementById('game').value === 'pawns' && \
         document.querySelectorAll('#hints button, #strip .cell, #move-list li, #chart svg').length === 0 && \
         document.getElementById('undo').disabled && document.getElementById('redo').disabled && \
         !location.hash.includes('match=') && location.hash.includes('game=pawns') && \
         !document.getElementById('position').readOnly",
    )
    .await;
    assert_eq!(s.js("return asked.length").await, json!(3));
    // A new match of pawns plays; Analyze -> Play -> Analyze keeps no stale state.
    s.client
        .find(Locator::Css("#start"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(!await_turn(&s).await);
    s.client
        .find(Locator::Css("#tab-analyze"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait_for(
        "the analysis of pawns",
        "return !document.getElementById('view-analyze').hidden && !!document.getElementById('verdict') \
         && document.querySelectorAll('#hints button').length === 0",
    )
    .await;
    s.close().await;
}

/// The colour contrast of every piece of text against what is behind it, measured
/// in the page: the lowest ratio and the text that has it (disabled controls, which
/// WCAG exempts, left out).
const CONTRAST: &str = r#"
    const rgba = (c) => { const m = c.match(/[\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
    const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    const behind = (e) => {
      for (let n = e; n; n = n.parentElement) { const c = rgba(getComputedStyle(n).backgroundColor); if (c[3] > 0.5) return c; }
      return [255, 255, 255, 1];
    };
    let worst = [99, ""];
    for (const e of document.querySelectorAll("body *")) {
      if (e.closest("svg") || e.closest("[hidden]") || e.closest(".visually-hidden") || e.closest(":disabled")) continue;
      const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own || !e.getClientRects().length) continue;
      const s = getComputedStyle(e);
      if (s.visibility === "hidden" || Number(s.opacity) === 0) continue;
      const a = lum(rgba(s.color)), b = lum(behind(e));
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < worst[0]) worst = [ratio, e.tagName + "." + e.className + ": " + e.textContent.trim().slice(0, 40)];
    }
    return worst;
"#;

/// Pages of every tab, and whether a match is started on them (`true` on Play).
const PAGES: &[(&str, bool)] = &[
    ("#analyze?game=nim&position=3,5,7", false),
    ("#analyze?game=domineering&position=....|....|....", false),
    ("#play?game=domineering&position=....|....|....", true),
    ("#play?game=amazons&position=x..o|....|o..x", true),
    ("#play?game=hackenbush&position=B(RB,G),RRB", true),
    ("#play?game=cutcake&position=3x2,4x1", true),
    ("#play?game=octal&position=5,6&code=0.77&misere=true", true),
    ("#sequence", false),
    ("#value?expr=%7B3%7C%7C2%7C0%7D", false),
];

/// Opens `hash` and waits until it is shown: with `start`, a match started and one
/// move played; on Analyze, the analysis.
async fn open_shown(s: &Session, hash: &str, start: bool) {
    open(s, hash).await;
    if start {
        s.client
            .find(Locator::Css("#start"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        await_turn(s).await;
        if let Ok(b) = s.client.find(Locator::Css("#hints .move")).await {
            b.click().await.unwrap();
            await_turn(s).await;
        }
    } else if hash.starts_with("#analyze") {
        s.wait_for(
            "the analysis",
            "return !!document.getElementById('verdict')",
        )
        .await;
    }
}

/// At 390 px wide (a phone): no page scrolls sideways, and every text has a contrast
/// of at least 4.5:1, on Analyze and on Play during a match of several games.
async fn phone_width_and_contrast(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "phone").await;
    s.client.set_window_size(390, 844).await.unwrap();
    for &(hash, start) in PAGES {
        open_shown(&s, hash, start).await;
        let widths = s
            .js("return [document.documentElement.scrollWidth, window.innerWidth, \
                 [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1 \
                   && ![...e.children].some(c => c.getBoundingClientRect().right > innerWidth + 1)) \
                   .slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className)]")
            .await;
        assert!(
            widths[0].as_u64() <= widths[1].as_u64(),
            "{hash}: the page scrolls sideways at 390 px: {widths}"
        );
        let worst = s.js(CONTRAST).await;
        assert!(
            worst[0].as_f64().unwrap() < 99.0,
            "{hash}: no text measured"
        );
        assert!(
            worst[0].as_f64().unwrap() >= 4.5,
            "{hash}: contrast {worst} is under 4.5:1"
        );
        s.shot(&hash.replace(['#', '?', '&', '=', '|', ',', '(', ')'], "_"))
            .await;
    }
    s.close().await;
}

/// Every visible control has a name a screen reader reads (a label, an `aria-label`,
/// `aria-labelledby`, or a button's own text), and the headings shown step down one
/// level at a time from the page's `h1`, on every tab, also during a match.
async fn controls_named_and_headings_in_order(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let s = Session::start(&driver, "names").await;
    for &(hash, start) in PAGES {
        open_shown(&s, hash, start).await;
        let unnamed = s
            .js("const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'; \
                 const named = e => { \
                   if ((e.getAttribute('aria-label') || '').trim()) return true; \
                   const by = e.getAttribute('aria-labelledby'); \
                   if (by && by.split(/\\s+/).some(id => (document.getElementById(id)?.textContent || '').trim())) return true; \
                   if (e.labels && [...e.labels].some(l => l.textContent.trim())) return true; \
                   if (e.tagName === 'BUTTON' && e.textContent.trim()) return true; \
                   return !!(e.getAttribute('title') || '').trim(); }; \
                 return [...document.querySelectorAll('button, input, select, textarea')] \
                   .filter(e => shown(e) && e.type !== 'hidden' && !named(e)) \
                   .map(e => e.tagName + '#' + e.id + '.' + e.className)")
            .await;
        assert_eq!(unnamed, json!([]), "{hash}: controls without a name");
        let shown = s
            .js(
                "return [...document.querySelectorAll('button, input, select, textarea')] \
                 .filter(e => e.getClientRects().length > 0).length",
            )
            .await;
        assert!(shown.as_u64() >= Some(4), "{hash}: {shown} controls shown");
        let levels = s
            .js(
                "return [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')] \
                 .filter(h => h.getClientRects().length > 0).map(h => Number(h.tagName[1]))",
            )
            .await;
        let levels: Vec<u64> = levels
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_u64().unwrap())
            .collect();
        assert_eq!(levels.first(), Some(&1), "{hash}: headings {levels:?}");
        assert!(levels.len() >= 2, "{hash}: headings {levels:?}");
        for pair in levels.windows(2) {
            assert!(
                pair[1] <= pair[0] + 1,
                "{hash}: heading level {} follows {}: {levels:?}",
                pair[1],
                pair[0]
            );
        }
    }
    s.close().await;
}

/// A slow request shows "Working…" at once, with a Cancel that stops it; a move's
/// preview outlines the spots it touches and moves nothing on the page.
async fn working_notice_cancel_and_previews(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "working").await;
    open(&s, "#analyze?game=domineering&position=...|...|...").await;
    s.wait_for(
        "the analysis",
        "return document.querySelectorAll('#analysis-moves .move').length > 0",
    )
    .await;
    // Previews: focusing or hovering a move outlines its spots; nothing moves.
    let before = s
        .js("return [document.getElementById('analysis-moves').getBoundingClientRect().top + window.scrollY, document.documentElement.scrollHeight]")
        .await;
    s.js("document.querySelector('#analysis-moves .move').focus(); \
          document.querySelector('#analysis-moves .move').dispatchEvent(new MouseEvent('mouseenter')); return true")
        .await;
    let outlined = s
        .js("return document.querySelectorAll('#board .spot.hint').length")
        .await;
    assert_eq!(
        outlined,
        json!(2),
        "the preview outlines the domino's two cells"
    );
    let after = s
        .js("return [document.getElementById('analysis-moves').getBoundingClientRect().top + window.scrollY, document.documentElement.scrollHeight]")
        .await;
    assert_eq!(before, after, "the preview moves nothing");
    // A request that does not come back: the notice shows, the old answer is marked
    // stale, and Cancel stops it.
    s.js("window.realFetch = window.fetch; window.fetch = (url, init) => new Promise((_, reject) => \
          init.signal.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError')))); return true")
        .await;
    let input = s.client.find(Locator::Css("#position")).await.unwrap();
    input
        .send_keys("\u{E009}a\u{E009}....|....\u{E007}")
        .await
        .unwrap();
    s.wait_for(
        "the working notice",
        "return !document.getElementById('working').hidden && document.getElementById('analysis').classList.contains('stale')",
    )
    .await;
    let fixed = s
        .js("return getComputedStyle(document.getElementById('working')).position")
        .await;
    assert_eq!(fixed, json!("fixed"), "the notice moves nothing");
    s.shot("working").await;
    s.client
        .find(Locator::Css("#cancel"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait_for(
        "the cancelled request",
        "return document.getElementById('working').hidden && document.getElementById('analysis').textContent === 'Cancelled.'",
    )
    .await;
    s.js("window.fetch = window.realFetch; return true").await;
    s.client
        .find(Locator::Css("#analyze"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    s.wait_for(
        "the analysis of the new position",
        "return !!document.getElementById('verdict') && document.getElementById('position').value === '....|....'",
    )
    .await;
    s.close().await;
}

// ---- misère play

/// Clicks the element `css`.
async fn click(s: &Session, css: &str) {
    s.client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap();
}

/// Measures the lowest contrast of the page's text and asserts it is at least 4.5:1.
async fn assert_contrast(s: &Session, what: &str) {
    let worst = s.js(CONTRAST).await;
    assert!(
        worst[0].as_f64().unwrap() < 99.0,
        "{what}: no text measured"
    );
    assert!(
        worst[0].as_f64().unwrap() >= 4.5,
        "{what}: contrast {worst} is under 4.5:1"
    );
}

/// The misère checkbox on Analyze and Play: Nim's 1,1,1 is lost under misère play
/// (the value line gives its misère Grundy value), the choice is in the address and
/// survives a reload and a change of tab, the space bar toggles it, Domineering
/// (partizan) hides and clears it, and a misère match of Nim is won by clicking the
/// board, the end banner saying the player left without a move wins.
async fn misere_in_analyze_and_play(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "misere").await;
    open(&s, "#analyze?game=nim&position=1,1,1").await;
    s.wait_for(
        "the analysis",
        "return !!document.getElementById('verdict')",
    )
    .await;
    let shown = s
        .js("const b = document.getElementById('misere'); \
             return [document.getElementById('misere-label').hidden, b.disabled, b.checked, \
             document.getElementById('verdict').textContent]")
        .await;
    assert_eq!(
        shown,
        json!([false, false, false, "first player to move wins"])
    );
    click(&s, "#misere").await;
    s.wait_for(
        "the misère analysis",
        "return location.hash.includes('misere=true') && !!document.getElementById('verdict') \
         && document.getElementById('verdict').textContent === 'first player to move loses' \
         && document.getElementById('value-line').textContent.includes('misère Grundy value')",
    )
    .await;
    assert_eq!(
        s.js("return document.getElementById('value').textContent")
            .await,
        json!("0")
    );
    // No winning move: each of the three moves leaves two 1-heaps, a misère win.
    assert_eq!(
        s.js("return document.querySelectorAll('#analysis-moves .move.wins').length")
            .await,
        json!(0)
    );
    assert_eq!(
        s.js("return document.querySelectorAll('#analysis-moves .move.loses').length")
            .await,
        json!(3)
    );
    assert!(
        s.js("return document.getElementById('api-link').textContent")
            .await
            .as_str()
            .unwrap()
            .contains("misere=true"),
        "the API link asks for misère play"
    );
    assert_contrast(&s, "misère analysis").await;
    s.shot("nim-111-analyze").await;
    // The address round trip: a reload keeps misère play, and so does the Play tab.
    s.client.refresh().await.unwrap();
    s.wait_for(
        "the reloaded misère analysis",
        "return document.body.dataset.ready === 'true' && document.getElementById('misere').checked \
         && !!document.getElementById('verdict') \
         && document.getElementById('verdict').textContent === 'first player to move loses'",
    )
    .await;
    click(&s, "#tab-play").await;
    s.wait_for(
        "the Play tab, still misère",
        "return location.hash.startsWith('#play?') && location.hash.includes('misere=true') \
         && document.getElementById('misere').checked",
    )
    .await;
    click(&s, "#tab-analyze").await;
    // The space bar toggles it (a native checkbox).
    s.js("document.getElementById('misere').focus(); return true")
        .await;
    s.client
        .active_element()
        .await
        .unwrap()
        .send_keys(" ")
        .await
        .unwrap();
    s.wait_for(
        "normal play again",
        "return !location.hash.includes('misere') && !!document.getElementById('verdict') \
         && document.getElementById('verdict').textContent === 'first player to move wins' \
         && document.getElementById('value-line').textContent.includes('value *')",
    )
    .await;
    click(&s, "#misere").await;
    s.wait_for(
        "misère play again",
        "return location.hash.includes('misere=true')",
    )
    .await;
    // A partizan game: the checkbox is hidden, disabled and cleared.
    s.client
        .find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("domineering")
        .await
        .unwrap();
    s.wait_for(
        "domineering without misère play",
        "const b = document.getElementById('misere'); \
         return location.hash.includes('game=domineering') && !location.hash.includes('misere') \
         && document.getElementById('misere-label').hidden && b.disabled && !b.checked \
         && !!document.getElementById('verdict')",
    )
    .await;
    assert_eq!(
        s.js("return document.getElementById('misere-label').getClientRects().length")
            .await,
        json!(0),
        "the checkbox is not shown for Domineering"
    );
    // Back to Nim: normal play, the checkbox shown again.
    s.client
        .find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("nim")
        .await
        .unwrap();
    s.wait_for(
        "nim under normal play",
        "const b = document.getElementById('misere'); \
         return !document.getElementById('misere-label').hidden && !b.disabled && !b.checked",
    )
    .await;
    // A misère match of Nim, won by clicking the board.
    let mut params = Params::new();
    params.set("misere", "true");
    let rules = registry::build("nim", &params).unwrap();
    let start = "2,3,4";
    assert!(rules.analyze(start, Player::Left, 0).unwrap().to_move_wins);
    open(&s, &format!("#play?game=nim&position={start}&misere=true")).await;
    assert_eq!(
        s.js("return document.getElementById('misere').checked")
            .await,
        json!(true)
    );
    click(&s, "#start").await;
    let plies = play_by_board(&mut s, rules.as_ref(), "nim-misere").await;
    assert!(plies >= 3, "a match of {plies} moves");
    let status = s
        .js("return document.getElementById('status').textContent")
        .await;
    let status = status.as_str().unwrap();
    assert!(status.starts_with("You win!"), "{status}");
    assert!(status.contains("has no move left and wins"), "{status}");
    assert!(
        s.js("return location.hash")
            .await
            .as_str()
            .unwrap()
            .contains("misere=true"),
        "the match's address keeps misère play"
    );
    // Every move of the match was one the misère engine calls winning for the person.
    let last = s
        .js("return [...document.querySelectorAll('#strip .cell')].pop().textContent")
        .await;
    assert!(
        last.as_str().unwrap().starts_with("G⁻"),
        "the strip shows misère Grundy values: {last}"
    );
    assert_contrast(&s, "misère match over").await;
    s.shot("nim-misere-over").await;
    s.close().await;
}

/// The sequence page under misère play: the genus of 0.77's heaps 0..8 in Conway's
/// notation with heap 5 wild (4^146), the quotient of 0.75 up to 8 (order 8,
/// P-portion {1, 2+2}), a bound over the server's limit shown as an error; at 390 px
/// nothing scrolls sideways and the contrast holds.
async fn misere_genus_and_quotient_on_the_sequence_page(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "misere-sequence").await;
    s.client.set_window_size(390, 844).await.unwrap();
    open(&s, "#sequence").await;
    s.client
        .find(Locator::Css("#seq-game"))
        .await
        .unwrap()
        .select_by_value("octal")
        .await
        .unwrap();
    let code = s.client.find(Locator::Css("#seq-text")).await.unwrap();
    code.clear().await.unwrap();
    code.send_keys("0.77").await.unwrap();
    click(&s, "#seq-misere").await;
    let heaps = s.client.find(Locator::Css("#seq-heaps")).await.unwrap();
    heaps.clear().await.unwrap();
    heaps.send_keys("8").await.unwrap();
    click(&s, "#seq-go").await;
    s.wait_for(
        "the genus of 0.77 up to 8",
        "const t = document.getElementById('seq-genus'); \
         return !!t && t.querySelectorAll('tbody tr').length === 9 && t.caption.textContent.includes('0.77')",
    )
    .await;
    let heap5 = s
        .js("return [...document.querySelectorAll(\"#seq-genus tr[data-heap='5'] td\")].map(c => c.textContent)")
        .await;
    assert_eq!(heap5, json!(["4^146", "wild"]));
    let heap0 = s
        .js("return [...document.querySelectorAll(\"#seq-genus tr[data-heap='0'] td\")].map(c => c.textContent)")
        .await;
    assert_eq!(heap0, json!(["0^120", "tame"]));
    assert_eq!(
        s.js("return document.getElementById('seq-summary').textContent")
            .await,
        json!("Genus of heaps 0 to 8 (misère play): 5 of 9 tame; heap 5 is the first wild one")
    );
    // The quotient of 0.75 up to 8.
    code.clear().await.unwrap();
    code.send_keys("0.75").await.unwrap();
    let bound = s.client.find(Locator::Css("#seq-bound")).await.unwrap();
    bound.clear().await.unwrap();
    bound.send_keys("8").await.unwrap();
    click(&s, "#seq-quotient").await;
    s.wait_for(
        "the quotient of 0.75",
        "const h = document.querySelector('#seq-quotient-out h2'); \
         return !!h && h.textContent.includes('0.75') && !!document.getElementById('quotient-summary')",
    )
    .await;
    let summary = s
        .js("return document.getElementById('quotient-summary').textContent")
        .await;
    assert_eq!(
        summary,
        json!("order 8; P-portion {1, 2+2} (proven by its check)")
    );
    let table = s
        .js(
            "return [document.querySelectorAll('#quotient-table tbody tr').length, \
             document.querySelectorAll('#quotient-table thead th').length]",
        )
        .await;
    assert_eq!(table, json!([8, 9]));
    assert!(s
        .js("return document.getElementById('quotient-pretending').textContent")
        .await
        .as_str()
        .unwrap()
        .starts_with("Pretending function: 1→1, 2→2, 3→1, 4→2, 5→5"));
    let widths = s
        .js("return [document.documentElement.scrollWidth, window.innerWidth]")
        .await;
    assert!(
        widths[0].as_u64() <= widths[1].as_u64(),
        "the page scrolls sideways at 390 px: {widths}"
    );
    assert_contrast(&s, "genus and quotient").await;
    s.shot("genus-and-quotient").await;
    // A bound over the server's limit: the error is shown as the page shows errors.
    bound.clear().await.unwrap();
    bound.send_keys("17").await.unwrap();
    click(&s, "#seq-quotient").await;
    s.wait_for(
        "the error",
        "const e = document.querySelector('#seq-quotient-out .error'); \
         return !!e && e.getAttribute('role') === 'alert' && e.textContent.includes('limit of 16')",
    )
    .await;
    assert_contrast(&s, "the quotient's error").await;
    s.shot("quotient-error").await;
    // The 422 is the only entry of the console (read, the log is emptied, so close()
    // below sees none).
    let console = s.console_errors().await;
    assert_eq!(console.len(), 1, "{console:?}");
    assert!(
        console[0]["message"]
            .as_str()
            .unwrap()
            .contains("to=17 - Failed to load resource: the server responded with a status of 422"),
        "{console:?}"
    );
    s.close().await;
}

// ---- issue 45: results, misère play offered, coordinates, clicks, the sequence and
// value pages, every game at 390 px

/// A perfect tic-tac-toe tie reads as a tie at every position, in the list and the
/// chart, in the tie's colour: never a loss. The Play tab's help and Analyze's
/// verdict say what a tie and a draw are.
async fn ties_are_shown_as_ties(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "ties").await;
    let moves = ["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"];
    let line: String = moves.iter().map(|m| format!("&move={m}")).collect();
    open(
        &s,
        &format!("#play?game=tictactoe&position=...|...|...&you=first&match=1{line}"),
    )
    .await;
    s.wait_for(
        "the end of the match",
        "return document.body.dataset.state === 'over' && document.querySelectorAll('#strip .cell').length === 10",
    )
    .await;
    let cells = s
        .js("return [...document.querySelectorAll('#strip .cell')].map(c => [c.dataset.result, c.textContent, getComputedStyle(c).backgroundColor])")
        .await;
    for cell in cells.as_array().unwrap() {
        assert_eq!(cell[0], "tie", "{cells}");
        assert!(cell[1].as_str().unwrap().ends_with("tie"), "{cells}");
        let (r, g, b) = rgb(cell[2].as_str().unwrap());
        assert!(
            r > b && g > b,
            "a tie's colour is yellow, not {}: {cells}",
            cell[2]
        );
    }
    let dots = s
        .js("return [...document.querySelectorAll('#chart circle')].map(c => [c.dataset.result, c.getAttribute('cx')])")
        .await;
    let dots = dots.as_array().unwrap();
    assert_eq!(dots.len(), 10, "{dots:?}");
    for d in dots {
        assert_eq!(d[0], "tie", "{dots:?}");
        assert_eq!(
            d[1], dots[0][1],
            "every tie sits on the middle line: {dots:?}"
        );
    }
    let status = s
        .js("return document.getElementById('status').textContent")
        .await;
    assert!(status.as_str().unwrap().starts_with("A tie"), "{status}");
    s.shot("tie").await;
    assert_results_defined(&s, "#view-play .help").await;
    // Analyze defines the result it gives, where it is a tie or a draw.
    for (address, means) in [
        ("#analyze?game=tictactoe&position=...|...|...", TIE_MEANS),
        ("#analyze?game=digraph&position=0>0,0>1,1>2@0", DRAW_MEANS),
    ] {
        open(&s, address).await;
        s.wait_for(
            "the analysis",
            "return !!document.getElementById('verdict')",
        )
        .await;
        let meaning = s
            .js("const m = document.getElementById('result-meaning'); return m ? m.textContent : ''")
            .await;
        assert!(
            meaning.as_str().unwrap().contains(means),
            "{address}: the result defined beside the verdict: {meaning}"
        );
    }
    s.close().await;
}

/// The move buttons of `#hints`: `[move, data-result, background, border]`.
async fn hint_results(s: &Session) -> Vec<(String, String, String, String)> {
    serde_json::from_value(
        s.js("return [...document.querySelectorAll('#hints .move')].map(b => [b.dataset.move, \
              b.dataset.result, getComputedStyle(b).backgroundColor, getComputedStyle(b).borderTopColor])")
            .await,
    )
    .unwrap()
}

/// Whether `colour` is the yellow of a tie (red and green over blue) or the blue of
/// a draw (blue over red and green), as `result` says.
fn result_colour(result: &str, colour: &str) -> bool {
    let (r, g, b) = rgb(colour);
    match result {
        "tie" => r > b && g > b,
        "draw" => b > r && b > g,
        "lose" => r > g && r > b,
        _ => g > r && g > b,
    }
}

/// Every position of the match on the page reads `result`, in the list of values
/// (its word and colour) and in the chart (on the middle line, neither side's win),
/// `count` positions in all.
async fn assert_every_position(s: &Session, game: &str, result: &str, count: usize) {
    let cells = s
        .js("return [...document.querySelectorAll('#strip .cell')].map(c => [c.dataset.result, c.textContent, getComputedStyle(c).backgroundColor])")
        .await;
    let cells = cells.as_array().unwrap();
    assert_eq!(cells.len(), count, "{game}: {cells:?}");
    for cell in cells {
        assert_eq!(cell[0], result, "{game}: {cells:?}");
        assert!(
            cell[1].as_str().unwrap().ends_with(result),
            "{game}: {cells:?}"
        );
        assert!(
            result_colour(result, cell[2].as_str().unwrap()),
            "{game}: a {result} in its own colour, not {}",
            cell[2]
        );
    }
    let dots = s
        .js("const mid = document.querySelector('#chart line.mid').getAttribute('x1'); \
             return [...document.querySelectorAll('#chart circle')].map(c => [c.dataset.result, c.getAttribute('cx') === mid, getComputedStyle(c).fill])")
        .await;
    let dots = dots.as_array().unwrap();
    assert_eq!(dots.len(), count, "{game}: {dots:?}");
    for d in dots {
        assert_eq!(d[0], result, "{game}: {dots:?}");
        assert_eq!(
            d[1], true,
            "{game}: a {result} sits on the middle line: {dots:?}"
        );
        assert!(
            result_colour(result, d[2].as_str().unwrap()),
            "{game}: the chart's {result} in its own colour, not {}",
            d[2]
        );
    }
    let axis = s
        .js("return [...document.querySelectorAll('#chart text.axis')].map(t => t.textContent)")
        .await;
    assert!(
        axis.as_array().unwrap().contains(&json!("tie / draw")),
        "{game}: the chart names its middle line: {axis}"
    );
}

/// Plays the match on the page by clicking, each turn, a hint that keeps `result`
/// (no hint wins: each is a `result` or a loss, in its colour), until the match ends
/// or `plies` moves are played.
async fn keep_by_hints(s: &mut Session, game: &str, result: &str, plies: u64) {
    loop {
        if await_turn(s).await {
            return;
        }
        let ply = s.js("return Number(document.body.dataset.ply)").await;
        if ply.as_u64().unwrap() >= plies {
            return;
        }
        let hints = hint_results(s).await;
        assert!(!hints.is_empty(), "{game}: hints at ply {ply}");
        for (mv, res, background, border) in &hints {
            assert!(
                res == result || res == "lose",
                "{game} {mv}: a {res} where the position is a {result}: {hints:?}"
            );
            assert!(
                result_colour(res, background) && result_colour(res, border),
                "{game} {mv}: a {res} in its own colour: {background}, {border}"
            );
            let text = s
                .js(&format!(
                    "return document.querySelector(\"#hints .move[data-move='{mv}']\").textContent"
                ))
                .await;
            let verb = if res == "lose" {
                "loses"
            } else {
                &format!("{res}s")
            };
            assert!(
                text.as_str().unwrap().contains(verb),
                "{game} {mv}: the hint says it {verb}: {text}"
            );
        }
        let keep = &hints.iter().find(|h| h.1 == result).unwrap().0;
        if ply == 0 {
            s.shot(&format!("{game}-hints")).await;
        }
        click(s, &format!("#hints .move[data-move='{keep}']")).await;
        s.wait_for(
            "the move",
            &format!("return Number(document.body.dataset.ply) > {ply}"),
        )
        .await;
    }
}

/// Connect Four on 4x4 (a tie) and games with endless play (a digraph with a loop,
/// Backsliding Toads and Frogs) show their ties and draws as such: the hints, the
/// list of values and the chart say tie or draw, each in its colour, never a win or
/// a loss.
async fn ties_and_draws_in_every_game_with_them(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "ties-and-draws").await;
    open(
        &s,
        "#play?game=connect-four&position=....|....|....|....&you=first&match=1",
    )
    .await;
    keep_by_hints(&mut s, "connect-four", "tie", 16).await;
    assert_eq!(s.js("return document.body.dataset.state").await, "over");
    let status = s
        .js("return document.getElementById('status').textContent")
        .await;
    assert!(status.as_str().unwrap().starts_with("A tie"), "{status}");
    assert_every_position(&s, "connect-four", "tie", 17).await;
    s.shot("connect-four-tie").await;

    // The token on 0: 0>0 draws (round the loop forever), 0>1 loses.
    open(
        &s,
        "#play?game=digraph&position=0>0,0>1,1>2@0&you=first&match=1",
    )
    .await;
    assert!(!await_turn(&s).await);
    let hints = hint_results(&s).await;
    let results: Vec<(&str, &str)> = hints.iter().map(|h| (h.0.as_str(), h.1.as_str())).collect();
    assert_eq!(results, [("0>0", "draw"), ("0>1", "lose")], "{hints:?}");
    keep_by_hints(&mut s, "digraph", "draw", 4).await;
    assert_ne!(s.js("return document.body.dataset.state").await, "over");
    assert_every_position(&s, "digraph", "draw", 5).await;
    s.shot("digraph-draw").await;

    open(
        &s,
        "#play?game=toads&position=TTT..FFF&backsliding=true&to_move=Left&you=first&match=1",
    )
    .await;
    keep_by_hints(&mut s, "toads", "draw", 4).await;
    assert_every_position(&s, "toads", "draw", 5).await;
    s.shot("toads-draw").await;
    s.close().await;
}

/// What a tie is, in the page's words (docs/draws.md defines it the same way).
const TIE_MEANS: &str = "tie: the board fills with no winner";

/// What a draw is, in the page's words (docs/draws.md defines it the same way).
const DRAW_MEANS: &str = "draw: play can go on forever";

/// The help of the Play tab (the texts of `css`) defines a tie and a draw, beside
/// their colours and marks.
async fn assert_results_defined(s: &Session, css: &str) {
    let help = s
        .js(&format!(
            "return [...document.querySelectorAll('{css}')].map(p => p.textContent.replace(/\\s+/g, ' ')).join(' ')"
        ))
        .await;
    let help = help.as_str().unwrap();
    for words in ["ties (=, yellow)", "draws (∞, blue)", TIE_MEANS, DRAW_MEANS] {
        assert!(help.contains(words), "the help says {words:?}: {help}");
    }
}

/// Connect Four drops a mark by a click anywhere in its column (a pointer, and a
/// hover mark where it lands); Amazons says what each click points at and refuses
/// the others with a message.
async fn clicks_in_columns_and_steps(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "clicks").await;
    open(
        &s,
        "#play?game=connect-four&position=....|....|....|....&you=first&match=1",
    )
    .await;
    assert!(!await_turn(&s).await);
    let cursor = s
        .js("return getComputedStyle(document.querySelector(\"#board [data-at='0,1']\")).cursor")
        .await;
    assert_eq!(cursor, "pointer");
    s.js("document.querySelector(\"#board [data-at='0,1']\").dispatchEvent(new MouseEvent('mouseenter')); return true")
        .await;
    let aimed = s
        .js("return [...document.querySelectorAll('#board .aim-first')].map(b => b.dataset.at)")
        .await;
    assert_eq!(
        aimed,
        json!(["3,1"]),
        "the hover marks where the mark lands"
    );
    s.shot("connect-four-hover").await;
    click(&s, "#board [data-at='0,1']").await;
    s.wait_for(
        "the drop in the list",
        "const c = document.querySelector('#move-list li code'); return !!c && c.textContent === 'b'",
    )
    .await;

    open(&s, "#play?game=amazons&position=x..|..o&you=first&match=1").await;
    assert!(!await_turn(&s).await);
    let note = "return document.getElementById('board-note').textContent";
    assert!(
        s.js(note)
            .await
            .as_str()
            .unwrap()
            .contains("one of your amazons"),
        "{}",
        s.js(note).await
    );
    // An empty square first: refused, with what is expected.
    click(&s, "#board [data-at='0,1']").await;
    let said = s.js(note).await;
    assert!(
        said.as_str()
            .unwrap()
            .contains("cannot be one of your amazons"),
        "{said}"
    );
    assert_eq!(
        s.js("return document.querySelectorAll('#board .picked').length")
            .await,
        json!(0)
    );
    click(&s, "#board [data-at='0,0']").await;
    let said = s.js(note).await;
    assert!(
        said.as_str().unwrap().contains("the square it moves to"),
        "{said}"
    );
    click(&s, "#board [data-at='0,1']").await;
    let said = s.js(note).await;
    assert!(said.as_str().unwrap().contains("its arrow burns"), "{said}");
    s.shot("amazons-arrow").await;
    click(&s, "#board [data-at='0,0']").await;
    s.wait_for(
        "the amazon's move in the list",
        "const c = document.querySelector('#move-list li code'); return !!c && c.textContent === 'a1-b1/a1'",
    )
    .await;
    s.close().await;
}

/// The board's marked spots: `[where, mark, tint class]` each.
const PLACED_SPOTS: &str = "return [...document.querySelectorAll('#board .spot')].filter(b => b.textContent).map(b => [b.dataset.at, b.textContent, [...b.classList].filter(c => c.startsWith('tint-'))[0]])";

/// The text of the board's legends, joined.
const BOARD_LEGEND: &str =
    "return [...document.querySelectorAll('#board .legend')].map(p => p.textContent).join(' ')";

/// Domineering's and Cram's dominoes placed in a match are numbered and coloured by
/// player (a wall of the start stays `#`), the legend says what the notation cannot tell; Fox and Geese has dark squares;
/// the digraph's edges are shown.
async fn boards_show_the_whole_position(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "whole-position").await;
    open(
        &s,
        "#play?game=domineering&position=...|...|...&to_move=Left&you=first&match=1&move=a1-a2&move=b3-c3",
    )
    .await;
    assert!(!await_turn(&s).await);
    let spots = s.js(PLACED_SPOTS).await;
    assert_eq!(
        spots,
        json!([
            ["0,0", "1", "tint-left"],
            ["1,0", "1", "tint-left"],
            ["2,1", "2", "tint-right"],
            ["2,2", "2", "tint-right"]
        ]),
        "the dominoes of the match, whose and when"
    );
    let legend = s.js(BOARD_LEGEND).await;
    assert!(
        legend
            .as_str()
            .unwrap()
            .contains("does not say which, nor whose"),
        "{legend}"
    );
    s.shot("domineering-dominoes").await;
    // Cram the same: either player places either domino, coloured by seat; the
    // starting wall stays a wall.
    open(
        &s,
        "#play?game=cram&position=...|...|..%23&you=first&match=1&move=a1-a2&move=a3-b3",
    )
    .await;
    assert!(!await_turn(&s).await);
    let spots = s.js(PLACED_SPOTS).await;
    assert_eq!(
        spots,
        json!([
            ["0,0", "1", "tint-left"],
            ["1,0", "1", "tint-left"],
            ["2,0", "2", "tint-right"],
            ["2,1", "2", "tint-right"],
            ["2,2", "#", "tint-blocked"]
        ]),
        "Cram's dominoes of the match, whose and when, and the wall"
    );
    let label = s
        .js("return document.querySelector(\"#board [data-at='2,0']\").getAttribute('aria-label')")
        .await;
    assert!(
        label.as_str().unwrap().contains("move 2 (a3-b3)"),
        "{label}"
    );
    let legend = s.js(BOARD_LEGEND).await;
    assert!(
        legend.as_str().unwrap().contains("numbered by move"),
        "{legend}"
    );
    s.shot("cram-dominoes").await;
    open(
        &s,
        "#analyze?game=fox-and-geese&position=.f....|......|......|......|......|g.g.g.",
    )
    .await;
    let dark = s
        .js("return [...document.querySelectorAll('#board .spot.dark')].map(b => b.dataset.at)")
        .await;
    let dark = dark.as_array().unwrap();
    assert_eq!(dark.len(), 18, "{dark:?}");
    assert!(
        dark.contains(&json!("0,1")) && dark.contains(&json!("5,0")),
        "{dark:?}"
    );
    let colours = s
        .js("return [\"0,0\", \"0,3\"].map(a => getComputedStyle(document.querySelector(`#board [data-at='${a}']`)).backgroundColor)")
        .await;
    assert_ne!(colours[0], colours[1], "dark and light squares differ");
    s.shot("fox-and-geese").await;
    open(&s, "#analyze?game=digraph&position=0>1,1>0,1>2@0,2").await;
    let edges = s
        .js("return document.getElementById('board-edges').textContent")
        .await;
    let edges = edges.as_str().unwrap();
    for e in [
        "vertex 0 → vertex 1",
        "vertex 1 → vertex 0",
        "vertex 1 → vertex 2",
    ] {
        assert!(edges.contains(e), "{edges}");
    }
    // And drawn: an arc per edge over the row of vertices, from left to right for
    // 0 → 1, back for 1 → 0.
    let arcs = s
        .js("return [...document.querySelectorAll('#board svg.arcs path.arc')].map(p => [p.dataset.from, p.dataset.to, p.getTotalLength() > 10])")
        .await;
    assert_eq!(
        arcs,
        json!([["0", "1", true], ["1", "0", true], ["1", "2", true]]),
        "the digraph's edges drawn"
    );
    s.shot("digraph").await;
    s.close().await;
}

/// Every game on a phone (390 px, device emulation), on Analyze and on Play: no
/// sideways scroll, the misère checkbox exactly where the game takes misère play,
/// the board's coordinates as its notation names them, the help of the Play tab
/// saying what a click does, and Nim's tokens at least 24 px.
async fn every_game_on_a_phone(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start_phone(&driver, "every-game-phone").await;
    open(&s, "#analyze?game=nim&position=3,5,7").await;
    let width = s.js("return window.innerWidth").await;
    assert_eq!(width, json!(390), "the phone's viewport");
    let overflow = "return [document.documentElement.scrollWidth, \
         [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391 \
           && ![...e.children].some(c => c.getBoundingClientRect().right > 391)) \
           .slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className)]";
    for spec in registry::RULESETS {
        let (query, params) = example_params(spec);
        let rules = registry::build(spec.name, &params).unwrap();
        let takes_misere =
            registry::build(spec.name, &params.clone().with("misere", "true")).is_ok();
        let position = spec.example.replace('#', "%23");
        open(
            &s,
            &format!("#analyze?game={}&position={position}{query}", spec.name),
        )
        .await;
        s.wait_for(
            "the analysis",
            "return !!document.getElementById('verdict') || !!document.querySelector('#analysis .error')",
        )
        .await;
        let widths = s.js(overflow).await;
        assert!(
            widths[0].as_u64().unwrap() <= 390,
            "{} Analyze scrolls sideways at 390 px: {widths}",
            spec.name
        );
        let shown = s
            .js("const l = document.getElementById('misere-label'); return [!l.hidden, !document.getElementById('misere').disabled]")
            .await;
        assert_eq!(
            shown,
            json!([takes_misere, takes_misere]),
            "{}: the misère checkbox is offered exactly where the game takes it",
            spec.name
        );
        if spec.name == "nim" {
            let small = s
                .js("return [...document.querySelectorAll('#board .token')].map(t => t.getBoundingClientRect()).filter(r => r.width < 24 || r.height < 24).length")
                .await;
            assert_eq!(
                small,
                json!(0),
                "nim's tokens on Analyze are at least 24 px"
            );
        }
        s.shot(&format!("{}-analyze", spec.name)).await;
        open(
            &s,
            &format!(
                "#play?game={}&position={position}{query}&match=1",
                spec.name
            ),
        )
        .await;
        assert!(
            !await_turn(&s).await,
            "{}: the match is not over",
            spec.name
        );
        let widths = s.js(overflow).await;
        assert!(
            widths[0].as_u64().unwrap() <= 390,
            "{} Play scrolls sideways at 390 px: {widths}",
            spec.name
        );
        let now = s.js("return document.body.dataset.position").await;
        let view = rules
            .board_view(now.as_str().unwrap(), Player::Left)
            .unwrap()
            .unwrap();
        let board = serde_json::to_value(&view.board).unwrap();
        let axis = |cls: &str| {
            format!("return [...document.querySelectorAll('#board .axis.{cls}')].map(a => a.textContent)")
        };
        let columns = s.js(&axis("column")).await;
        let want_columns = board.get("columns").cloned().unwrap_or(json!([]));
        assert_eq!(columns, want_columns, "{}: the column names", spec.name);
        // Every grid, and every strip of squares (not a graph's row of vertices, whose
        // glyphs name them), names its columns.
        let graph = view
            .board
            .lines
            .iter()
            .flat_map(|l| &l.spots)
            .any(|p| !p.arrows.is_empty());
        if board["shape"] == "grid" || (board["shape"] == "strip" && !graph) {
            assert!(
                !columns.as_array().unwrap().is_empty(),
                "{}: a board without its coordinates",
                spec.name
            );
        }
        let rows = s.js(&axis("row")).await;
        let want_rows = if board["shape"] == "grid" {
            board.get("rows").cloned().unwrap_or(json!([]))
        } else {
            json!([])
        };
        assert_eq!(rows, want_rows, "{}: the row names", spec.name);
        let help = s
            .js("return document.getElementById('board-help').textContent")
            .await;
        let help = help.as_str().unwrap();
        if let Some(clicks) = board["clicks"].as_str() {
            assert_eq!(
                help, clicks,
                "{}: the Play tab says what a click does",
                spec.name
            );
        } else {
            assert!(
                help.starts_with("Click the board to move"),
                "{}: {help}",
                spec.name
            );
        }
        if board["shape"] == "heaps" {
            assert!(
                !help.contains("a piece, then where it goes"),
                "{}: {help}",
                spec.name
            );
        }
        if spec.name == "nim" {
            let small = s
                .js("return [...document.querySelectorAll('#board .token')].map(t => t.getBoundingClientRect()).filter(r => r.width < 24 || r.height < 24).length")
                .await;
            assert_eq!(small, json!(0), "nim's tokens on Play are at least 24 px");
        }
        s.shot(&format!("{}-play", spec.name)).await;
    }
    s.close().await;
}

/// The sequence page keeps its game, code, misère play and quotient in the address,
/// switching the game draws the new one at once, Grundy's game is listed, and the
/// dots of the drawing are big enough to see.
async fn sequence_page_address_and_games(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "sequence-address").await;
    open(&s, "#sequence?game=octal&code=0.07&to=40").await;
    s.wait_for(
        "the drawing of 0.07",
        "const i = document.getElementById('seq-svg'); return !!i && i.alt.includes('0.07') && i.complete && i.naturalWidth > 0",
    )
    .await;
    let shown = s
        .js("return [document.getElementById('seq-game').value, document.getElementById('seq-text').value, document.getElementById('seq-summary').textContent]")
        .await;
    assert_eq!(shown[0], "octal");
    assert_eq!(shown[1], "0.07");
    assert!(shown[2].as_str().unwrap().contains("G(40)"), "{shown}");
    // The dots: at least 4 px as drawn on the page.
    let dot = s
        .js("const i = document.getElementById('seq-svg'); return fetch(i.src).then(r => r.text()).then(t => { \
             const d = new DOMParser().parseFromString(t, 'image/svg+xml'); \
             const w = Number(d.documentElement.getAttribute('width')); \
             const r = d.querySelector('g[fill] rect'); return Number(r.getAttribute('width')) * i.getBoundingClientRect().width / w; })")
        .await;
    assert!(dot.as_f64().unwrap() >= 4.0, "the dots are {dot} px");
    let options = s
        .js("return [...document.getElementById('seq-game').options].map(o => o.value)")
        .await;
    assert!(
        options.as_array().unwrap().contains(&json!("grundy-game")),
        "{options}"
    );
    // Switching the game: the old drawing goes at once, the new one comes.
    // (The change event as the select sends it, and the page right after it.)
    let old = s
        .js("const g = document.getElementById('seq-game'); g.value = 'grundy-game';              g.dispatchEvent(new Event('change'));              const i = document.getElementById('seq-svg'); return !!i && i.alt.includes('0.07')")
        .await;
    assert_eq!(old, json!(false), "the old drawing is gone");
    s.wait_for(
        "the drawing of Grundy's game",
        "const i = document.getElementById('seq-svg'); return !!i && i.alt.includes('grundy-game') && i.complete && i.naturalWidth > 0",
    )
    .await;
    let hash = s.js("return location.hash").await;
    assert!(
        hash.as_str().unwrap().contains("game=grundy-game"),
        "{hash}"
    );
    // Misère play and the quotient in the address: a link reopens them.
    open(
        &s,
        "#sequence?game=octal&code=0.75&misere=true&heaps=8&quotient=8",
    )
    .await;
    s.wait_for(
        "the genus and the quotient",
        "const h = document.querySelector('#seq-quotient-out h2'); return !!h && !!document.getElementById('seq-genus')",
    )
    .await;
    let summary = s
        .js("return document.getElementById('quotient-summary').textContent")
        .await;
    assert!(
        summary.as_str().unwrap().starts_with("order 8"),
        "{summary}"
    );
    let state = s
        .js("return [document.getElementById('seq-misere').checked, document.getElementById('seq-text').value, location.hash]")
        .await;
    assert_eq!(state[0], true);
    assert_eq!(state[1], "0.75");
    assert!(state[2].as_str().unwrap().contains("quotient=8"), "{state}");
    s.shot("sequence-quotient").await;
    s.close().await;
}

/// What the API answers for `uri` (a GET), asked in process.
async fn api_json(uri: &str) -> Value {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let app = grundy_serve::app(grundy_serve::AppState::new(grundy_serve::Limits::default()));
    let response = app
        .oneshot(
            http::Request::get(uri)
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&body).unwrap_or_else(|e| panic!("{uri}: {e}"))
}

/// The value calculator: the address holds the expression, a sum, a comparison and a
/// cooling are computed, the thermograph drawn; a bad expression says where.
async fn value_calculator_page(driver: PathBuf) {
    let _one = BROWSER.lock().await;
    let mut s = Session::start(&driver, "value").await;
    open(&s, "#value?expr=%7B2%7C0%7D%20%2B%20*").await;
    s.wait_for(
        "the value",
        "const r = document.getElementById('value-result'); return !!r && r.textContent !== ''",
    )
    .await;
    let shown = s
        .js("return document.getElementById('value-result').textContent")
        .await;
    let want = grundy::cgt::parse_value("{2|0} + *", &grundy::cgt::ValueBudget::unlimited())
        .unwrap()
        .to_string();
    assert_eq!(shown, json!(want));
    s.wait_for(
        "the thermograph",
        "const i = document.getElementById('value-svg'); return !!i && i.complete && i.naturalWidth > 0",
    )
    .await;
    s.shot("value-sum").await;
    for (button, want) in [("compare", "false"), ("confused?", "true")] {
        s.client
            .find(Locator::XPath(&format!(
                "//div[@id='value-examples']/button[text()='{button}']"
            )))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        s.wait_for(
            "the comparison",
            &format!("const r = document.getElementById('value-result'); return !!r && r.textContent.endsWith(': {want}')"),
        )
        .await;
    }
    let hash = s.js("return decodeURIComponent(location.hash)").await;
    assert!(
        hash.as_str().unwrap().starts_with("#value?expr=^+||+*")
            || hash.as_str().unwrap().contains("^ || *"),
        "{hash}"
    );
    let input = s.client.find(Locator::Css("#value-expr")).await.unwrap();
    input.clear().await.unwrap();
    input.send_keys("cool({2|-2}, 1)\u{E007}").await.unwrap();
    s.wait_for(
        "the cooled value",
        "const r = document.getElementById('value-result'); return !!r && r.textContent === '+-1'",
    )
    .await;
    input.clear().await.unwrap();
    input.send_keys("{1|\u{E007}").await.unwrap();
    s.wait_for(
        "the error",
        "const e = document.querySelector('#value-out .error'); return !!e && e.textContent !== ''",
    )
    .await;
    // The server's message as it is: it names the character of the expression, and
    // the page adds no "column" of its own.
    let shown = s
        .js("return document.querySelector('#value-out .error').textContent")
        .await;
    let said = api_json("/api/value?expr=%7B1%7C").await;
    assert_eq!(shown, said["error"], "the page shows the server's message");
    let shown = shown.as_str().unwrap();
    assert!(shown.contains("character 4"), "{shown}");
    assert!(!shown.contains("column"), "{shown}");
    s.shot("value-error").await;
    let console = s.console_errors().await;
    assert_eq!(console.len(), 1, "the 400 alone: {console:?}");
    s.close().await;
}

/// A browser test: its name and body.
type BrowserTest = (
    &'static str,
    fn(PathBuf) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()>>>,
);

/// Every browser test, in the order they are listed.
const TESTS: &[BrowserTest] = &[
    ("nim_in_the_browser", |d| Box::pin(nim_in_the_browser(d))),
    ("pawns_in_the_browser", |d| {
        Box::pin(pawns_in_the_browser(d))
    }),
    ("table_in_the_browser", |d| {
        Box::pin(table_in_the_browser(d))
    }),
    ("ab_in_the_browser", |d| Box::pin(ab_in_the_browser(d))),
    ("towers_in_the_browser", |d| {
        Box::pin(towers_in_the_browser(d))
    }),
    ("sequence_page_and_phone_screen", |d| {
        Box::pin(sequence_page_and_phone_screen(d))
    }),
    ("table_grid_in_the_browser", |d| {
        Box::pin(table_grid_in_the_browser(d))
    }),
    ("boards_draw_and_edit_the_seed_positions", |d| {
        Box::pin(boards_draw_and_edit_the_seed_positions(d))
    }),
    ("every_board_is_drawn_and_clickable", |d| {
        Box::pin(every_board_is_drawn_and_clickable(d))
    }),
    ("full_matches_by_clicking_the_board", |d| {
        Box::pin(full_matches_by_clicking_the_board(d))
    }),
    ("domineering_link_back_and_share", |d| {
        Box::pin(domineering_link_back_and_share(d))
    }),
    ("the_address_keeps_the_page", |d| {
        Box::pin(the_address_keeps_the_page(d))
    }),
    ("switching_game_mid_match", |d| {
        Box::pin(switching_game_mid_match(d))
    }),
    ("phone_width_and_contrast", |d| {
        Box::pin(phone_width_and_contrast(d))
    }),
    ("working_notice_cancel_and_previews", |d| {
        Box::pin(working_notice_cancel_and_previews(d))
    }),
    ("misere_in_analyze_and_play", |d| {
        Box::pin(misere_in_analyze_and_play(d))
    }),
    ("misere_genus_and_quotient_on_the_sequence_page", |d| {
        Box::pin(misere_genus_and_quotient_on_the_sequence_page(d))
    }),
    ("controls_named_and_headings_in_order", |d| {
        Box::pin(controls_named_and_headings_in_order(d))
    }),
    ("ties_are_shown_as_ties", |d| {
        Box::pin(ties_are_shown_as_ties(d))
    }),
    ("ties_and_draws_in_every_game_with_them", |d| {
        Box::pin(ties_and_draws_in_every_game_with_them(d))
    }),
    ("clicks_in_columns_and_steps", |d| {
        Box::pin(clicks_in_columns_and_steps(d))
    }),
    ("boards_show_the_whole_position", |d| {
        Box::pin(boards_show_the_whole_position(d))
    }),
    ("every_game_on_a_phone", |d| {
        Box::pin(every_game_on_a_phone(d))
    }),
    ("sequence_page_address_and_games", |d| {
        Box::pin(sequence_page_address_and_games(d))
    }),
    ("value_calculator_page", |d| {
        Box::pin(value_calculator_page(d))
    }),
];

fn main() -> std::process::ExitCode {
    let args = libtest_mimic::Arguments::from_args();
    let driver = chromedriver();
    if driver.is_none() {
        let notice = missing_notice();
        if std::env::var("GRUNDY_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
            eprintln!("{notice}GRUNDY_REQUIRE_BROWSER=1: the browser tests must run");
            return std::process::ExitCode::FAILURE;
        }
        eprintln!("{notice}");
    }
    let trials = TESTS
        .iter()
        .map(|&(name, body)| {
            let found = driver.clone();
            libtest_mimic::Trial::test(name, move || {
                let driver = found.ok_or("chromedriver was not found on PATH")?;
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| format!("a runtime for the test: {e}"))?
                    .block_on(body(driver));
                Ok(())
            })
            .with_ignored_flag(driver.is_none())
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}

//! The playground in a real browser: headless Chromium driven through chromedriver
//! (Debian's `chromium` and `chromium-driver`; `bash .ci/install-browser` installs
//! them). Each test starts the server on a free loopback port, sets a game up by
//! clicking and typing, plays a whole match against the engine by clicking the move
//! buttons, checks every button's colour against the engine, and saves screenshots
//! under `target/browser-screenshots/`.
//!
//! The harness is libtest-mimic's, so that a test that cannot run shows as one:
//! without chromedriver every test is reported *ignored* (with a loud notice), unless
//! `GRUNDY_REQUIRE_BROWSER=1` (set by `.ci/run` once the browser is installed), when
//! the run fails.

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
    driver: Child,
    stop: Option<oneshot::Sender<()>>,
    base: String,
    name: String,
    shots: usize,
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

async fn free_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    l.local_addr().unwrap().port()
}

impl Session {
    async fn start(driver: &Path, name: &str) -> Session {
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
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let mut session_driver = Some(child);
        let caps = json!({
            "goog:loggingPrefs": { "browser": "ALL" },
            "goog:chromeOptions": {
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1100,1000"]
            }
        });
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
                    let _ = session_driver.as_mut().unwrap().kill();
                    panic!("cannot start a browser session through chromedriver: {e}")
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        };
        Session {
            client,
            driver: session_driver.take().unwrap(),
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

    async fn close(mut self) {
        let errors = self.errors().await;
        assert!(errors.is_empty(), "errors on the page: {errors:?}");
        let console = self.console_errors().await;
        assert!(console.is_empty(), "errors in the console: {console:?}");
        self.client
            .clone()
            .close()
            .await
            .expect("the browser closes");
        let _ = self.driver.kill();
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
    // The page draws a default sequence on load: wait for the drawing of 0.77's, not
    // for whichever drawing is on the page.
    s.wait_for(
        "the drawing of 0.77",
        "const i = document.getElementById('seq-svg'); return !!i && i.alt.includes('0.77') && i.complete && i.naturalWidth > 0",
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

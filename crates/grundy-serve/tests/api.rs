//! The JSON API in process (no network): answers, errors, limits, the work budget,
//! panics, and whole matches against the engine.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::routing::get;
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

use grundy::registry::{build, Params};
use grundy::Player;
use grundy_serve::{app, routes, with_layers, AppState, Limits, WorkBudget};

fn state() -> AppState {
    AppState::new(Limits::default())
}

async fn send(router: Router, req: Request<Body>) -> (StatusCode, String, String) {
    let response = router.oneshot(req).await.expect("the router answers");
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

async fn get_with(state: AppState, uri: &str) -> (StatusCode, String, String) {
    send(app(state), Request::get(uri).body(Body::empty()).unwrap()).await
}

/// A server whose work may take minutes: for the answers that must not depend on how
/// busy the machine is (over budget, never over time).
fn patient_state() -> AppState {
    AppState::new(Limits {
        budget: Duration::from_secs(600),
        ..Limits::default()
    })
}

async fn get_json(uri: &str) -> (StatusCode, Value) {
    get_json_with(state(), uri).await
}

async fn get_json_with(state: AppState, uri: &str) -> (StatusCode, Value) {
    let (status, content_type, body) = get_with(state, uri).await;
    assert!(
        content_type.starts_with("application/json"),
        "{uri}: {content_type}: {body}"
    );
    (
        status,
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{uri}: {e}: {body}")),
    )
}

async fn post_json(uri: &str, body: Value) -> (StatusCode, Value) {
    post_json_with(state(), uri, body).await
}

async fn post_json_with(state: AppState, uri: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::post(uri)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let (status, _, text) = send(app(state), req).await;
    (
        status,
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}")),
    )
}

#[tokio::test]
async fn analyze_answers_the_shared_json_text() {
    let (status, content_type, body) =
        get_with(state(), "/api/analyze?game=nim&position=3,5,7&moves=true").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/json");
    let game = build("nim", &Params::new()).unwrap();
    let analysis = game.analyze("3,5,7", Player::Left, 1000).unwrap();
    let moves = game
        .move_values("3,5,7", Player::Left, 1000, grundy::engine::Budget::DEFAULT)
        .unwrap();
    let mut json = grundy::report::analysis_json(&analysis, Some(&moves)).unwrap();
    grundy::report::add_remoteness(&mut json, &moves, 1000);
    let expected = grundy::report::pretty(&json).unwrap();
    assert_eq!(body, expected);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["value"], "*");
    assert_eq!(v["moves"].as_array().unwrap().len(), 15);
    // 1-1 leaves 2,5,7, remoteness 14: the game lasts 15 moves from it, and the
    // position's own remoteness is its quickest winning move's.
    let first = &v["moves"][0];
    assert_eq!(first["move"], "1-1");
    assert_eq!(first["remoteness"], 14);
    assert_eq!(first["moves_left"], 15);
    assert_eq!(v["remoteness"], 15);
    // Percent-encoded fields read as the CLI's arguments.
    let (_, _, encoded) =
        get_with(state(), "/api/analyze?game=nim&position=3%2C5%2C7&moves=1").await;
    assert_eq!(encoded, body);
}

#[tokio::test]
async fn games_lists_the_registry() {
    let (status, v) = get_json("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), grundy::registry::RULESETS.len());
    let nim = games.iter().find(|g| g["name"] == "nim").unwrap();
    assert_eq!(nim["kind"], "impartial");
    assert_eq!(nim["example"], "3,5,7");
    assert!(nim["move_help"].as_str().unwrap().contains("2-3"), "{nim}");
    for g in games {
        for p in g["params"].as_array().unwrap() {
            assert!(p["name"].is_string() && p["help"].is_string(), "{p}");
        }
    }
}

#[tokio::test]
async fn malformed_requests_get_json_4xx() {
    let cases: &[(&str, StatusCode, Option<u64>)] = &[
        ("/api/analyze", StatusCode::BAD_REQUEST, None),
        ("/api/analyze?game=nim", StatusCode::BAD_REQUEST, None),
        (
            "/api/analyze?game=chess&position=e4",
            StatusCode::BAD_REQUEST,
            None,
        ),
        (
            "/api/analyze?game=nim&position=3,x,7",
            StatusCode::BAD_REQUEST,
            Some(3),
        ),
        (
            "/api/analyze?game=nim&position=3,5&colour=red",
            StatusCode::BAD_REQUEST,
            None,
        ),
        (
            "/api/analyze?game=nim&position=3&position=4",
            StatusCode::BAD_REQUEST,
            None,
        ),
        (
            "/api/analyze?game=nim&position=3&moves=maybe",
            StatusCode::BAD_REQUEST,
            None,
        ),
        (
            "/api/analyze?game=nim&position=3&limit=-1",
            StatusCode::BAD_REQUEST,
            None,
        ),
        (
            "/api/analyze?game=nim&position=3&limit=99999999",
            StatusCode::UNPROCESSABLE_ENTITY,
            None,
        ),
        (
            "/api/analyze?game=nim&position=3&to_move=B",
            StatusCode::BAD_REQUEST,
            None,
        ),
        // Bytes that are not UTF-8 read as U+FFFD, which no notation takes.
        (
            "/api/analyze?game=nim&position=%FF%FE",
            StatusCode::BAD_REQUEST,
            Some(1),
        ),
        (
            "/api/analyze?game=nim&position=%zz",
            StatusCode::BAD_REQUEST,
            Some(1),
        ),
        (
            "/api/sequence?game=subtraction",
            StatusCode::BAD_REQUEST,
            None,
        ),
        (
            "/api/sequence?game=subtraction&set=2,x",
            StatusCode::BAD_REQUEST,
            Some(3),
        ),
        (
            "/api/sequence?game=octal&code=0.G",
            StatusCode::BAD_REQUEST,
            Some(3),
        ),
        (
            "/api/sequence?game=octal&code=0.77&set=1",
            StatusCode::BAD_REQUEST,
            None,
        ),
        ("/api/sequence?game=nim", StatusCode::BAD_REQUEST, None),
        (
            "/api/sequence?game=octal&code=0.77&to=5&limit=5",
            StatusCode::BAD_REQUEST,
            None,
        ),
        (
            "/api/sequence?game=octal&code=0.77&to=99999999999",
            StatusCode::UNPROCESSABLE_ENTITY,
            None,
        ),
        ("/api/nothing", StatusCode::NOT_FOUND, None),
        ("/static/../Cargo.toml", StatusCode::NOT_FOUND, None),
        ("/static/%FF", StatusCode::BAD_REQUEST, None),
    ];
    for &(uri, want, column) in cases {
        let (status, v) = get_json(uri).await;
        assert_eq!(status, want, "{uri}: {v}");
        assert!(
            v["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{uri}: {v}"
        );
        assert_eq!(v["column"].as_u64(), column, "{uri}: {v}");
    }
    // A position too long, a request target too long, a body too large.
    let long = "1,".repeat(3000);
    let (status, v) = get_json(&format!("/api/analyze?game=nim&position={long}1")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (status, v) = get_json(&format!(
        "/api/analyze?game=nim&position={}",
        "1".repeat(9000)
    ))
    .await;
    assert_eq!(status, StatusCode::URI_TOO_LONG, "{v}");
    let (status, v) = post_json(
        "/api/play",
        json!({ "game": "nim", "position": "1".repeat(300_000) }),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    // Bad bodies and methods.
    let req = Request::post("/api/play")
        .body(Body::from("{\"game\": nim}"))
        .unwrap();
    let (status, _, text) = send(app(state()), req).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap()["column"], 11);
    let (status, v) = post_json(
        "/api/play",
        json!({ "game": "nim", "position": "3", "colour": 1 }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (status, v) = get_json("/api/play").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{v}");
}

#[tokio::test]
async fn a_position_with_more_moves_than_listed_answers_the_first_ones() {
    // 10^11 legal moves: they are streamed, the first `limit` listed, and the
    // remoteness search gives up within its budget (null) instead of listing them all.
    let (status, v) =
        get_json("/api/analyze?game=nim&position=100000000000&moves=true&limit=50").await;
    assert_eq!(status, StatusCode::OK, "{}", v["error"]);
    let moves = v["moves"].as_array().expect("a move list");
    assert_eq!(moves.len(), 50);
    assert_eq!(moves[0]["move"], "1-1");
    assert!(moves.iter().all(|m| m["remoteness"].is_null()));
    assert_eq!(v["winning_moves"][0]["move"], "1-100000000000");
}

/// A question left unanswered is a 422 whose JSON says the kind of limit or gap
/// that stopped it; other errors have no kind.
#[tokio::test]
async fn an_unanswered_question_says_its_kind() {
    let cases = [
        (
            "/api/analyze?game=cram&position=........|........|........|........|........|........|........",
            Some("over_budget"),
        ),
        ("/api/analyze?game=nim&position=3,x", None),
    ];
    for (uri, kind) in cases {
        let (status, v) = get_json_with(patient_state(), uri).await;
        assert_eq!(v["kind"].as_str(), kind, "{uri}: {v}");
        if kind.is_some() {
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{uri}: {v}");
        }
    }
}

#[tokio::test]
async fn work_over_budget_is_422_and_stops() {
    let state = AppState::new(Limits {
        budget: Duration::from_millis(300),
        workers: 1,
        ..Limits::default()
    });
    // 0.6 has no period up to 10^6: two million values take far longer than 0.3 s.
    let start = Instant::now();
    let (status, _, body) = get_with(
        state.clone(),
        "/api/sequence?game=octal&code=0.6&limit=2000000",
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("work budget"), "{body}");
    assert!(body.contains(r#""kind":"over_time""#), "{body}");
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    // The work was stopped, so the only worker is free again for the next request.
    let (status, _, body) = get_with(
        state.clone(),
        "/api/sequence?game=subtraction&set=2,4,5&summary=true",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let game = grundy::registry::build(
        "subtraction",
        &grundy::registry::Params::new().with("set", "2,4,5"),
    )
    .unwrap();
    let spec = grundy::registry::sequence_of(&*game).unwrap();
    let seq = spec
        .compute(
            grundy::sequence::Method::Auto,
            &grundy::sequence::Options::until_proven(2_000_000),
            &mut |_| {},
        )
        .unwrap();
    let json = grundy::report::sequence_json(&spec, &seq, true);
    assert_eq!(body, grundy::report::compact(&json).unwrap());
    assert!(body.contains("\"preperiod\":0,\"period\":7,"), "{body}");
}

/// Runs six pieces of work of 50 ms under `budget`; the most that ran at once.
async fn run_six(budget: &WorkBudget) -> usize {
    let running = Arc::new(AtomicUsize::new(0));
    let most = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for i in 0..6 {
        let (budget, running, most) = (budget.clone(), running.clone(), most.clone());
        tasks.push(tokio::spawn(async move {
            budget
                .run(format!("task {i}"), move |_| {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(50));
                    running.fetch_sub(1, Ordering::SeqCst);
                    Ok(i)
                })
                .await
        }));
    }
    for (i, t) in tasks.into_iter().enumerate() {
        assert_eq!(t.await.unwrap().unwrap(), i);
    }
    assert_eq!(budget.busy(), 0);
    most.load(Ordering::SeqCst)
}

#[tokio::test]
async fn concurrent_work_is_bounded() {
    // Two workers in the main lane and none in the quick lane: at most two at once;
    // with four in the quick lane as well (the default), at most six.
    let budget = WorkBudget::new(2, Duration::from_secs(5)).with_quick_lane(0, Duration::ZERO);
    assert_eq!(run_six(&budget).await, 2);
    let budget = WorkBudget::new(2, Duration::from_secs(5));
    assert!(run_six(&budget).await <= 6);
    // A worker that is never free (and no quick lane): the next request is told the
    // server is busy, and when to try again.
    let budget = WorkBudget::new(1, Duration::from_millis(100)).with_quick_lane(0, Duration::ZERO);
    let hold = budget.clone();
    let held = tokio::spawn(async move {
        hold.run("hold".into(), |_| {
            std::thread::sleep(Duration::from_millis(400));
            Ok(())
        })
        .await
    });
    tokio::time::sleep(Duration::from_millis(20)).await;
    let err = budget.run("wait".into(), |_| Ok(())).await.unwrap_err();
    assert_eq!(err.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(err.retry_after, Some(1));
    assert_eq!(
        held.await.unwrap().unwrap_err().status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

/// A request's status, `Retry-After` header and body.
async fn send_with_retry(router: Router, uri: &str) -> (StatusCode, Option<String>, String) {
    let response = router
        .oneshot(Request::get(uri).body(Body::empty()).unwrap())
        .await
        .expect("the router answers");
    let status = response.status();
    let retry = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, retry, String::from_utf8(bytes.to_vec()).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cheap_requests_are_not_starved_by_slow_ones() {
    let state = AppState::new(Limits {
        budget: Duration::from_secs(3),
        workers: 1,
        quick_slice: Duration::from_millis(200),
        ..Limits::default()
    });
    let router = app(state.clone());
    // 0.6 has no period below 10^6: each of these works until its deadline.
    let slow: Vec<_> = (0..3)
        .map(|_| {
            let router = router.clone();
            tokio::spawn(async move {
                send_with_retry(router, "/api/sequence?game=octal&code=0.6&limit=2000000").await
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let start = Instant::now();
    let (status, _, body) =
        send_with_retry(router.clone(), "/api/analyze?game=nim&position=3,5,7").await;
    let waited = start.elapsed();
    assert_eq!(status, StatusCode::OK, "{body}");
    // Without the quick lane it waits for the slow requests' deadline (2.7 s more).
    assert!(
        waited < Duration::from_millis(1500),
        "a cheap request waited {waited:?}"
    );
    for task in slow {
        let (status, retry, body) = task.await.unwrap();
        match status {
            StatusCode::UNPROCESSABLE_ENTITY => assert!(body.contains("work budget"), "{body}"),
            StatusCode::SERVICE_UNAVAILABLE => {
                assert_eq!(retry.as_deref(), Some("3"), "{body}");
                assert!(body.contains("busy"), "{body}");
            }
            other => panic!("a slow request answered {other}: {body}"),
        }
    }
}

#[tokio::test]
async fn the_budget_counts_from_arrival() {
    let budget = WorkBudget::new(1, Duration::from_millis(1500)).with_quick_lane(0, Duration::ZERO);
    let hold = budget.clone();
    let held = tokio::spawn(async move {
        hold.run("hold".into(), |_| {
            std::thread::sleep(Duration::from_millis(1000));
            Ok(())
        })
        .await
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    // It waits about a second for the worker, then has half a second left of its
    // budget: a second of work is too much.
    let err = budget
        .run("second".into(), |_| {
            std::thread::sleep(Duration::from_millis(1000));
            Ok(())
        })
        .await
        .unwrap_err();
    assert_eq!(err.status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
    assert!(held.await.unwrap().is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_answers_a_board_too_big_for_the_engine_within_the_budget() {
    // The engine's searches fail on an empty 8x8 board (more than 2^18 positions): the
    // engine still moves, without hints or values, within the budget.
    let state = AppState::new(Limits {
        budget: Duration::from_secs(3),
        ..Limits::default()
    });
    let board = ["........"; 8].join("|");
    let req = Request::post("/api/play")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({ "game": "domineering", "position": board, "you": "second", "reply": true })
                .to_string(),
        ))
        .unwrap();
    let (status, _, text) = send(app(state), req).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let r: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(r["engine_moves"].as_array().unwrap().len(), 1, "{r}");
    assert_eq!(r["your_turn"], true, "{r}");
    assert_eq!(r["values"].as_array().unwrap().len(), 2, "{r}");
    // Nobody knows how long this game lasts: no remoteness, and the engine's move
    // is not proven best.
    assert_eq!(r["remoteness"], Value::Null, "{r}");
    assert_eq!(r["proven"], false, "{r}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_four_7x6_plays_the_best_found_move_marked_unproven() {
    let board = ["......."; 6].join("|");
    let mut moves = Vec::new();
    for reply in 0..3 {
        let (status, r) = post_json(
            "/api/play",
            json!({ "game": "connect-four", "position": board, "you": "second",
                    "moves": moves, "reply": true }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{r}");
        let engine = r["engine_moves"].as_array().unwrap();
        assert_eq!(engine.len(), 1, "reply {reply}: {r}");
        // The first move of 7x6 is beyond any proof in a reply's budget; a move the
        // search does not prove leaves the remoteness unknown, never 0.
        assert!(r["proven"].is_boolean(), "reply {reply}: {r}");
        if reply == 0 || r["proven"] == false {
            assert_eq!(r["proven"], false, "reply {reply}: {r}");
            assert_eq!(r["remoteness"], Value::Null, "reply {reply}: {r}");
        }
        moves.push(engine[0].clone());
        moves.push(json!("a"));
    }
    // The engine opens in the centre column.
    assert_eq!(moves[0], "d");
    // The analysis within the server's budget: the best move found, unproven.
    let state = AppState::new(Limits {
        budget: Duration::from_secs(2),
        ..Limits::default()
    });
    let (status, _, text) = get_with(state, "/api/analyze?game=connect-four&position=4453").await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let a: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(a["proven"], false, "{a}");
    assert_eq!(a["result"], Value::Null, "{a}");
    assert_eq!(a["remoteness"], Value::Null, "{a}");
    assert!(a["best_found"]["move"].is_string(), "{a}");
    // A position the search proves answers as before, proven.
    let (status, a) = get_json("/api/analyze?game=connect-four&position=31661212464").await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(
        (a["proven"].clone(), a["result"].clone()),
        (json!(true), json!("lose"))
    );
}

/// Reads from `stream` until the server closes it or 5 s pass; what was read.
async fn read_until_closed(stream: &mut tokio::net::TcpStream) -> Option<String> {
    use tokio::io::AsyncReadExt;
    let mut got = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut got)).await;
    match read {
        Ok(_) => Some(String::from_utf8_lossy(&got).into_owned()),
        Err(_) => None,
    }
}

#[tokio::test]
async fn slow_clients_are_timed_out() {
    use tokio::io::AsyncWriteExt;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = tokio::spawn(grundy_serve::serve(listener, limits, async {
        let _ = stopped.await;
    }));
    // A connection that sends nothing is closed.
    let mut idle = tokio::net::TcpStream::connect(addr).await.unwrap();
    assert!(
        read_until_closed(&mut idle).await.is_some(),
        "an idle connection stayed open"
    );
    // One that sends half its headers is closed.
    let mut half = tokio::net::TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    assert!(
        read_until_closed(&mut half).await.is_some(),
        "half a header stayed open"
    );
    // One that sends a tenth of its body is answered 408.
    let mut body = tokio::net::TcpStream::connect(addr).await.unwrap();
    body.write_all(
        b"POST /api/outcomes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"game\":",
    )
    .await
    .unwrap();
    let answer = read_until_closed(&mut body)
        .await
        .expect("a slow body is answered");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("did not arrive within 0.3 s"), "{answer}");
    // And the server still answers.
    let mut ok = tokio::net::TcpStream::connect(addr).await.unwrap();
    ok.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = read_until_closed(&mut ok).await.expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}

#[tokio::test]
async fn a_panic_is_answered_500_and_the_server_goes_on() {
    let state = state();
    let boom = Router::new()
        .route(
            "/boom/work",
            get(
                |axum::extract::State(s): axum::extract::State<AppState>| async move {
                    s.budget()
                        .run("boom".into(), |_| -> Result<(), _> {
                            panic!("planted panic in work")
                        })
                        .await
                },
            ),
        )
        .route(
            "/boom/handler",
            get(|| async {
                if std::hint::black_box(true) {
                    panic!("planted panic in a handler");
                }
                "never"
            }),
        );
    let router = with_layers(routes().merge(boom), state.clone());
    for uri in ["/boom/work", "/boom/handler"] {
        let (status, _, body) = send(
            router.clone(),
            Request::get(uri).body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
        assert!(body.contains("internal error"), "{body}");
    }
    let (status, _, _) = send(
        router,
        Request::get("/api/games").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state.budget().busy(), 0);
}

#[tokio::test]
async fn sequences_and_their_drawing() {
    let (status, v) = get_json("/api/sequence?game=octal&code=0.77&summary=true").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(71), Some(12))
    );
    let (status, content_type, svg) =
        get_with(state(), "/api/sequence.svg?game=octal&code=0.137&to=1000").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "image/svg+xml");
    let rules: grundy::rules::octal::Octal = "0.137".parse().unwrap();
    let seq = rules.sequence(
        grundy::rules::octal::Method::Auto,
        &grundy::sequence::Options::to(1000),
        &mut |_| {},
    );
    assert_eq!(
        svg,
        grundy::sequence::svg::render("octal 0.137", &seq.values, seq.period)
    );
}

#[tokio::test]
async fn outcomes_of_many_positions() {
    let positions: Vec<String> = (0..8).map(|n| format!("{n},3")).collect();
    let (status, v) = post_json(
        "/api/outcomes",
        json!({ "game": "nim", "positions": positions.iter().chain([&"1,y".to_owned()]).collect::<Vec<_>>() }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let out = v["outcomes"].as_array().unwrap();
    for (n, o) in out.iter().take(8).enumerate() {
        assert_eq!(o["to_move_wins"], n != 3, "{o}");
    }
    assert_eq!(out[8]["column"], 3, "{}", out[8]);
    assert_eq!(out[8]["kind"], Value::Null, "{}", out[8]);
    let big = ["........"; 7].join("|");
    let (status, v) = post_json_with(
        patient_state(),
        "/api/outcomes",
        json!({ "game": "cram", "positions": ["..|..", big] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["outcomes"][0]["to_move_wins"], false, "{v}");
    assert_eq!(v["outcomes"][1]["kind"], "over_budget", "{v}");
    let many: Vec<String> = (0..2000).map(|n| n.to_string()).collect();
    let (status, _) = post_json("/api/outcomes", json!({ "game": "nim", "positions": many })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// Plays a whole match through the API, the person always taking the first move the
/// hints mark as winning (or the first move), and checks every hint against the
/// closed form.
async fn play_out(game: &str, params: Value, start: &str, you: &str) -> Value {
    let mut built = Params::new();
    for (k, v) in params.as_object().unwrap() {
        built.set(k, v.as_str().unwrap());
    }
    let rules = build(game, &built).unwrap();
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..200 {
        let body = json!({ "game": game, "params": params, "position": start, "you": you, "moves": moves, "reply": true });
        let (status, r) = post_json("/api/play", body).await;
        assert_eq!(status, StatusCode::OK, "{r}");
        moves.extend(
            r["engine_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_owned()),
        );
        assert_eq!(r["history"].as_array().unwrap().len(), moves.len());
        assert_eq!(r["values"].as_array().unwrap().len(), moves.len() + 1);
        if !r["winner"].is_null() {
            assert!(r["ending"].is_string());
            return r;
        }
        assert_eq!(r["your_turn"], true, "{r}");
        let position = r["position"].as_str().unwrap();
        let hints = r["hints"]["moves"].as_array().unwrap();
        assert!(!hints.is_empty());
        let mover = if you == "first" {
            Player::Left
        } else {
            Player::Right
        };
        let mover = if rules.kind() == grundy::ruleset::Kind::Impartial {
            Player::Left
        } else {
            mover
        };
        let engine = rules
            .move_values(position, mover, 1000, grundy::engine::Budget::DEFAULT)
            .unwrap();
        assert_eq!(hints.len(), engine.len(), "{r}");
        for (h, e) in hints.iter().zip(&engine) {
            assert_eq!(h["move"], e.mv.as_str());
            assert_eq!(h["wins"], e.wins, "{h} vs {e:?}");
            // A value after each move under normal play; under misère play none,
            // the misère Grundy value in its place where it is known.
            let value_after = e.value_after.as_ref().map(ToString::to_string);
            assert_eq!(h["value_after"], json!(value_after), "{h}");
            assert_eq!(
                h["misere_grundy_after"],
                json!(e.misere_grundy_after),
                "{h}"
            );
            if let (Some(left), Some(rem)) = (h["moves_left"].as_u64(), e.remoteness) {
                assert_eq!(left, u64::from(rem) + 1, "{h}");
            }
        }
        let pick = hints
            .iter()
            .find(|h| h["wins"] == true)
            .unwrap_or(&hints[0]);
        moves.push(pick["move"].as_str().unwrap().to_owned());
    }
    panic!("the match did not end in 200 moves");
}

#[tokio::test]
async fn whole_matches_of_nim() {
    // 3,5,7 is a first-player win: playing first and always winning, the person wins.
    let r = play_out("nim", json!({}), "3,5,7", "first").await;
    assert_eq!(
        (r["winner"].as_str(), r["you_won"].as_bool()),
        (Some("first"), Some(true)),
        "{r}"
    );
    // Second against a perfect engine from a won position: the engine wins.
    let r = play_out("nim", json!({}), "3,5,7", "second").await;
    assert_eq!(r["you_won"], false, "{r}");
    // 1,2,3 is lost for the first player.
    let r = play_out("nim", json!({}), "1,2,3", "first").await;
    assert_eq!(r["you_won"], false, "{r}");
}

#[tokio::test]
async fn parameter_errors_name_fields_not_flags() {
    let (status, v) = post_json(
        "/api/play",
        json!({ "game": "nim", "position": "3,5", "params": { "junk": 1 } }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["error"], "junk is not a parameter of any game", "{v}");
    let (status, v) = post_json(
        "/api/play",
        json!({ "game": "nim", "position": "3,5", "params": { "code": "0.77" } }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["error"], "code applies to octal only", "{v}");
    let (status, v) = post_json("/api/play", json!({ "game": "octal", "position": "3,5" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["error"], "octal needs code CODE, e.g. code 0.77", "{v}");
    let (status, v) = get_json("/api/analyze?game=octal&position=3&code=0.7G").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let error = v["error"].as_str().unwrap();
    assert!(error.starts_with("code \"0.7G\": character 4:"), "{v}");
    assert_eq!(v["column"], 4, "{v}");
    assert!(!error.contains("--"), "{v}");
}

#[tokio::test]
async fn play_errors_name_the_move() {
    let (status, v) = post_json(
        "/api/play",
        json!({ "game": "nim", "position": "3,5", "moves": ["1-1", "2-9"] }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        v["error"].as_str().unwrap().starts_with("move 2 (\"2-9\")"),
        "{v}"
    );
    let (status, v) = post_json(
        "/api/play",
        json!({ "game": "nim", "position": "3,5", "you": "third" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
}

#[tokio::test]
async fn pages_are_served() {
    for (uri, kind) in [
        ("/", "text/html"),
        ("/static/app.js", "text/javascript"),
        ("/static/boards.js", "text/javascript"),
        ("/static/style.css", "text/css"),
        ("/static/favicon.svg", "image/svg+xml"),
    ] {
        let (status, content_type, body) = get_with(state(), uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(content_type.starts_with(kind), "{uri}: {content_type}");
        assert!(!body.is_empty());
    }
}

#[tokio::test]
async fn board_lists_spots_moves_and_edits() {
    let (status, v) = get_json("/api/board?game=domineering&position=..%23|...").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let board = &v["board"];
    assert_eq!(board["board"]["shape"], "grid");
    let lines = board["board"]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["spots"][2]["tint"], "blocked");
    assert_eq!(lines[0]["spots"][2]["label"], "c1: filled");
    // Left (vertical dominoes): a1-a2 and b1-b2, each touching its two cells.
    let moves: Vec<(String, Value)> = board["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap().to_owned(), m["touches"].clone()))
        .collect();
    assert_eq!(
        moves,
        vec![
            ("a1-a2".to_owned(), json!([[0, 0], [1, 0]])),
            ("b1-b2".to_owned(), json!([[0, 1], [1, 1]])),
        ]
    );
    assert_eq!(board["more_moves"], false);
    // Clicking a cell cycles it: empty to filled, filled to empty.
    let edits = board["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 6);
    assert_eq!(edits[0], json!({"at": [0, 0], "position": "#.#|..."}));
    assert_eq!(edits[2], json!({"at": [0, 2], "position": "...|..."}));
    // Right moves horizontally.
    let (_, v) = get_json("/api/board?game=domineering&position=..%23|...&to_move=Right").await;
    assert_eq!(v["board"]["moves"][0]["move"], "a1-b1");
    // Heaps: a token is the first one taken.
    let (_, v) = get_json("/api/board?game=nim&position=2,1").await;
    assert_eq!(v["board"]["board"]["shape"], "heaps");
    assert_eq!(
        v["board"]["moves"][0],
        json!({"move": "1-1", "touches": [[0, 1]]})
    );
    // Errors name the column.
    let (status, v) = get_json("/api/board?game=nim&position=2,x").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["column"], 3);
}

#[tokio::test]
async fn play_answers_the_board_and_the_remoteness() {
    let (status, v) = post_json(
        "/api/play",
        json!({"game": "domineering", "position": "..#|...|...", "to_move": "Left", "moves": []}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["board"]["board"]["shape"], "grid");
    let hints = v["hints"]["moves"].as_array().unwrap();
    let board_moves: Vec<&Value> = v["board"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["move"])
        .collect();
    let hint_moves: Vec<&Value> = hints.iter().map(|m| &m["move"]).collect();
    assert_eq!(board_moves, hint_moves);
    // Every hint counts the moves left, and the position's remoteness is the
    // quickest win's.
    assert!(hints.iter().all(|h| h["moves_left"].is_u64()), "{v}");
    let quickest = hints
        .iter()
        .filter(|h| h["wins"] == true)
        .map(|h| h["moves_left"].as_u64().unwrap())
        .min()
        .unwrap();
    assert_eq!(v["remoteness"], quickest);
    // Nim: play's count is analyze's.
    let (_, v) = post_json("/api/play", json!({"game": "nim", "position": "3,5,7"})).await;
    let first = &v["hints"]["moves"][0];
    assert_eq!(first["move"], "1-1");
    assert_eq!(first["moves_left"], 15);
    assert_eq!(v["remoteness"], 15);
}

// ---- misère play

#[tokio::test]
async fn misere_play_in_games_analyze_and_play() {
    // The games list says which games take misere=true: impartial ones only (those
    // without ties or endless play: see games_offer_misere_play_where_it_is_taken).
    let (_, v) = get_json("/api/games").await;
    for g in v["games"].as_array().unwrap() {
        if g["misere"] == true {
            assert_eq!(g["kind"], "impartial", "{g}");
        }
    }
    // 1,1,1 is lost under misère play (won under normal play).
    let (status, a) = get_json("/api/analyze?game=nim&position=1,1,1&misere=true").await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(
        (
            &a["convention"],
            &a["to_move_wins"],
            &a["misere_grundy"],
            &a["value"]
        ),
        (&json!("misere"), &json!(false), &json!(0), &Value::Null)
    );
    let (status, e) =
        get_json("/api/analyze?game=domineering&position=....|....&misere=true").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let message = e["error"].as_str().unwrap();
    assert!(
        message.contains("impartial games only") && message.contains("domineering"),
        "{message}"
    );
    // A match under misère play: the hints are the misère engine's (checked by
    // play_out), and the player left without a move wins.
    let misere = json!({ "misere": "true" });
    let r = play_out("nim", misere.clone(), "2,3,4", "first").await;
    assert_eq!(r["you_won"], true, "{r}");
    let ending = r["ending"].as_str().unwrap();
    assert!(ending.contains("no move left and wins"), "{ending}");
    // Each position of the match has its misère Grundy value in place of a value,
    // 0 exactly where the player to move loses.
    for v in r["values"].as_array().unwrap() {
        assert!(v["value"].is_null(), "{v}");
        assert_eq!(v["misere_grundy"] == 0, v["to_move_wins"] == false, "{v}");
    }
    // Under normal play 1,1,1 is won by the first player; under misère play it is lost.
    let r = play_out("nim", misere, "1,1,1", "first").await;
    assert_eq!(r["you_won"], false, "{r}");
    let (status, e) = post_json(
        "/api/play",
        json!({ "game": "domineering", "params": { "misere": "true" }, "position": "...." }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
}

/// The genus the library computes for heaps 0..=`to` of a game of the registry.
fn library_genus(game: &str, params: &[(&str, &str)], to: u64) -> Value {
    let mut built = Params::new();
    for (k, v) in params {
        built.set(k, v);
    }
    let rules = build(game, &built).unwrap();
    let spec = grundy::registry::sequence_of(&*rules).unwrap();
    let options = spec.heap_options.as_ref().unwrap();
    let mut solver = grundy::misere::genus::GenusSolver::new(&**options);
    let heaps = solver
        .heaps(to, grundy::misere::genus::DEFAULT_BUDGET)
        .unwrap();
    grundy::report::genus_json(&spec, &heaps)
}

#[tokio::test]
async fn misere_genus_and_quotient_of_a_sequence() {
    // The genus, as `grundy sequence octal 0.77 --misere --to 8 --json` prints it.
    let (status, v) = get_json("/api/sequence?game=octal&code=0.77&misere=true&to=8").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v, library_genus("octal", &[("code", "0.77")], 8));
    assert_eq!(v["notation"][5], "4^146");
    assert_eq!(v["tame"][5], false);
    assert_eq!(v["genus"].as_array().unwrap().len(), 9);
    // Without `to`: heaps 0..=30, as the command line.
    let (status, v) = get_json("/api/sequence?game=subtraction&set=1,2,3&misere=true").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["computed"], 31);
    assert_eq!(v["tame_heaps"], 31);
    // The quotient of 0.75 up to 8: Plambeck's R8, order 8, P-portion {1, 2+2}.
    let (status, v) =
        get_json("/api/sequence?game=octal&code=0.75&misere=true&quotient=true&to=8").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let q = &v["quotient"];
    assert_eq!(q["order"], 8, "{v}");
    assert_eq!(q["heap_bound"], 8);
    assert_eq!(q["table"].as_array().unwrap().len(), 8);
    let p: Vec<&str> = q["p_portion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            q["elements"][x.as_u64().unwrap() as usize]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(p, ["1", "2+2"]);
    assert_eq!(q["pretending"].as_array().unwrap().len(), 9);
    // The certificate answered passes the independent check.
    let cert: grundy::misere::quotient_check::QuotientCertificate =
        serde_json::from_value(q.clone()).unwrap();
    let game = grundy::registry::certified_game(&cert.game).unwrap();
    grundy::misere::quotient_check::check(&cert, &game.rules).unwrap();
}

#[tokio::test]
async fn misere_sequence_errors() {
    let bad = StatusCode::BAD_REQUEST;
    let over = StatusCode::UNPROCESSABLE_ENTITY;
    let cases: &[(&str, StatusCode, &str)] = &[
        (
            "/api/sequence?game=domineering&misere=true",
            bad,
            "impartial games only",
        ),
        (
            "/api/sequence?game=octal&code=0.75&misere=true&quotient=true&to=17",
            over,
            "server's limit of 16",
        ),
        (
            "/api/sequence?game=octal&code=0.75&misere=true&quotient=true&to=0",
            over,
            "at least 1",
        ),
        (
            "/api/sequence?game=octal&code=0.77&misere=true&to=1001",
            over,
            "server's limit of 1000",
        ),
        (
            "/api/sequence?game=grundy-game&misere=true&quotient=true&to=4",
            bad,
            "no certificate checker",
        ),
        (
            "/api/sequence?game=octal&code=0.75&quotient=true",
            bad,
            "misere=true",
        ),
        (
            "/api/sequence?game=octal&code=0.75&misere=true&method=naive",
            bad,
            "normal play only",
        ),
        (
            "/api/sequence?game=octal&code=0.75&misere=maybe",
            bad,
            "expected true or false",
        ),
        (
            "/api/sequence.svg?game=octal&code=0.75&misere=true",
            bad,
            "normal-play sequence",
        ),
    ];
    for &(uri, status, says) in cases {
        let (got, v) = get_json(uri).await;
        assert_eq!(got, status, "{uri}: {v}");
        let message = v["error"].as_str().unwrap();
        assert!(message.contains(says), "{uri}: {message}");
    }
    // A quotient that needs more than the work budget is answered 422 at its end.
    let limits = Limits {
        budget: Duration::from_millis(300),
        ..Limits::default()
    };
    let start = Instant::now();
    let (status, _, body) = get_with(
        AppState::new(limits),
        "/api/sequence?game=octal&code=0.77&misere=true&quotient=true&to=16",
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("work budget"), "{body}");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

/// A body over the limit is refused with a JSON error saying the limit, however it
/// is sent: with its length announced (once refused as plain text, "length limit
/// exceeded", before the body was read) or without.
#[tokio::test]
async fn a_body_too_large_is_a_json_error() {
    let max = Limits::default().max_body_bytes;
    let moves = vec!["1-1"; 100_000];
    let body = json!({ "game": "nim", "position": "1", "moves": moves }).to_string();
    assert!(body.len() > max);
    for announced in [true, false] {
        let mut req = Request::post("/api/play").header("content-type", "application/json");
        if announced {
            req = req.header("content-length", body.len());
        }
        let req = req.body(Body::from(body.clone())).unwrap();
        let (status, content_type, text) = send(app(state()), req).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{text}");
        assert!(
            content_type.starts_with("application/json"),
            "announced {announced}: {content_type}: {text}"
        );
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(
            v["error"],
            format!("the request body is too large: at most {max} bytes are accepted"),
            "announced {announced}"
        );
    }
}

/// A book of tic-tac-toe from the empty board, `plies` deep, written to a file of
/// the temporary directory named after `name`.
fn ttt_book(name: &str, plies: u32) -> std::path::PathBuf {
    let game = build("tictactoe", &Params::new()).unwrap();
    let book = game
        .build_book("...|...|...", Player::Left, plies, &mut |_| {})
        .unwrap();
    let path = std::env::temp_dir().join(format!("grundy-api-{}-{name}.json", std::process::id()));
    book.write(&path).unwrap();
    path
}

#[tokio::test]
async fn play_answers_from_a_book_and_says_so() {
    let path = ttt_book("play", 1);
    let state = state().with_book(&path).unwrap();
    let ask = |moves: Value| {
        let req = Request::post("/api/play")
            .header("content-type", "application/json")
            .body(Body::from(
                json!({"game": "tictactoe", "position": "...|...|...", "moves": moves, "you": "second", "reply": true})
                    .to_string(),
            ))
            .unwrap();
        send(app(state.clone()), req)
    };
    let (status, _, text) = ask(json!([])).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["from_book"], json!(true), "{v}");
    assert_eq!(v["proven"], json!(true), "{v}");
    // Every hint of the book's position has its result and length.
    let hints = v["hints"]["moves"].as_array().unwrap();
    assert_eq!(hints.len(), 8, "{v}");
    assert!(hints.iter().all(|h| h["result"].is_string()), "{v}");
    // Past the book's plies, the engine plays by itself.
    let first = v["engine_moves"][0].as_str().unwrap().to_owned();
    let reply = if first == "b2" { "a1" } else { "b2" };
    let (_, _, text) = ask(json!([first, reply])).await;
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["from_book"], json!(false), "{v}");
    std::fs::remove_file(&path).unwrap();
}

#[tokio::test]
async fn a_damaged_or_unknown_book_is_refused_at_start() {
    let path = ttt_book("damaged", 1);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("\"tie\"", "\"lose\"", 1)).unwrap();
    let err = state().with_book(&path).unwrap_err();
    assert!(err.contains("damaged"), "{err}");
    std::fs::write(
        &path,
        text.replacen("\"game\":\"tictactoe\"", "\"game\":\"chess\"", 1),
    )
    .unwrap();
    let err = state().with_book(&path).unwrap_err();
    assert!(err.contains("refused") && err.contains("chess"), "{err}");
    std::fs::remove_file(&path).unwrap();
}

// ---- the playground's data: results, misère play offered, coordinates, clicks

/// Each position of a match says its result (win, lose, tie or draw) and its
/// remoteness: a perfect tic-tac-toe tie is a tie at every move, never a loss.
#[tokio::test]
async fn play_values_say_ties_and_remoteness() {
    let moves = ["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"];
    let (status, v) = post_json(
        "/api/play",
        json!({"game": "tictactoe", "position": "...|...|...", "moves": moves}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["tie"], true, "{v}");
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), moves.len() + 1);
    for (i, value) in values.iter().enumerate() {
        assert_eq!(value["result"], "tie", "position {i}: {value}");
        assert!(value["remoteness"].is_u64(), "position {i}: {value}");
    }
    assert_eq!(values[0]["remoteness"], 9, "{}", values[0]);
    assert_eq!(values[9]["remoteness"], 0, "{}", values[9]);
    // Nim: a win and a loss, with their remoteness.
    let (_, v) = post_json(
        "/api/play",
        json!({"game": "nim", "position": "1,2", "moves": ["2-1"]}),
    )
    .await;
    let values = v["values"].as_array().unwrap();
    assert_eq!(values[0]["result"], "win", "{v}");
    assert_eq!(values[0]["remoteness"], 3, "{v}");
    assert_eq!(values[1]["result"], "lose", "{v}");
    assert_eq!(values[1]["remoteness"], 2, "{v}");
}

/// Plays `game` from `start` with the person always taking the first move the hints
/// give `result` and the engine replying, until the match ends or `plies` moves are
/// played; returns the last answer, after checking that every position of the match
/// has that result (with its remoteness for a tie, none for a draw).
async fn keep_the_result(
    game: &str,
    params: Value,
    start: &str,
    result: &str,
    plies: usize,
) -> Value {
    let mut moves: Vec<String> = Vec::new();
    loop {
        let body = json!({ "game": game, "params": params, "position": start,
                           "moves": moves, "reply": true });
        let (status, v) = post_json_with(patient_state(), "/api/play", body).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        moves.extend(
            v["engine_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_owned()),
        );
        let values = v["values"].as_array().unwrap();
        assert_eq!(values.len(), moves.len() + 1, "{v}");
        for (i, value) in values.iter().enumerate() {
            assert_eq!(value["result"], result, "{game} position {i}: {value}");
            if result == "draw" {
                assert_eq!(value["remoteness"], Value::Null, "{game} {i}: {value}");
            } else {
                assert!(value["remoteness"].is_u64(), "{game} {i}: {value}");
            }
            assert_eq!(value["to_move_wins"], false, "{game} {i}: {value}");
        }
        if v["over"] == true || moves.len() >= plies {
            return v;
        }
        let hints = v["hints"]["moves"].as_array().unwrap();
        assert!(
            hints
                .iter()
                .all(|h| h["wins"] == false && h["result"] != "win"),
            "{game}: no move wins: {v}"
        );
        let keep = hints
            .iter()
            .find(|h| h["result"] == result)
            .unwrap_or_else(|| panic!("{game}: a move keeps the {result}: {v}"));
        moves.push(keep["move"].as_str().unwrap().to_owned());
    }
}

/// Connect Four on 4x4 is a tie: a match kept level to its full board reads tie at
/// every position, with its remoteness, and ends as a tie.
#[tokio::test]
async fn play_values_say_ties_in_connect_four() {
    let v = keep_the_result("connect-four", json!({}), "....|....|....|....", "tie", 16).await;
    assert_eq!((&v["over"], &v["tie"]), (&json!(true), &json!(true)), "{v}");
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 17, "{v}");
    assert_eq!(values[0]["remoteness"], 16, "{v}");
    assert_eq!(values[16]["remoteness"], 0, "{v}");
}

/// A game with endless play: each position of a match that goes round a cycle is a
/// draw without remoteness, and the hints say which move draws and which loses.
#[tokio::test]
async fn play_values_say_draws() {
    // The token on 0: 0>0 draws (forever round the loop), 0>1 loses (1>2 leaves it
    // stuck).
    let v = keep_the_result("digraph", json!({}), "0>0,0>1,1>2@0", "draw", 6).await;
    assert_eq!(v["over"], false, "{v}");
    let hints: Vec<(&str, &str)> = v["hints"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["move"].as_str().unwrap(), h["result"].as_str().unwrap()))
        .collect();
    assert_eq!(hints, [("0>0", "draw"), ("0>1", "lose")], "{v}");
    assert_eq!(v["remoteness"], Value::Null, "{v}");
    // Backsliding Toads and Frogs: TTT..FFF is a draw with either player to move.
    for to_move in ["Left", "Right"] {
        let v = post_json(
            "/api/play",
            json!({ "game": "toads", "params": { "backsliding": "true" },
                    "position": "TTT..FFF", "to_move": to_move }),
        )
        .await
        .1;
        assert_eq!(v["values"][0]["result"], "draw", "{to_move}: {v}");
        assert_eq!(v["values"][0]["remoteness"], Value::Null, "{to_move}: {v}");
    }
    let v = keep_the_result(
        "toads",
        json!({ "backsliding": "true" }),
        "TTT..FFF",
        "draw",
        8,
    )
    .await;
    assert_eq!(v["over"], false, "{v}");
}

/// `/api/games` offers misère play exactly where the game takes it: an impartial
/// game with ties or endless play refuses it, and is listed without it.
#[tokio::test]
async fn games_offer_misere_play_where_it_is_taken() {
    let (_, v) = get_json("/api/games").await;
    for g in v["games"].as_array().unwrap() {
        let name = g["name"].as_str().unwrap();
        let spec = grundy::registry::find(name).unwrap();
        let params = grundy::registry::example_params(spec).with("misere", "true");
        assert_eq!(
            g["misere"],
            json!(build(name, &params).is_ok()),
            "{name}: misere offered as the game takes it"
        );
    }
    let offered = |name: &str| {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["name"] == name)
            .unwrap()["misere"]
            .clone()
    };
    for name in ["tictactoe", "connect-four", "digraph", "domineering"] {
        assert_eq!(offered(name), json!(false), "{name}");
    }
    for name in ["nim", "octal", "grundy-game"] {
        assert_eq!(offered(name), json!(true), "{name}");
    }
}

/// Every board names its columns and rows as its move notation does, a Connect Four
/// column is clicked anywhere, Amazons says its three steps, heap games say what a
/// click on a token does.
#[tokio::test]
async fn boards_name_their_coordinates_and_clicks() {
    let board = |uri: &'static str| async move {
        let (status, v) = get_json(uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}: {v}");
        v["board"].clone()
    };
    let ttt = board("/api/board?game=tictactoe&position=...|...|...").await;
    assert_eq!(ttt["board"]["columns"], json!(["a", "b", "c"]));
    assert_eq!(ttt["board"]["rows"], json!(["1", "2", "3"]));
    let c4 = board("/api/board?game=connect-four&position=....|....|....|.x..").await;
    assert_eq!(c4["board"]["columns"], json!(["a", "b", "c", "d"]));
    assert!(c4["board"].get("rows").is_none(), "{c4}");
    let b = c4["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "b")
        .unwrap();
    assert_eq!(b["touches"], json!([[2, 1], [0, 1], [1, 1], [3, 1]]));
    let pawns = board("/api/board?game=pawns&position=..P.P").await;
    assert_eq!(pawns["board"]["columns"], json!(["1", "2", "3", "4", "5"]));
    let table = board("/api/board?game=table&position=10/01@1,1").await;
    assert_eq!(table["board"]["columns"], json!(["0", "1", "2"]));
    assert_eq!(table["board"]["rows"], json!(["0", "1", "2"]));
    let toppling = board("/api/board?game=toppling-dominoes&position=xo,gx").await;
    assert_eq!(toppling["board"]["columns"], json!(["1", "2"]));
    let amazons = board("/api/board?game=amazons&position=x..|..o").await;
    assert_eq!(amazons["board"]["steps"].as_array().unwrap().len(), 3);
    for game in [
        "nim",
        "subtraction",
        "octal",
        "grundy-game",
        "wythoff",
        "staircase",
    ] {
        let (_, v) = get_json(&format!(
            "/api/board?game={game}&position=3,4{}",
            match game {
                "subtraction" => "&set=1,2",
                "octal" => "&code=0.77",
                _ => "",
            }
        ))
        .await;
        let clicks = v["board"]["board"]["clicks"].as_str().unwrap_or("");
        assert!(clicks.starts_with("Click a token"), "{game}: {v}");
    }
}

/// `GET /api/value`: a sum with its invariants and thermograph, a comparison, a
/// cooling, incentives, and errors as JSON (a misread expression at its column).
#[tokio::test]
async fn value_calculator_answers_and_errors() {
    use grundy::cgt::{parse_value, ValueBudget};
    let want = |expr: &str| {
        parse_value(expr, &ValueBudget::unlimited())
            .unwrap()
            .to_string()
    };
    let (status, v) = get_json("/api/value?expr=%7B1%7C0%7D%20%2B%20%5E%20%2B%20*2").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["kind"], "value");
    assert_eq!(v["canonical_form"], want("{1|0} + ^ + *2"));
    let (_, v) = get_json("/api/value?expr=%7B2%7C0%7D").await;
    assert_eq!(v["mean"], "1", "{v}");
    assert_eq!(v["temperature"], "1", "{v}");
    assert!(v["thermograph"].is_object(), "{v}");
    let (_, v) = get_json("/api/value?expr=%5E%20%3C%3D%20*").await;
    assert_eq!(v["kind"], "comparison");
    assert_eq!(v["holds"], false, "{v}");
    let (_, v) = get_json("/api/value?expr=%5E%20%7C%7C%20*").await;
    assert_eq!(v["holds"], true, "{v}");
    let (_, v) = get_json("/api/value?expr=cool(%7B2%7C-2%7D%2C%201)").await;
    assert_eq!(v["canonical_form"], "+-1", "{v}");
    let (_, v) = get_json("/api/value?expr=incentives(%7B2%7C-1%7D)").await;
    assert_eq!(v["kind"], "incentives", "{v}");
    assert_eq!(v["left_incentives"].as_array().unwrap().len(), 1, "{v}");
    // Errors: JSON, with the column of a misread expression.
    let (status, v) = get_json("/api/value?expr=%7B1%7C").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["column"], 4, "{v}");
    let (status, v) = get_json("/api/value").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (status, v) = get_json("/api/value?expr=1&x=2").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (status, v) = get_json("/api/value?expr=cool(1%2C%20-1)").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["column"].is_u64(), "{v}");
    // The thermograph as SVG.
    let (status, content_type, body) = get_with(state(), "/api/value.svg?expr=%7B2%7C0%7D").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(content_type, "image/svg+xml");
    assert!(body.starts_with("<svg"), "{body}");
    let (status, content_type, _) = get_with(state(), "/api/value.svg?expr=1%20%3C%3D%202").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(content_type.starts_with("application/json"));
}

/// Work past the request's budget stops at its deadline with a 422 saying so.
#[tokio::test]
async fn value_over_its_time_is_422() {
    let limits = Limits {
        budget: Duration::from_millis(300),
        ..Limits::default()
    };
    // A sum of many switches: far more work than 0.3 s.
    let expr: Vec<String> = (1..=40).map(|k| format!("{{{k}|-{k}}}")).collect();
    let expr = expr.join("+");
    let uri = format!(
        "/api/value?expr={}",
        expr.replace('{', "%7B")
            .replace('}', "%7D")
            .replace('|', "%7C")
            .replace('+', "%2B")
    );
    let started = Instant::now();
    let (status, _, body) = get_with(AppState::new(limits), &uri).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(
        ["over_time", "over_budget"].contains(&v["kind"].as_str().unwrap_or("")),
        "{v}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

/// In a match, the squares filled by its moves are marked with the move and the
/// player, which the position's notation (`#` for all) cannot tell: Domineering's
/// dominoes by Left and Right, Cram's by the first and second player.
#[tokio::test]
async fn play_marks_the_squares_each_move_filled() {
    let (status, v) = post_json(
        "/api/play",
        json!({"game": "domineering", "position": "..#|...|...", "to_move": "Left",
               "moves": ["a1-a2", "b3-c3"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let lines = &v["board"]["board"]["lines"];
    let spot = |r: usize, c: usize| lines[r]["spots"][c].clone();
    assert_eq!(spot(0, 0)["tint"], "left", "{v}");
    assert_eq!(spot(0, 0)["glyph"], "1");
    assert_eq!(spot(1, 0)["glyph"], "1");
    assert_eq!(spot(2, 1)["tint"], "right");
    assert_eq!(spot(2, 2)["glyph"], "2");
    assert!(
        spot(2, 2)["label"]
            .as_str()
            .unwrap()
            .contains("move 2 (b3-c3)"),
        "{v}"
    );
    // The wall of the start stays a wall.
    assert_eq!(spot(0, 2)["tint"], "blocked");
    assert_eq!(spot(0, 2)["glyph"], "#");
    // Cram (impartial, either domino for either player): the dominoes are marked
    // by the seat that placed them, the first player's and the second's, the
    // starting wall left a wall.
    let (status, v) = post_json(
        "/api/play",
        json!({"game": "cram", "position": "...|...|..#", "moves": ["a1-a2", "a3-b3"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let lines = &v["board"]["board"]["lines"];
    let spot = |r: usize, c: usize| lines[r]["spots"][c].clone();
    for (r, c, tint, glyph) in [
        (0, 0, "left", "1"),
        (1, 0, "left", "1"),
        (2, 0, "right", "2"),
        (2, 1, "right", "2"),
    ] {
        assert_eq!(
            (spot(r, c)["tint"].as_str(), spot(r, c)["glyph"].as_str()),
            (Some(tint), Some(glyph)),
            "row {r} column {c}: {v}"
        );
    }
    let label = spot(2, 0)["label"].as_str().unwrap().to_owned();
    assert!(
        label.contains("move 2 (a3-b3)") && label.contains("the second player"),
        "{label}"
    );
    assert_eq!(spot(2, 2)["tint"], "blocked", "{v}");
    assert_eq!(spot(2, 2)["glyph"], "#", "{v}");
    assert_eq!(spot(1, 1)["tint"], "empty", "{v}");
}

/// Every JSON document the server sends ends with a newline, as the CLI's `--json`
/// prints it: each endpoint's answer and each kind of error (400, 404, 405, 413,
/// 414, 422, and an error inside a list of outcomes).
#[tokio::test]
async fn every_json_answer_ends_with_a_newline() {
    let get = |uri: &str| Request::get(uri).body(Body::empty()).unwrap();
    let post = |uri: &str, body: String| {
        Request::post(uri)
            .header("content-type", "application/json")
            .body(Body::from(body))
            .unwrap()
    };
    let too_many_moves = json!({ "game": "nim", "position": "1", "moves": vec!["1-1"; 100_000] });
    let long_uri = format!("/api/analyze?game=nim&position={}", "1,".repeat(10_000));
    let cases: Vec<(&str, StatusCode, Request<Body>)> = vec![
        ("games", StatusCode::OK, get("/api/games")),
        (
            "analyze",
            StatusCode::OK,
            get("/api/analyze?game=nim&position=3,5,7&moves=true"),
        ),
        (
            "board",
            StatusCode::OK,
            get("/api/board?game=domineering&position=..%23|..."),
        ),
        (
            "sequence",
            StatusCode::OK,
            get("/api/sequence?game=subtraction&set=1,2&to=10"),
        ),
        (
            "outcomes",
            StatusCode::OK,
            post(
                "/api/outcomes",
                json!({ "game": "nim", "positions": ["1,2", "1,y"] }).to_string(),
            ),
        ),
        (
            "play",
            StatusCode::OK,
            post(
                "/api/play",
                json!({ "game": "nim", "position": "3,5", "moves": ["1-1"], "reply": true })
                    .to_string(),
            ),
        ),
        ("value", StatusCode::OK, get("/api/value?expr=%7B2%7C0%7D")),
        (
            "a misread position",
            StatusCode::BAD_REQUEST,
            get("/api/board?game=nim&position=2,x"),
        ),
        (
            "a misread body",
            StatusCode::BAD_REQUEST,
            post("/api/play", "{".to_owned()),
        ),
        (
            "a misread expression",
            StatusCode::BAD_REQUEST,
            get("/api/value?expr=%7B1%7C"),
        ),
        ("an unknown path", StatusCode::NOT_FOUND, get("/api/nothing")),
        (
            "another method",
            StatusCode::METHOD_NOT_ALLOWED,
            post("/api/games", String::new()),
        ),
        (
            "a body too large",
            StatusCode::PAYLOAD_TOO_LARGE,
            post("/api/play", too_many_moves.to_string()),
        ),
        ("a target too long", StatusCode::URI_TOO_LONG, get(&long_uri)),
        (
            "too many positions",
            StatusCode::UNPROCESSABLE_ENTITY,
            post(
                "/api/outcomes",
                json!({ "game": "nim", "positions": (0..2000).map(|n| n.to_string()).collect::<Vec<_>>() })
                    .to_string(),
            ),
        ),
    ];
    for (what, want, req) in cases {
        let (status, content_type, body) = send(app(state()), req).await;
        assert_eq!(status, want, "{what}: {body}");
        assert!(
            content_type.starts_with("application/json"),
            "{what}: {content_type}: {body}"
        );
        assert!(
            body.ends_with('\n') && !body.ends_with("\n\n"),
            "{what}: the JSON ends with one newline: {body:?}"
        );
        serde_json::from_str::<Value>(&body).unwrap_or_else(|e| panic!("{what}: {e}: {body}"));
    }
}

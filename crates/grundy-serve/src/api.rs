//! The handlers of the JSON API; see the [crate docs](crate) for the routes.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{StatusCode, Uri};
use axum::response::Response;
use serde::Deserialize;
use serde_json::{json, Value};

use grundy::book::{key_player, Book};
use grundy::engine::Budget;
use grundy::misere::sequence::{self as misere_sequence, MisereSequence, MisereSequenceError};
use grundy::play::{Seat, HINT_LIMIT};
use grundy::registry::{self, AnalyzeError, DynRuleset, Params};
use grundy::report;
use grundy::ruleset::Kind;
use grundy::sequence::{svg, Method, Options, Sequence, SequenceSpec};
use grundy::Player;

use crate::error::{json_response, json_text, text_response, ApiError};
use crate::games::{move_help, Games};
use crate::query::{body_params, check_length, json_body, to_move, Fields};
use crate::work::Deadline;
use crate::AppState;

type Answer = Result<Response, ApiError>;

/// The most work a match's hints may take.
const HINTS: Duration = Duration::from_secs(2);

/// The most work a match's extras (the values shown beside the board) may take: a
/// reply of the engine comes within a second where its search is bounded (Connect
/// Four on 7×6 plays the best move it finds in its budget of positions).
const EXTRAS: Duration = Duration::from_millis(250);

/// What a match keeps of its budget beyond the engine's search, the hints and extras.
const MARGIN: Duration = Duration::from_secs(1);

/// The query string's fields, or a 400 when it cannot be read.
fn pairs(uri: &Uri) -> Result<Vec<(String, String)>, ApiError> {
    Query::<Vec<(String, String)>>::try_from_uri(uri)
        .map(|q| q.0)
        .map_err(|e| ApiError::bad(format!("bad query string: {}", e.body_text())))
}

fn internal_json(e: serde_json::Error) -> ApiError {
    ApiError::with(
        StatusCode::INTERNAL_SERVER_ERROR,
        format!("cannot write JSON: {e}"),
    )
}

/// Why `position` of `game` could not be analysed, as the API answers it.
fn analyze_error(game: &str, position: &str, e: AnalyzeError) -> ApiError {
    match e {
        AnalyzeError::Notation(n) => {
            let column = n.column;
            ApiError::bad(format!("bad {game} position {position:?}: {n}")).at(Some(column))
        }
        AnalyzeError::Unsolved(why) => ApiError::unsolved(&why),
        other => ApiError::unprocessable(other.to_string()),
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Impartial => "impartial",
        Kind::Partizan => "partizan",
    }
}

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "first",
        Seat::Second => "second",
    }
}

/// `GET /api/games`: every game of the registry (and those added to it), its
/// parameters and notation.
pub(crate) async fn games(State(state): State<AppState>) -> Answer {
    let games = state.games().clone();
    let text = state
        .budget()
        .run("games".to_owned(), move |_| {
            let with_sequences = registry::with_sequences();
            let mut list = Vec::new();
            for spec in registry::RULESETS {
                let game = games.build(spec.name, &registry::example_params(spec))?;
                let params: Vec<Value> = spec
                    .params
                    .iter()
                    .map(|p| {
                        json!({
                            "name": p.name,
                            "value_name": p.value_name,
                            "help": p.help,
                            "default": p.default,
                            "required": p.required,
                            "example": p.example,
                            "flag": p.flag,
                        })
                    })
                    .collect();
                // Whether the game takes misere=true: an impartial game without ties
                // or endless play (the registry refuses the others when building).
                let misere = games
                    .build(
                        spec.name,
                        &registry::example_params(spec).with(registry::MISERE.name, "true"),
                    )
                    .is_ok();
                list.push(describe(
                    &*game,
                    spec.about,
                    spec.example,
                    &move_help(&*game, spec.example),
                    params,
                    with_sequences.contains(&spec.name),
                    misere,
                ));
            }
            // Described from what was worked out when they were added: an added game
            // may be busy with another request's work for as long as its budget.
            for (served, help) in games.added_with_move_help() {
                list.push(describe(
                    &*served.game,
                    &served.about,
                    &served.example,
                    help,
                    Vec::new(),
                    false,
                    false,
                ));
            }
            report::pretty(&json!({ "games": list })).map_err(internal_json)
        })
        .await?;
    Ok(json_text(StatusCode::OK, text))
}

/// A game as `/api/games` lists it; `misere`: whether it takes the parameter
/// `misere=true` (misère play).
fn describe(
    game: &dyn DynRuleset,
    about: &str,
    example: &str,
    move_help: &str,
    params: Vec<Value>,
    sequence: bool,
    misere: bool,
) -> Value {
    let players = match game.kind() {
        Kind::Partizan => json!([
            game.player_name(Player::Left, Player::Left),
            game.player_name(Player::Right, Player::Left)
        ]),
        Kind::Impartial => Value::Null,
    };
    json!({
        "name": game.name(),
        "about": about,
        "example": example,
        "kind": kind_name(game.kind()),
        "players": players,
        "params": params,
        "move_help": move_help,
        "sequence": sequence,
        "misere": misere,
    })
}

/// `GET /api/analyze`: what `grundy analyze GAME POSITION ... --json` prints.
pub(crate) async fn analyze(State(state): State<AppState>, uri: Uri) -> Answer {
    let fields = Fields::new(
        pairs(&uri)?,
        &["game", "position", "to_move", "moves", "limit", "budget"],
    )?;
    let limits = state.limits();
    let name = fields.required("game")?.to_owned();
    let position = fields.required("position")?.to_owned();
    check_length(limits, &position)?;
    let params = fields.params();
    let given_to_move = fields.get("to_move").map(str::to_owned);
    let with_moves = fields.flag("moves")?;
    let limit = fields.count("limit", 1000, limits.max_listed)?;
    // As `--budget`: the moves the remoteness search may list, at most the default.
    let most = Budget::DEFAULT.left() as usize;
    let budget = fields.count("budget", most, most)? as u64;
    let what = format!("analyze {name} {position:?}");
    let games = state.games().clone();
    let text = state
        .budget()
        .run(what, move |_| {
            let game = games.build(&name, &params)?;
            let player = to_move(game.as_ref(), given_to_move.as_deref())?;
            let bad = |e| analyze_error(&name, &position, e);
            let analysis = match game.analyze(&position, player, limit) {
                Ok(analysis) => analysis,
                // Past the work budget's time, the best move a search found, unproven.
                Err(AnalyzeError::Unsolved(why)) if why.best_found.is_some() => {
                    let json = report::unproven_json(game.name(), &position, &why);
                    return report::pretty(&json.unwrap_or_default()).map_err(internal_json);
                }
                Err(e) => return Err(bad(e)),
            };
            let moves = if with_moves {
                Some(
                    game.move_values(&position, player, limit, Budget::moves(budget))
                        .map_err(bad)?,
                )
            } else {
                None
            };
            let mut json =
                report::analysis_json(&analysis, moves.as_deref()).map_err(internal_json)?;
            if let Some(moves) = &moves {
                report::add_remoteness(&mut json, moves, limit);
            }
            report::pretty(&json).map_err(internal_json)
        })
        .await?;
    Ok(json_text(StatusCode::OK, text))
}

/// `GET /api/board`: the board of a position as data, with the legal moves of the
/// player to move (each with the spots it touches) and the edits of its spots.
pub(crate) async fn board(State(state): State<AppState>, uri: Uri) -> Answer {
    let fields = Fields::new(pairs(&uri)?, &["game", "position", "to_move"])?;
    let name = fields.required("game")?.to_owned();
    let position = fields.required("position")?.to_owned();
    check_length(state.limits(), &position)?;
    let params = fields.params();
    let given_to_move = fields.get("to_move").map(str::to_owned);
    let games = state.games().clone();
    let answer = state
        .budget()
        .run(format!("board {name} {position:?}"), move |_| {
            let game = games.build(&name, &params)?;
            let player = to_move(game.as_ref(), given_to_move.as_deref())?;
            let view = game
                .board_view(&position, player)
                .map_err(|n| analyze_error(&name, &position, AnalyzeError::Notation(n)))?;
            Ok(json!({
                "game": name,
                "position": position,
                "board": view,
            }))
        })
        .await?;
    Ok(json_response(StatusCode::OK, &answer))
}

/// A sequence request read from the query string.
struct SequenceRequest {
    name: String,
    params: Params,
    method: Method,
    options: Options,
    summary: bool,
}

/// What `GET /api/sequence` is asked: the Grundy sequence, or under misère play
/// (`misere=true`) the genus of heaps or (`quotient=true`) a misère quotient.
enum SequenceAsk {
    Normal(SequenceRequest),
    Misere(MisereRequest),
}

/// A misère request: the game without its parameter `misere`, and the heaps.
struct MisereRequest {
    name: String,
    params: Params,
    /// The genus of heaps 0..=`to`, or the quotient of heaps up to `to`.
    to: usize,
    quotient: bool,
}

/// The heaps whose genus is computed without `to`, as `grundy sequence --misere`.
const GENUS_HEAPS: usize = 30;

/// The heap bound of a quotient without `to`, as `grundy sequence --misere --quotient`.
const QUOTIENT_HEAPS: usize = 12;

fn sequence_fields(uri: &Uri) -> Result<Fields, ApiError> {
    Fields::new(
        pairs(uri)?,
        &["game", "to", "limit", "summary", "method", "quotient"],
    )
}

fn sequence_ask(state: &AppState, uri: &Uri) -> Result<SequenceAsk, ApiError> {
    let fields = sequence_fields(uri)?;
    let params = fields.params();
    let misere = registry::misere_flag(&params).map_err(|e| ApiError::bad(e.to_string()))?;
    if misere {
        return misere_request(state, &fields).map(SequenceAsk::Misere);
    }
    if fields.flag("quotient")? {
        return Err(ApiError::bad(
            "quotient applies to misère play: give misere=true too",
        ));
    }
    sequence_request(state, uri).map(SequenceAsk::Normal)
}

/// A misère sequence request, checked before any work is queued: the game must take
/// `misere=true` (an impartial game), have a sequence, and list a heap's options
/// (the genus) or have a certificate checker (the quotient).
fn misere_request(state: &AppState, fields: &Fields) -> Result<MisereRequest, ApiError> {
    let quotient = fields.flag("quotient")?;
    let computes = if quotient {
        "misere=true&quotient=true computes a misère quotient"
    } else {
        "misere=true computes the genus"
    };
    for field in ["limit", "summary", "method"] {
        if fields.get(field).is_some() {
            return Err(ApiError::bad(format!(
                "field {field:?} applies to normal play only; {computes}"
            )));
        }
    }
    let name = fields.required("game")?.to_owned();
    let given = fields.params();
    // A partizan game refuses misere=true here, with the registry's reason.
    state.games().build(&name, &given)?;
    let params = given.without(registry::MISERE.name);
    let to = if quotient {
        let max = state.limits().max_quotient_heap;
        let to = fields.count("to", QUOTIENT_HEAPS.min(max), max)?;
        if to == 0 {
            return Err(ApiError::unprocessable(
                "field \"to\": a quotient's heap bound is at least 1",
            ));
        }
        to
    } else {
        let max = grundy::misere::genus::MAX_HEAP as usize;
        fields.count("to", GENUS_HEAPS, max)?
    };
    let request = MisereRequest {
        name,
        params,
        to,
        quotient,
    };
    misere_spec_checked(state.games(), &request, |_| Ok(()))?;
    Ok(request)
}

/// Builds the game of a misère request and runs `f` on its sequence, refusing (400)
/// a game with no sequence, or without what the genus or the quotient needs.
fn misere_spec_checked<T>(
    games: &Games,
    request: &MisereRequest,
    f: impl FnOnce(&SequenceSpec<'_>) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let game = games.build(&request.name, &request.params)?;
    let spec = registry::sequence_of(&*game).map_err(|e| ApiError::bad(e.to_string()))?;
    let what = if request.quotient {
        MisereSequence::Quotient
    } else {
        MisereSequence::Genus
    };
    misere_sequence::can_compute(&spec, what).map_err(|e| ApiError::bad(e.to_string()))?;
    f(&spec)
}

/// The genus or the quotient of a misère request, within the budget, as
/// `grundy sequence ... --misere [--quotient] --json` prints it.
async fn compute_misere(state: &AppState, request: MisereRequest) -> Result<Value, ApiError> {
    use grundy::misere::{genus, quotient};
    let games = state.games().clone();
    let what = format!(
        "{} of {} up to heap {}",
        if request.quotient {
            "misère quotient"
        } else {
            "genus"
        },
        request.name,
        request.to
    );
    state
        .budget()
        .run(what, move |_| {
            misere_spec_checked(&games, &request, |spec| {
                let refused = |e: MisereSequenceError| ApiError::unprocessable(e.to_string());
                if request.quotient {
                    let q = misere_sequence::quotient(spec, request.to, quotient::DEFAULT_BUDGET)
                        .map_err(refused)?;
                    report::quotient_json(spec, &q).map_err(internal_json)
                } else {
                    let heaps =
                        misere_sequence::genus(spec, request.to as u64, genus::DEFAULT_BUDGET)
                            .map_err(refused)?;
                    Ok(report::genus_json(spec, &heaps))
                }
            })
        })
        .await
}

fn sequence_request(state: &AppState, uri: &Uri) -> Result<SequenceRequest, ApiError> {
    let fields = sequence_fields(uri)?;
    if fields.flag("quotient")? {
        return Err(ApiError::bad(
            "quotient applies to misère play (GET /api/sequence with misere=true)",
        ));
    }
    let name = fields.required("game")?.to_owned();
    let params = fields.params();
    if registry::misere_flag(&params).map_err(|e| ApiError::bad(e.to_string()))? {
        return Err(ApiError::bad(
            "the drawing is of the normal-play sequence; misere=true applies to GET /api/sequence",
        ));
    }
    let method = match fields.get("method") {
        None | Some("auto") => Method::Auto,
        Some("sparse") => Method::Sparse,
        Some("naive") => Method::Naive,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "method {other:?}: expected naive, sparse or auto"
            )))
        }
    };
    // Refuse a game without a sequence, bad parameters or a method the game does
    // not offer before any work is queued.
    sequence_spec_checked(state.games(), &name, &params, method, |_| Ok(()))?;
    let max = state.limits().max_sequence;
    let options = match (fields.get("to"), fields.get("limit")) {
        (Some(_), Some(_)) => return Err(ApiError::bad("give to or limit, not both")),
        (Some(_), None) => Options::to(fields.count("to", 0, max)?),
        (None, _) => Options::until_proven(fields.count("limit", 2_000_000.min(max), max)?),
    };
    Ok(SequenceRequest {
        name,
        params,
        method,
        options,
        summary: fields.flag("summary")?,
    })
}

/// Builds the game `name` and runs `f` on its sequence, refusing (400) a game with
/// no sequence or a method it does not offer.
fn sequence_spec_checked<T>(
    games: &Games,
    name: &str,
    params: &Params,
    method: Method,
    f: impl FnOnce(&SequenceSpec<'_>) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let game = games.build(name, params)?;
    let spec = registry::sequence_of(&*game).map_err(|e| ApiError::bad(e.to_string()))?;
    spec.check_method(method)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    f(&spec)
}

/// What a sequence request computes: the title of its drawing, its `--json` object.
struct Computed {
    title: String,
    json: Value,
    sequence: Sequence,
}

/// Computes a sequence within the budget, checking the deadline as it goes.
async fn compute(state: &AppState, request: &SequenceRequest) -> Result<Computed, ApiError> {
    let name = request.name.clone();
    let params = request.params.clone();
    let method = request.method;
    let options = request.options;
    let summary = request.summary;
    let games = state.games().clone();
    state
        .budget()
        .run(format!("sequence {name}"), move |deadline: Deadline| {
            sequence_spec_checked(&games, &name, &params, method, |spec| {
                let sequence = spec
                    .compute(method, &options, &mut |_| deadline.check())
                    .map_err(|e| ApiError::unprocessable(e.to_string()))?;
                Ok(Computed {
                    title: spec.title.clone(),
                    json: report::sequence_json(spec, &sequence, summary),
                    sequence,
                })
            })
        })
        .await
}

/// `GET /api/sequence`: what `grundy sequence ... --json` prints; with
/// `misere=true`, what `--misere` prints (the genus), with `quotient=true` too what
/// `--misere --quotient` prints.
pub(crate) async fn sequence(State(state): State<AppState>, uri: Uri) -> Answer {
    let json = match sequence_ask(&state, &uri)? {
        SequenceAsk::Normal(request) => compute(&state, &request).await?.json,
        SequenceAsk::Misere(request) => compute_misere(&state, request).await?,
    };
    Ok(json_text(
        StatusCode::OK,
        report::compact(&json).map_err(internal_json)?,
    ))
}

/// `GET /api/sequence.svg`: the drawing `grundy sequence ... --svg FILE` writes.
pub(crate) async fn sequence_svg(State(state): State<AppState>, uri: Uri) -> Answer {
    let request = sequence_request(&state, &uri)?;
    let computed = compute(&state, &request).await?;
    let seq = &computed.sequence;
    let drawing = svg::render(&computed.title, &seq.values, seq.period);
    Ok(text_response(StatusCode::OK, "image/svg+xml", drawing))
}

/// The body of `POST /api/outcomes`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomesRequest {
    game: String,
    #[serde(default)]
    params: BTreeMap<String, Value>,
    positions: Vec<String>,
    to_move: Option<String>,
}

/// `POST /api/outcomes`: who wins each of many positions, and its value.
pub(crate) async fn outcomes(State(state): State<AppState>, body: Bytes) -> Answer {
    let request: OutcomesRequest = json_body(&body)?;
    let limits = state.limits();
    if request.positions.len() > limits.max_positions {
        return Err(ApiError::unprocessable(format!(
            "{} positions; the server takes at most {} at once",
            request.positions.len(),
            limits.max_positions
        )));
    }
    for p in &request.positions {
        check_length(limits, p)?;
    }
    let params = body_params(&request.params)?;
    let what = format!(
        "outcomes of {} {} positions",
        request.positions.len(),
        request.game
    );
    let games = state.games().clone();
    let answer = state
        .budget()
        .run(what, move |deadline| {
            let game = games.build(&request.game, &params)?;
            let player = to_move(game.as_ref(), request.to_move.as_deref())?;
            let mut out = Vec::with_capacity(request.positions.len());
            for position in &request.positions {
                deadline.check();
                out.push(match game.analyze(position, player, 0) {
                    Ok(a) => json!({
                        "position": position,
                        "to_move_wins": a.to_move_wins,
                        "outcome": a.outcome,
                        "value": a.value,
                    }),
                    Err(e) => {
                        let e = analyze_error(&request.game, position, e);
                        json!({
                            "position": position,
                            "error": e.message,
                            "column": e.column,
                            "kind": e.kind,
                        })
                    }
                });
            }
            Ok(json!({ "game": request.game, "outcomes": out }))
        })
        .await?;
    Ok(json_response(StatusCode::OK, &answer))
}

/// The body of `POST /api/play`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    game: String,
    #[serde(default)]
    params: BTreeMap<String, Value>,
    /// The starting position.
    position: String,
    /// Partizan games: the player who moves first (as `to_move` of analyze).
    to_move: Option<String>,
    /// The person's seat: `first` (the default) or `second`.
    you: Option<String>,
    /// The moves played so far from the start, both seats', in order.
    #[serde(default)]
    moves: Vec<String>,
    /// Whether the engine answers when it is its turn after the moves.
    #[serde(default)]
    reply: bool,
}

/// `POST /api/play`: a match replayed from its moves, and the engine's reply.
pub(crate) async fn play(State(state): State<AppState>, body: Bytes) -> Answer {
    let request: PlayRequest = json_body(&body)?;
    let limits = state.limits();
    check_length(limits, &request.position)?;
    if request.moves.len() > limits.max_moves {
        return Err(ApiError::unprocessable(format!(
            "{} moves; the server replays at most {}",
            request.moves.len(),
            limits.max_moves
        )));
    }
    let you = match request.you.as_deref() {
        None | Some("first") => Seat::First,
        Some("second") => Seat::Second,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "you {other:?}: expected first or second"
            )))
        }
    };
    let params = body_params(&request.params)?;
    let what = format!("play {} {:?}", request.game, request.position);
    let games = state.games().clone();
    let books = state.books().to_vec();
    let answer = state
        .budget()
        .run(what, move |deadline| {
            let game = games.build(&request.game, &params)?;
            let first = to_move(game.as_ref(), request.to_move.as_deref())?;
            replay(game.as_ref(), &books, &request, first, you, deadline)
        })
        .await?;
    Ok(json_response(StatusCode::OK, &answer))
}

/// The end of a share of the time left before `deadline`: at most `most`, and at most
/// half of what is left, so that what follows it still has time.
fn share(deadline: Deadline, most: Duration) -> Instant {
    let now = Instant::now();
    now + most.min(deadline.at().saturating_duration_since(now) / 2)
}

/// The player in `seat` when `first` moves first.
fn player_of(seat: Seat, first: Player) -> Player {
    match seat {
        Seat::First => first,
        Seat::Second => first.opponent(),
    }
}

fn replay(
    game: &dyn DynRuleset,
    books: &[Arc<Book>],
    request: &PlayRequest,
    first: Player,
    you: Seat,
    deadline: Deadline,
) -> Result<Value, ApiError> {
    let start = &request.position;
    let mut m = game
        .start_match(start, first, Budget::DEFAULT)
        .map_err(|n| {
            let column = n.column;
            ApiError::bad(format!("bad {} position {start:?}: {n}", game.name())).at(Some(column))
        })?;
    let by = |seat: Seat| if seat == you { "you" } else { "engine" };
    let mut history = Vec::new();
    let mut positions = vec![(m.position(), Seat::First)];
    let record =
        |m: &dyn grundy::play::Match, played: String, seat: Seat, history: &mut Vec<Value>| {
            history.push(json!({
                "move": played,
                "seat": seat_name(seat),
                "by": by(seat),
                "after": m.position(),
            }));
        };
    for (i, text) in request.moves.iter().enumerate() {
        deadline.check();
        let seat = m.to_move();
        let played = m
            .play(text)
            .map_err(|e| ApiError::bad(format!("move {} ({text:?}): {e}", i + 1)))?;
        record(m.as_ref(), played, seat, &mut history);
        positions.push((m.position(), m.to_move()));
    }
    // A book of the game that holds the position now: the engine's move and the
    // hints come from it.
    let key = key_player(game.kind(), player_of(m.to_move(), first));
    if let Some(book) = books
        .iter()
        .find(|b| b.title() == game.title() && b.get(&m.position(), key).is_some())
    {
        m.set_book(book.clone())
            .map_err(|e| ApiError::bad(e.to_string()))?;
    }
    let mut engine_moves = Vec::new();
    if request.reply && !m.over() && m.to_move() != you {
        let seat = m.to_move();
        // The engine's search leaves time for the hints and extras below (or half of
        // what is left, if less): past it, the engine plays as it does when its searches
        // fail, from the closed form or by the longest stall.
        let left = deadline.at().saturating_duration_since(Instant::now());
        let engine_end =
            Instant::now() + left.saturating_sub(HINTS + EXTRAS + MARGIN).max(left / 2);
        if let Some(played) = grundy::deadline::within(engine_end, || m.engine_move()) {
            engine_moves.push(played.clone());
            record(m.as_ref(), played, seat, &mut history);
            positions.push((m.position(), m.to_move()));
        }
    }
    // Whether the engine's move (if it moved) is proven best, or only the best its
    // search found in time.
    let proven = (!engine_moves.is_empty()).then(|| m.engine_proven());
    let from_book = (!engine_moves.is_empty()).then(|| m.engine_from_book());
    let winner = m.winner();
    let over = m.over();
    let mover = player_of(m.to_move(), first);
    // The hints (which moves win) get at most HINTS of work, as `grundy play --hints`
    // would spend on them: a position too big for that is answered without hints.
    let hints = if !over {
        grundy::deadline::within(share(deadline, HINTS), || m.hints())
    } else {
        Default::default()
    };
    let now = m.position();
    // The extras (the value of every position of the game, the value after each legal
    // move) get at most EXTRAS of work together, as `grundy play` shows neither: a value
    // not found by then is null.
    let (values, listed) = grundy::deadline::within(share(deadline, EXTRAS), || {
        let mut values = Vec::with_capacity(positions.len());
        for (position, seat) in &positions {
            deadline.check();
            let analysis = if grundy::deadline::reached(grundy::deadline::current()) {
                None
            } else {
                game.analyze(position, player_of(*seat, first), 0).ok()
            };
            values.push(match analysis {
                Some(a) => {
                    let mut v = json!({
                        "position": position,
                        "to_move": seat_name(*seat),
                        "value": a.value,
                        "to_move_wins": a.to_move_wins,
                        "result": a.result,
                        "remoteness": a.remoteness,
                    });
                    // Under misère play a position has no value: its misère Grundy
                    // value says who wins.
                    if let Some(g) = a.misere_grundy {
                        v["misere_grundy"] = json!(g);
                    }
                    v
                }
                None => {
                    json!({
                        "position": position,
                        "to_move": seat_name(*seat),
                        "value": null,
                        "to_move_wins": null,
                        "result": null,
                        "remoteness": null,
                    })
                }
            });
        }
        // Values after each move, where every legal move is listed.
        let listed = if !over && hints.more_winning == 0 && hints.more_losing == 0 {
            game.move_values(&now, mover, HINT_LIMIT, Budget::DEFAULT)
                .ok()
        } else {
            None
        };
        (values, listed)
    });
    let hint_json = |h: &grundy::play::Hint| {
        let value = listed
            .as_ref()
            .and_then(|l| l.iter().find(|v| v.mv == h.mv));
        json!({
            "move": h.mv,
            "wins": h.wins,
            "result": h.result,
            "moves_left": h.moves_left.or_else(|| value.and_then(|v| v.moves_left)),
            "value_after": value.and_then(|v| v.value_after.as_ref().map(|x| x.to_string())),
            "misere_grundy_after": value.and_then(|v| v.misere_grundy_after),
            "after": value.map(|v| v.after.clone()),
        })
    };
    // In the ruleset's move order where every move is listed, else best first.
    let mut ordered: Vec<&grundy::play::Hint> = hints.moves.iter().collect();
    if let Some(l) = &listed {
        ordered.sort_by_key(|h| l.iter().position(|v| v.mv == h.mv).unwrap_or(usize::MAX));
    }
    let hint_list: Vec<Value> = ordered.into_iter().map(hint_json).collect();
    // The position's own remoteness, from the hints' counts (those the engine's
    // search left out filled in from the move values, as in the list).
    let mut counted = hints.clone();
    for h in &mut counted.moves {
        if h.moves_left.is_none() {
            h.moves_left = listed
                .as_ref()
                .and_then(|l| l.iter().find(|v| v.mv == h.mv))
                .and_then(|v| v.moves_left);
        }
    }
    let remoteness = if over { Some(0) } else { counted.remoteness() };
    let mut board = json!(game.board_view(&now, mover).ok().flatten());
    mark_filled(game, first, &positions, &history, &mut board, deadline);
    Ok(json!({
        "game": game.name(),
        "title": m.title(),
        "kind": kind_name(game.kind()),
        "start": start,
        "position": now,
        "drawing": m.drawing(),
        "move_help": m.move_help(),
        "you": seat_name(you),
        "seats": { "first": m.seat_name(Seat::First), "second": m.seat_name(Seat::Second) },
        "to_move": seat_name(m.to_move()),
        "your_turn": !over && m.to_move() == you,
        "winner": winner.map(seat_name),
        "you_won": winner.map(|w| w == you),
        "over": over,
        "tie": over && winner.is_none(),
        "ending": over.then(|| m.ending()),
        "history": history,
        "values": values,
        "hints": {
            "moves": hint_list,
            "more_winning": hints.more_winning,
            "more_losing": hints.more_losing,
        },
        "engine_moves": engine_moves,
        "proven": proven,
        "from_book": from_book,
        "remoteness": remoteness,
        "board": board,
    }))
}

/// The most moves of a match whose filled spots [`mark_filled`] marks.
const MARKED_MOVES: usize = 256;

/// Marks each spot of a match's board that is filled now (tint `blocked`) with the
/// move of the match that filled it: its number as the glyph, its player's tint (Left
/// or the first seat `left`, the other `right`) and both in the label. A position's
/// notation may not say who filled a square (Domineering's dominoes and walls are
/// all `#`); the match does.
fn mark_filled(
    game: &dyn DynRuleset,
    first: Player,
    positions: &[(String, Seat)],
    history: &[Value],
    board: &mut Value,
    deadline: Deadline,
) {
    if board.is_null() || history.len() > MARKED_MOVES {
        return;
    }
    // Only a board with filled spots has any to mark.
    let filled = board["board"]["lines"].as_array().is_some_and(|lines| {
        lines.iter().any(|l| {
            l["spots"]
                .as_array()
                .is_some_and(|spots| spots.iter().any(|s| s["tint"] == "blocked"))
        })
    });
    if !filled {
        return;
    }
    for (i, played) in history.iter().enumerate() {
        if grundy::deadline::reached(Some(deadline.at())) {
            return;
        }
        let (Some(text), Some((before, seat))) = (played["move"].as_str(), positions.get(i)) else {
            continue;
        };
        let player = player_of(*seat, first);
        let Ok(Some(view)) = game.board_view(before, player) else {
            continue;
        };
        let Some(touched) = view.moves.iter().find(|m| m.mv == text) else {
            continue;
        };
        let tint = match game.kind() {
            Kind::Partizan if player == Player::Right => "right",
            Kind::Partizan => "left",
            Kind::Impartial if *seat == Seat::Second => "right",
            Kind::Impartial => "left",
        };
        let who = match game.kind() {
            Kind::Partizan => game.player_name(player, first),
            Kind::Impartial => format!("the {} player", seat_name(*seat)),
        };
        let by = played["by"].as_str().unwrap_or("");
        for at in &touched.touches {
            let Some(spot) = board
                .get_mut("board")
                .and_then(|b| b.get_mut("lines"))
                .and_then(|l| l.get_mut(at[0]))
                .and_then(|l| l.get_mut("spots"))
                .and_then(|s| s.get_mut(at[1]))
            else {
                continue;
            };
            if spot["tint"] != "blocked" {
                continue;
            }
            let place = spot["label"]
                .as_str()
                .and_then(|l| l.split(':').next())
                .unwrap_or("")
                .to_owned();
            spot["tint"] = json!(tint);
            spot["glyph"] = json!((i + 1).to_string());
            spot["label"] = json!(format!(
                "{place}: filled by move {} ({text}) of {who} ({by})",
                i + 1
            ));
            spot["move"] = json!(i + 1);
        }
    }
}

/// Any other path: 404.
pub(crate) async fn not_found(uri: Uri) -> ApiError {
    ApiError::with(
        StatusCode::NOT_FOUND,
        format!("no such page: {}", uri.path()),
    )
}

/// A known path with another method: 405.
pub(crate) async fn method_not_allowed() -> ApiError {
    ApiError::with(StatusCode::METHOD_NOT_ALLOWED, "method not allowed here")
}

/// The most work one `/api/value` request may do, in steps of the values library
/// (as `grundy value --budget`'s default); the request's deadline stops it too.
const VALUE_STEPS: u64 = 50_000_000;

/// The most memory one `/api/value` request's forms and memo tables may take, in
/// bytes: a quarter of `grundy value --memory`'s default, as several requests work
/// at once and every form made is kept for the life of the server.
const VALUE_BYTES: u64 = grundy::cgt::VALUE_MEMORY / 4;

/// The budget of one `/api/value` or `/api/thermograph` request.
fn value_budget() -> grundy::cgt::ValueBudget {
    grundy::cgt::ValueBudget::steps(VALUE_STEPS).with_bytes(VALUE_BYTES)
}

/// The longest canonical form answered, in bytes (as `grundy value` prints at most).
const VALUE_TEXT: usize = 1 << 20;

/// The longest explicit form answered, in characters.
const VALUE_EXPLICIT: usize = 100_000;

/// A value request: the expression, and whether to print with Unicode arrows.
struct ValueRequest {
    expr: String,
    style: grundy::cgt::Style,
}

fn value_request(state: &AppState, uri: &Uri) -> Result<ValueRequest, ApiError> {
    let mut expr = None;
    let mut unicode = false;
    for (key, value) in pairs(uri)? {
        match key.as_str() {
            "expr" if expr.is_none() => expr = Some(value),
            "unicode" => {
                unicode = match value.as_str() {
                    "" | "true" | "1" => true,
                    "false" | "0" => false,
                    other => {
                        return Err(ApiError::bad(format!(
                            "field \"unicode\": {other:?} is not true or false"
                        )))
                    }
                }
            }
            "expr" => return Err(ApiError::bad("field \"expr\" given twice")),
            other => {
                return Err(ApiError::bad(format!(
                    "unknown field {other:?}; expected expr or unicode"
                )))
            }
        }
    }
    let expr = expr.ok_or_else(|| ApiError::bad("missing field \"expr\", e.g. expr={2|0}"))?;
    if expr.trim().is_empty() {
        return Err(ApiError::bad("field \"expr\" is empty; e.g. expr={2|0}"));
    }
    let chars = expr.chars().count();
    let most = state.limits().max_position_chars;
    if chars > most {
        return Err(ApiError::unprocessable(format!(
            "the expression has {chars} characters; the server takes at most {most}"
        )));
    }
    Ok(ValueRequest {
        expr,
        style: if unicode {
            grundy::cgt::Style::Unicode
        } else {
            grundy::cgt::Style::Ascii
        },
    })
}

/// Why a value could not be computed, as the API answers it: a misread expression
/// 400 at its column, work past its budget or deadline 422 with its kind.
fn value_error(e: grundy::cgt::ValueError, column: Option<usize>) -> ApiError {
    use grundy::cgt::ValueError as V;
    let message = match column {
        Some(c) => format!("character {c}: {e}"),
        None => e.to_string(),
    };
    let kind = match e {
        V::Budget { .. } | V::Overflow | V::TooLarge(_) | V::TooDeep { .. } => "over_budget",
        V::Deadline => "over_time",
        V::BadNumber(_) | V::Undefined(_) => return ApiError::bad(message).at(column),
    };
    let mut error = ApiError::unprocessable(message).at(column);
    error.kind = Some(kind);
    error
}

fn expression_error(expr: &str, e: grundy::cgt::ExpressionError) -> ApiError {
    use grundy::cgt::ExpressionError as E;
    match e {
        E::Syntax { .. } => {
            let column = e.column();
            ApiError::bad(format!("bad expression {expr:?}: {e}")).at(Some(column))
        }
        E::Value { column, source } => value_error(source, Some(column)),
    }
}

/// A canonical form as text, within [`VALUE_TEXT`].
fn value_text(
    g: grundy::cgt::CanonicalForm,
    style: grundy::cgt::Style,
) -> Result<String, ApiError> {
    g.to_string_within(style, VALUE_TEXT).ok_or_else(|| {
        let mut e = ApiError::unprocessable(format!(
            "the canonical form is longer than {VALUE_TEXT} bytes, the most answered; \
             comparisons (==, <=, ...) of it still answer"
        ));
        e.kind = Some("over_budget");
        e
    })
}

/// What `GET /api/value` answers for `request`: a value with its invariants and
/// thermograph, a comparison, or a list of incentives.
fn compute_value(request: &ValueRequest) -> Result<Value, ApiError> {
    use grundy::cgt::{parse_incentives, parse_query, Query};
    let (expr, style) = (&request.expr, request.style);
    let budget = value_budget();
    let bad = |e| expression_error(expr, e);
    if let Some(list) = parse_incentives(expr, &budget).map_err(bad)? {
        let side = |v: &[(grundy::cgt::CanonicalForm, grundy::cgt::CanonicalForm)]| {
            v.iter()
                .map(|&(o, i)| Ok(json!({ "option": value_text(o, style)?, "incentive": value_text(i, style)? })))
                .collect::<Result<Vec<Value>, ApiError>>()
        };
        return Ok(json!({
            "expression": expr,
            "kind": "incentives",
            "canonical_form": value_text(list.game, style)?,
            "left_incentives": side(&list.left)?,
            "right_incentives": side(&list.right)?,
        }));
    }
    match parse_query(expr, &budget).map_err(bad)? {
        Query::Value(g) => {
            let t = g.thermograph().map_err(|e| value_error(e, None))?;
            Ok(json!({
                "expression": expr,
                "kind": "value",
                "canonical_form": value_text(g, style)?,
                "explicit": g.explicit(VALUE_EXPLICIT),
                "outcome": format!("{:?}", g.outcome()),
                "left_stop": g.left_stop(),
                "right_stop": g.right_stop(),
                "mean": t.mean,
                "temperature": t.temperature,
                "birthday": g.birthday(),
                "is_number": g.is_number(),
                "thermograph": t,
            }))
        }
        Query::Compare {
            left,
            relation,
            right,
            holds,
        } => Ok(json!({
            "expression": expr,
            "kind": "comparison",
            "left": value_text(left, style)?,
            "relation": relation.symbol(),
            "right": value_text(right, style)?,
            "holds": holds,
        })),
    }
}

/// `GET /api/value?expr=E`: the canonical form of an expression of short partizan
/// games with its invariants and thermograph, whether a comparison holds, or the
/// incentives of a value (what `grundy value E --json` prints), within the work
/// budget.
pub(crate) async fn value(State(state): State<AppState>, uri: Uri) -> Answer {
    let request = value_request(&state, &uri)?;
    let what = format!("value {:?}", request.expr);
    let answer = state
        .budget()
        .run(what, move |_| compute_value(&request))
        .await?;
    Ok(json_response(StatusCode::OK, &answer))
}

/// `GET /api/value.svg?expr=E`: the thermograph of a value as SVG (what
/// `grundy value E --svg FILE` writes).
pub(crate) async fn value_svg(State(state): State<AppState>, uri: Uri) -> Answer {
    let request = value_request(&state, &uri)?;
    let what = format!("thermograph {:?}", request.expr);
    let drawing = state
        .budget()
        .run(what, move |_| {
            use grundy::cgt::{parse_query, Query};
            let budget = value_budget();
            match parse_query(&request.expr, &budget)
                .map_err(|e| expression_error(&request.expr, e))?
            {
                Query::Value(g) => {
                    let t = g.thermograph().map_err(|e| value_error(e, None))?;
                    let title = format!("thermograph of {}", value_text(g, request.style)?);
                    Ok(grundy::cgt::thermograph::svg(&title, &t))
                }
                Query::Compare { .. } => Err(ApiError::bad(
                    "a thermograph is drawn for a value, not for a comparison",
                )),
            }
        })
        .await?;
    Ok(text_response(StatusCode::OK, "image/svg+xml", drawing))
}

//! `grundy play` run as a real binary: from a pipe, and through a pseudo-terminal.

use assert_cmd::Command;
use predicates::prelude::*;

fn play(args: &[&str], input: &str) -> assert_cmd::assert::Assert {
    Command::cargo_bin("grundy")
        .unwrap()
        .arg("play")
        .args(args)
        .env_remove("NO_COLOR")
        .write_stdin(input)
        .assert()
}

fn stdout_of(args: &[&str], input: &str) -> String {
    let out = play(args, input).success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn an_illegal_move_gets_a_message_and_a_new_prompt() {
    let out = stdout_of(&["pawns", "..P"], "4-3\nfoo\n3-3\n2-1\n\n3-1\nn\n");
    let prompt = "Your move (the first player): ";
    // Four rejected lines and one empty line, each answered by a new prompt.
    assert_eq!(out.matches(prompt).count(), 6, "{out}");
    for message in [
        "Illegal move \"4-3\": there is no square 4 (the board has squares 1 to 3).",
        "Illegal move \"foo\": not a move: character 1: expected a square number from 1, found 'f'",
        "Illegal move \"3-3\": not a move: character 3: expected a square left of 3",
        "Illegal move \"2-1\": there is no pawn on square 2.",
    ] {
        assert!(out.contains(message), "{message}\n{out}");
    }
    assert!(out.contains("You play 3-1."), "{out}");
    assert!(out.contains("The second player has no move left and loses.\nYou win!"));
    assert!(out.ends_with("Play again? [y/n] "), "{out}");
    // Piped output is not a terminal: no colour.
    assert!(!out.contains('\x1b'));
}

#[test]
fn the_engine_moving_first_wins_at_once() {
    let out = stdout_of(&["pawns", "..P", "--you", "second"], "n\n");
    assert!(
        out.contains("you are the second player and move second"),
        "{out}"
    );
    // The quickest win: straight to the edge, not 3-2.
    assert!(
        out.contains("The engine (the first player) plays 3-1."),
        "{out}"
    );
    assert!(out.contains("The engine wins."), "{out}");
    assert!(!out.contains("Your move"), "{out}");
}

#[test]
fn a_full_table_game_with_hints_and_a_second_round() {
    // From (2, 3) Alice (you) moves up; Bob, lost at (1, 3), holds out by moving
    // left rather than up into a 1; Alice moves up into the 0 at (0, 2) and wins.
    let out = stdout_of(&["table", "101/01@2,3", "--hints"], "up\nup\ny\nu\nu\nn\n");
    assert_eq!(
        out.matches("table: you are Alice and move first").count(),
        2
    );
    assert!(out.contains("Hints (and how many moves the game lasts with best play):"));
    assert!(out.contains("  up    wins   (3 moves)"), "{out}");
    assert!(out.contains("  left  loses  ("), "{out}");
    assert_eq!(
        out.matches("The engine (Bob) plays left.").count(),
        2,
        "{out}"
    );
    let end = "The stone reached (0, 2), marked 0: Alice, who moved it there, wins.\nYou win!";
    assert_eq!(out.matches(end).count(), 2, "{out}");
    assert_eq!(out.matches("Play again? [y/n] ").count(), 2, "{out}");
    assert!(!out.contains("Illegal"), "{out}");
}

#[test]
fn ab_says_who_is_who_and_plays_both_sides() {
    let out = stdout_of(&["ab", "A..B", "--you", "second"], "");
    assert!(
        out.contains("ab: you are B and move second; the engine is A."),
        "{out}"
    );
    // A empties the heap of 2 at once and B is stuck.
    assert!(out.contains("The engine (A) plays 1-3."), "{out}");
    assert!(
        out.contains("B has no move left and loses.\nThe engine wins."),
        "{out}"
    );
}

#[test]
fn big_positions_are_answered_at_once() {
    let board = "P..P.P...P..".repeat(10);
    let out = stdout_of(&["pawns", &board, "--hints", "--you", "second"], "quit\n");
    assert!(out.contains("The engine (the first player) plays"), "{out}");
    assert!(out.contains("Hints:"), "{out}");
    let out = stdout_of(
        &["towers", "5:1000000000000000000,7:3", "--hints"],
        "quit\n",
    );
    assert!(out.contains("1000000000000000000 towers of 5 to"), "{out}");
    assert!(out.contains("more moves, all losing)") || out.contains("legal moves lose)"));
}

#[test]
fn quitting_and_the_end_of_input_exit_cleanly() {
    play(&["pawns", "..P.P"], "quit\n").success();
    play(&["pawns", "..P.P"], "").success();
    play(&["towers", "3:2"], "q\n").success();
}

#[test]
fn a_bad_position_exits_with_2() {
    play(&["pawns", "..X"], "")
        .code(2)
        .stderr("grundy: position \"..X\": character 3: expected '.' or 'P', found 'X'\n");
    play(&["table", "101/01@3,1"], "")
        .code(2)
        .stderr(predicate::str::contains(
            "grundy: position \"101/01@3,1\": character 8:",
        ));
    play(&["ab", "A.C"], "").code(2);
    play(&["towers", "3:"], "").code(2);
    play(&["ab", "A.B", "--step", "3"], "").code(2);
}

#[cfg(unix)]
mod terminal {
    use rexpect::session::{spawn_command, PtySession};

    fn spawn(args: &[&str], no_color: bool) -> PtySession {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
        cmd.arg("play").args(args);
        if no_color {
            cmd.env("NO_COLOR", "1");
        } else {
            cmd.env_remove("NO_COLOR");
        }
        spawn_command(cmd, Some(20_000)).expect("the binary starts in a pty")
    }

    #[test]
    fn a_game_in_a_terminal_with_coloured_hints() {
        let mut p = spawn(&["ab", "A..B", "--hints"], false);
        p.exp_string("ab: you are A and move first; the engine is B.")
            .unwrap();
        p.exp_string("A..B\r\n>  <\r\n1234").unwrap();
        // The winning move in green, the losing one in red, with remoteness.
        p.exp_string("1-3  \x1b[1;32mwins\x1b[0m   (1 move)")
            .unwrap();
        p.exp_string("1-2  \x1b[1;31mloses\x1b[0m  (").unwrap();
        p.exp_string("Your move (A): ").unwrap();
        p.send_line("2-3").unwrap();
        p.exp_string("Illegal move \"2-3\": there is no A on cell 2")
            .unwrap();
        p.exp_string("Your move (A): ").unwrap();
        p.send_line("1-3").unwrap();
        p.exp_string("You play 1-3.").unwrap();
        p.exp_string("..AB").unwrap();
        p.exp_string("B has no move left and loses.").unwrap();
        p.exp_string("You win!").unwrap();
        p.exp_string("Play again? [y/n] ").unwrap();
        p.send_line("y").unwrap();
        p.exp_string("Your move (A): ").unwrap();
        p.send_line("quit").unwrap();
        p.exp_eof().unwrap();
    }

    #[test]
    fn no_color_turns_colour_off() {
        let mut p = spawn(&["pawns", "..P", "--hints"], true);
        let before = p.exp_string("Your move (the first player): ").unwrap();
        assert!(before.contains("3-1  wins   (1 move)"), "{before}");
        assert!(!before.contains('\x1b'), "{before}");
        p.send_line("3-2").unwrap();
        p.exp_string("The engine (the second player) plays 2-1.")
            .unwrap();
        p.exp_string("The engine wins.").unwrap();
        p.exp_string("Play again? [y/n] ").unwrap();
        p.send_line("n").unwrap();
        p.exp_eof().unwrap();
    }
}

#[test]
fn the_engine_thinks_for_the_time_given() {
    // 7x6 Connect Four cannot be proven in half a second: the engine plays the best
    // move it found, and says so.
    let started = std::time::Instant::now();
    let out = stdout_of(
        &[
            "connect-four",
            "7x6:",
            "--you",
            "second",
            "--time-limit",
            "0.5",
            "--memory",
            "1048576",
        ],
        "quit\n",
    );
    assert!(
        out.contains("The engine (x) plays") || out.contains("The engine (the first player) plays"),
        "{out}"
    );
    assert!(out.contains("(best found, not proven)"), "{out}");
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    for arg in ["--time-limit=-1", "--memory=10"] {
        let flag = arg.split('=').next().unwrap();
        play(&["connect-four", "7x6:", arg], "quit\n")
            .failure()
            .stderr(predicate::str::contains(flag));
    }
}

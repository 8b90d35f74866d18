//! `match`: two levels play pairs of games from the same random opening,
//! each level once on each side, a game per core, and the score comes with
//! a 95 % interval and graded results (length and material) for games that
//! the side played decides.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use super::arena::{GameRecord, GameSpec, MatchGame, PlaySpec, Player, play_game, required};
use super::args::{Args, say};
use super::bagh_chal_table::table_note;
use super::stats::{Interval, elo};
use crate::ai::Level;
use crate::rules::{GameId, Side};

mod replay;

/// What a match plays.
struct MatchSpec {
    play: PlaySpec,
    kind: GameId,
    /// The two players, A and B, at their scaled limits.
    a: Player,
    b: Player,
    pairs: usize,
    jobs: usize,
}

impl MatchSpec {
    fn from_args(args: &Args) -> Result<MatchSpec, String> {
        let a = required(args.a, "match", "--a")?;
        let b = required(args.b, "match", "--b")?;
        let play = PlaySpec::from_args(args, "match", 2, [a, b])?;
        let pairs = args.pairs.unwrap_or(10);
        Ok(MatchSpec {
            kind: play.variant.game,
            a: play.player(a),
            b: play.player(b),
            pairs,
            jobs: args.jobs().min(2 * pairs),
            play,
        })
    }

    /// Game `i`: pair `i / 2`; A plays the hunters in the first game of a
    /// pair and the crowd in the second, from the same opening.
    fn game(&self, i: usize) -> GameSpec {
        let players = if i.is_multiple_of(2) {
            [self.a, self.b]
        } else {
            [self.b, self.a]
        };
        self.play.game(players, (i / 2) as u64)
    }

    /// A's side in game `i`.
    fn a_side(i: usize) -> Side {
        if i.is_multiple_of(2) {
            Side::Hunters
        } else {
            Side::Crowd
        }
    }

    fn names(&self) -> MatchNames {
        MatchNames {
            a: self.a.level,
            b: self.b.level,
            hunters: self.kind.piece_names(Side::Hunters).0.to_string(),
            crowd: self.kind.piece_names(Side::Crowd).0.to_string(),
        }
    }

    fn header(&self) -> String {
        let p = &self.play;
        format!(
            "{}: A {} against B {}, {} pairs ({} games, sides swapped in each pair), \
             {} random opening plies, seed {}, time scale {}, {} games at a time; {}; load {}\n",
            p.title(),
            self.a.level,
            self.b.level,
            self.pairs,
            2 * self.pairs,
            p.openings,
            p.seed,
            p.time_scale,
            self.jobs,
            table_note(&p.tablebase),
            load_average()
        )
    }
}

/// The machine's load averages, where the system tells them (Linux).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "unknown".into())
}

pub(super) fn run_match(args: &Args, out: &mut dyn Write) -> Result<(), String> {
    let m = MatchSpec::from_args(args)?;
    if !args.replay.is_empty() {
        let games = replay::games(&m.play, [m.a.level, m.b.level], &args.replay)?;
        say(
            out,
            &replay::header(&m.play, [m.a.level, m.b.level], &args.replay, games.len()),
        )?;
        return say(out, &summary(&m.names(), &games));
    }
    say(out, &m.header())?;
    // Every game's moves, a line each, to replay or study them.
    let mut record_file = args.record_file()?;
    let records = play_pairs(
        m.pairs,
        m.jobs,
        |i| play_game(&m.game(i)),
        |i, done, record| {
            if !args.quiet {
                say(out, &game_line(&m, i, done, record))?;
            }
            if let Some(file) = record_file.as_mut() {
                writeln!(file, "{} {}", m.game(i).describe(), record.moves_text)
                    .map_err(|e| format!("cannot write the record: {e}"))?;
            }
            Ok(())
        },
    )?;
    let games: Vec<MatchGame> = records.iter().map(GameRecord::tally).collect();
    say(out, &summary(&m.names(), &games))
}

/// Plays a match's `2 * pairs` games, `jobs` at a time: `play(i)` plays
/// game `i` (pair `i / 2`; A hunts in its first game), and `done(i, n,
/// game)` hears of each as it ends, the `n`th. The games in order, or the
/// first error (the other workers stop at their next game).
fn play_pairs<G: Send>(
    pairs: usize,
    jobs: usize,
    play: impl Fn(usize) -> Result<G, String> + Sync,
    mut done: impl FnMut(usize, usize, &G) -> Result<(), String>,
) -> Result<Vec<G>, String> {
    let total = 2 * pairs;
    let mut games: Vec<Option<G>> = (0..total).map(|_| None).collect();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..jobs.clamp(1, total.max(1)) {
            let tx = tx.clone();
            let (next, play) = (&next, &play);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total || tx.send((i, play(i))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (n, (i, result)) in rx.iter().enumerate() {
            let game = result
                .and_then(|g| done(i, n + 1, &g).map(|()| g))
                .inspect_err(|_| next.store(total, Ordering::Relaxed))
                .map_err(|e| format!("game {}: {e}", i + 1))?;
            games[i] = Some(game);
        }
        Ok(())
    })?;
    Ok(games.into_iter().flatten().collect())
}

/// One finished game, as a progress line.
fn game_line(m: &MatchSpec, i: usize, done: usize, r: &GameRecord) -> String {
    let total = 2 * m.pairs;
    let spec = m.game(i);
    let [h, c] = spec.players;
    let result = match r.outcome {
        Some(o) => o.describe(m.kind),
        None => format!(
            "stopped at the ply cap ({}), counted as a draw",
            m.play.ply_cap
        ),
    };
    let ms = |s: Side| r.ms[s.index()] / r.moves[s.index()].max(1) as f64;
    format!(
        "[{done}/{total}] pair {} game {}: {} {} against {} {}: {result}; {} plies, {} {} taken; \
         opening {}; {:.1}/{:.1} ms per move\n",
        i / 2 + 1,
        i % 2 + 1,
        h.level,
        m.kind.piece_names(Side::Hunters).0,
        c.level,
        m.kind.piece_names(Side::Crowd).0,
        r.plies,
        r.captured,
        m.kind.piece_names(Side::Crowd).0,
        if r.opening.is_empty() {
            "-"
        } else {
            &r.opening
        },
        ms(Side::Hunters),
        ms(Side::Crowd),
    )
}

/// Who a match's summary names: the levels A and B and the sides' pieces.
struct MatchNames {
    a: Level,
    b: Level,
    hunters: String,
    crowd: String,
}

/// A level's games on one side.
#[derive(Default)]
struct RoleTally {
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    plies_won: u64,
    plies_lost: u64,
    captured: u64,
    hunters_lost: u64,
}

impl RoleTally {
    fn add(&mut self, r: &MatchGame, side: Side) {
        self.games += 1;
        self.captured += r.captured as u64;
        self.hunters_lost += r.hunters_lost as u64;
        match r.winner {
            None => self.draws += 1,
            Some(w) if w == side => {
                self.wins += 1;
                self.plies_won += r.plies as u64;
            }
            Some(_) => {
                self.losses += 1;
                self.plies_lost += r.plies as u64;
            }
        }
    }

    fn row(&self, name: &str, side_name: &str, crowd: &str) -> String {
        let mean = |sum: u64, n: u32| {
            if n == 0 {
                "-".to_string()
            } else {
                format!("{:.1}", sum as f64 / n as f64)
            }
        };
        format!(
            "  {name:<8} {side_name:<8} {:>3} W {:>3} D {:>3} L   plies to win {:>6}   plies before losing {:>6}   {crowd} taken per game {:>5}   hunters lost {}\n",
            self.wins,
            self.draws,
            self.losses,
            mean(self.plies_won, self.wins),
            mean(self.plies_lost, self.losses),
            mean(self.captured, self.games),
            self.hunters_lost,
        )
    }
}

/// Everything a match's games add up to.
#[derive(Default)]
struct Totals {
    /// A's score per pair (0, ¼ … 1).
    pair_scores: Vec<f64>,
    /// Per pair: 1 when A's pair went better graded, ½ when even.
    graded: Vec<f64>,
    /// Per pair: crowd pieces A's hunters took minus those B's took.
    taken_margin: Vec<f64>,
    /// Per player (A, B), per side.
    roles: [[RoleTally; 2]; 2],
    /// Per player: milliseconds spent and moves searched.
    ms: [(f64, u32); 2],
}

impl Totals {
    fn of(records: &[MatchGame]) -> Totals {
        let points = |r: &MatchGame, side: Side| match r.winner {
            Some(w) if w == side => 1.0,
            None => 0.5,
            Some(_) => 0.0,
        };
        let mut t = Totals::default();
        for (p, games) in records.chunks(2).enumerate() {
            for (j, r) in games.iter().enumerate() {
                let a_side = MatchSpec::a_side(2 * p + j);
                for (player, side) in [(0, a_side), (1, a_side.other())] {
                    t.roles[player][side.index()].add(r, side);
                    t.ms[player].0 += r.ms[side.index()];
                    t.ms[player].1 += r.moves[side.index()];
                }
            }
            if let [first, second] = games {
                let score = points(first, Side::Hunters) + points(second, Side::Crowd);
                t.pair_scores.push(score / 2.0);
                t.taken_margin
                    .push(first.captured as f64 - second.captured as f64);
                // A hunted in the first game and B in the second: A did
                // better if the first game went better for the hunters.
                t.graded
                    .push(match first.hunters_grade().cmp(&second.hunters_grade()) {
                        std::cmp::Ordering::Greater => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Less => 0.0,
                    });
            }
        }
        t
    }
}

/// Which player an interval of A's scores favours.
fn verdict(i: &Interval) -> &'static str {
    if i.above_half() {
        "A is stronger"
    } else if i.high < 0.5 {
        "B is stronger"
    } else {
        "not separated"
    }
}

/// The score, its interval and the graded results.
fn summary(m: &MatchNames, records: &[MatchGame]) -> String {
    let t = Totals::of(records);
    let score = Interval::of_scores(&t.pair_scores);
    let grade = Interval::of_scores(&t.graded);
    let a = &t.roles[0];
    let (w, d, l) = (
        a[0].wins + a[1].wins,
        a[0].draws + a[1].draws,
        a[0].losses + a[1].losses,
    );
    let mut s = format!(
        "A {} against B {}: {w} W {d} D {l} L, score {score}, Elo {:+.0} ({:+.0} to {:+.0})\n",
        m.a,
        m.b,
        elo(score.mean),
        elo(score.low),
        elo(score.high)
    );
    s += &format!(
        "graded (each pair: the result, then crowd pieces taken, then hunters lost, then plies): A {grade}\n"
    );
    let margin = Interval::of_differences(&t.taken_margin);
    s += &format!(
        "crowd pieces taken by A's hunters minus B's, per pair: {:+.2} (95 % interval {:+.2} to {:+.2})\n",
        margin.mean, margin.low, margin.high
    );
    s += &format!(
        "verdict: by score {}; by graded result {}; by pieces taken {}\nby side:\n",
        verdict(&score),
        verdict(&grade),
        if margin.low > 0.0 {
            "A is stronger"
        } else if margin.high < 0.0 {
            "B is stronger"
        } else {
            "not separated"
        }
    );
    let (hunters, crowd) = (m.hunters.as_str(), m.crowd.as_str());
    for (name, roles) in [(m.a.name(), &t.roles[0]), (m.b.name(), &t.roles[1])] {
        s += &roles[Side::Hunters.index()].row(name, hunters, crowd);
        s += &roles[Side::Crowd.index()].row(name, crowd, crowd);
    }
    let mean_ms = |(sum, n): (f64, u32)| sum / n.max(1) as f64;
    // Replayed games have no times.
    if t.ms[0].1 + t.ms[1].1 > 0 {
        s += &format!(
            "mean ms per move: A {} {:.1}, B {} {:.1}; load {}\n",
            m.a,
            mean_ms(t.ms[0]),
            m.b,
            mean_ms(t.ms[1]),
            load_average()
        );
    }
    let capped = records.iter().filter(|r| r.capped).count();
    if capped > 0 {
        s += &format!("games stopped at the ply cap: {capped}\n");
    }
    s
}

//! Writes a player's files as the release of 2026-12 (commit 0c55524)
//! wrote them, with that release's own types and writers, and what that
//! release says of each (`expected.ron`), for today's compatibility tests
//! (`tests/core/release_files.rs`, `tests/core/release_server.rs`,
//! `tests/game/release_files.rs`). Not built here: it is the old crate's
//! example (`tests/data/release-2026-12/README.md`).
//!
//! Run in a checkout of 0c55524 (copied to its `examples/`):
//!
//! ```text
//! cargo run --features server --example old_files -- files OUT_DIR
//! cargo run --features server --example old_files -- server DB EXPECTED_OUT
//! ```
//!
//! `files` writes the settings, the autosave, named saves and the family
//! screen's autosave into OUT_DIR (as the config folder holds them) and
//! OUT_DIR/../expected.ron. `server` reads the games the old server stored
//! in the SQLite file DB (played by `server-games.sh`) and writes, for
//! each, every ply's position and legal moves by the old rules, and the
//! players with their ratings.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;
use stronghold::ai::Level;
use stronghold::coach::family_puzzle::FamilyPuzzleSet;
use stronghold::coach::puzzle::{Goal, PuzzleSet};
use stronghold::coach::{Effort, GameAnalyser};
use stronghold::game::common::i18n::Language;
use stronghold::game::common::puzzle_progress::{PuzzleFilter, Rated, family_key, puzzle_id};
use stronghold::game::common::settings::{OnlineSeat, Settings, ThreatMarks};
use stronghold::game::play::family_puzzle::family_puzzle_id;
use stronghold::rules::family::{HuntGame, built_in};
use stronghold::rules::{Game, GameKind, Move, Side, Variant};
use stronghold::save::{Ending, SavedFamilyGame, SavedGame, Saves, Slot, file_stem};

/// A fixed sequence of choices (an LCG), so each run writes the same games.
struct Pick(u64);

impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// What the old code says of a position: its string, the side to move and
/// the legal moves (sorted).
#[derive(Serialize)]
struct PositionFacts {
    position: String,
    to_move: Side,
    legal: Vec<String>,
}

fn facts(game: &Game) -> PositionFacts {
    let mut legal: Vec<String> = game.legal_moves().iter().map(Move::to_string).collect();
    legal.sort();
    PositionFacts {
        position: game.position_string(),
        to_move: game.side_to_move(),
        legal,
    }
}

/// A save as the old code reads it back.
#[derive(Serialize)]
struct SaveFacts {
    /// The file, under the config folder.
    file: String,
    name: String,
    game: String,
    options: Vec<String>,
    start: String,
    moves: Vec<String>,
    redo: Vec<String>,
    hunters: Option<Level>,
    crowd: Option<Level>,
    skin: Option<String>,
    flipped: bool,
    ending: Option<Ending>,
    finished: bool,
    /// Plies the analysis covers (0: none).
    analysed: usize,
    /// The position reached, and the position after the moves to redo.
    now: PositionFacts,
    after_redo: PositionFacts,
}

/// The family screen's autosave as the old code reads it back.
#[derive(Serialize)]
struct FamilyFacts {
    file: String,
    game: String,
    moves: Vec<String>,
    hunters: Option<Level>,
    crowd: Option<Level>,
    skin: Option<String>,
    to_move: Side,
    /// The points of each side's pieces, by the board's names, sorted.
    hunters_at: Vec<String>,
    crowd_at: Vec<String>,
    in_hand: [u8; 2],
    legal: Vec<String>,
}

/// Puzzle progress as the old code counts it.
#[derive(Serialize)]
struct ProgressFacts {
    /// Per key of the solved map (`pirates`, `family/kaooa`): the ids.
    solved: BTreeMap<String, Vec<String>>,
    rating: BTreeMap<String, f64>,
    tried: BTreeMap<String, u32>,
    history_len: BTreeMap<String, usize>,
    best_streak: BTreeMap<String, u32>,
}

#[derive(Serialize)]
struct Expected {
    settings_file: String,
    language: Language,
    skins: BTreeMap<String, String>,
    player_name: String,
    player_key: String,
    progress: ProgressFacts,
    saves: Vec<SaveFacts>,
    family: FamilyFacts,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["files", out] => files(Path::new(out)),
        ["server", db, out] => server::trace(Path::new(db), Path::new(out)),
        _ => panic!("usage: old_files files OUT_DIR | old_files server DB EXPECTED_OUT"),
    }
}

/// Plays `plies` legal moves picked in turn, never one that ends the game.
fn play(game: &mut Game, plies: usize, pick: &mut Pick) {
    for _ in 0..plies {
        let moves: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let mut g = game.clone();
                g.play_unchecked(m);
                !g.is_over()
            })
            .collect();
        if moves.is_empty() {
            return;
        }
        game.play(&moves[pick.next(moves.len())]).unwrap();
    }
}

fn settings() -> Settings {
    let mut s = Settings {
        language: Language::Russian,
        animation_speed: 1.5,
        reduced_motion: true,
        volume: 0.4,
        muted: true,
        show_legal_moves: false,
        threat_marks: ThreatMarks::Always,
        show_coordinates: false,
        confirm_moves: true,
        ai_pace: 1.2,
        window_size: Some((1280.0, 800.0)),
        server: "ws://games.example:7878/ws".to_string(),
        player_name: "Mira".to_string(),
        player_key: "k-0123456789abcdef0123".to_string(),
        online_seat: Some(OnlineSeat {
            server: "ws://games.example:7878/ws".to_string(),
            code: "QX7P2M".to_string(),
            token: "t-seat-0123456789".to_string(),
            from_lobby: true,
        }),
        ..Settings::default()
    };
    s.set_skin_for(GameKind::Pirates, "high-contrast");
    s.set_skin_for(GameKind::Asalto, "officers-rebels");
    s.set_skin_for(GameKind::FoxGeese, "classic");
    s.set_skin_for(GameKind::BaghChal, "tigers-goats");
    four_games_progress(&mut s);
    family_progress(&mut s);
    s.puzzle_filters = BTreeMap::from([
        (
            "pirates".to_string(),
            PuzzleFilter {
                goal: Some(Goal::TakeMost),
                difficulty: Some(2),
            },
        ),
        (
            "bagh-chal".to_string(),
            PuzzleFilter {
                goal: None,
                difficulty: Some(3),
            },
        ),
    ]);
    s
}

/// Rated tries on the four games' puzzles as the puzzle page records them:
/// the first few of each set, one of them failed, one solved after a hint.
fn four_games_progress(s: &mut Settings) {
    for (k, kind) in GameKind::ALL.iter().enumerate() {
        let path = format!("assets/{}", PuzzleSet::asset_path(*kind));
        let set = PuzzleSet::from_ron(&std::fs::read_to_string(path).unwrap()).unwrap();
        for (i, p) in set.puzzles.iter().take(3 + k).enumerate() {
            let id = puzzle_id(&p.position, &p.line[0]);
            let rated = Rated {
                goal: p.goal,
                difficulty: p.difficulty(),
                clean: i != 1,
            };
            s.puzzles.record(*kind, &id, rated, i != 2);
        }
        s.puzzles.note_streak(*kind, 1 + k as u32);
    }
}

/// The family screen's solved marks, under `family/<id>`, as it kept them.
fn family_progress(s: &mut Settings) {
    for (game, count) in [("kaooa", 2), ("haretavl", 1)] {
        let path = format!("assets/{}", FamilyPuzzleSet::asset_path(game));
        let set = FamilyPuzzleSet::from_ron(&std::fs::read_to_string(path).unwrap()).unwrap();
        for p in set.puzzles.iter().take(count) {
            s.puzzles
                .mark_solved_in(&family_key(game), &family_puzzle_id(p));
        }
    }
}

fn progress_facts(s: &Settings) -> ProgressFacts {
    let p = &s.puzzles;
    ProgressFacts {
        solved: p
            .solved
            .iter()
            .map(|(k, ids)| (k.clone(), ids.iter().cloned().collect()))
            .collect(),
        rating: p.rating.clone(),
        tried: p.tried.clone(),
        history_len: p
            .history
            .iter()
            .map(|(k, h)| (k.clone(), h.len()))
            .collect(),
        best_streak: p.best_streak.clone(),
    }
}

/// A game of `kind` with `options`, `plies` moves in, `back` of them taken
/// back.
fn game_of(
    kind: GameKind,
    options: &[&str],
    plies: usize,
    back: usize,
    pick: &mut Pick,
) -> (Game, Vec<Move>) {
    let mut variant = Variant::new(kind);
    for o in options {
        variant.set_option(o).unwrap();
    }
    let mut game = Game::new(variant);
    play(&mut game, plies, pick);
    let mut redo = Vec::new();
    for _ in 0..back {
        redo.insert(0, game.undo().unwrap());
    }
    (game, redo)
}

/// The game's analysis by the old coach, a small effort (the Fox and
/// Geese proofs cut short).
fn analysed(game: &Game) -> stronghold::coach::Analysis {
    let effort = Effort {
        proof_nodes: 20_000,
        ..Effort::of_level(Level::Beginner)
    };
    GameAnalyser::new(game, effort, None).run_to_end().clone()
}

/// One save to write: its slot, and the save.
struct ToWrite {
    slot: Slot,
    file: String,
    save: SavedGame,
}

/// A named save to write: its name, game and options, moves played and
/// taken back, players, skin, ending, and whether it is analysed.
struct Named {
    name: &'static str,
    kind: GameKind,
    options: &'static [&'static str],
    plies: usize,
    back: usize,
    hunters: Option<Level>,
    crowd: Option<Level>,
    skin: &'static str,
    ending: Option<Ending>,
    analyse: bool,
}

const NAMED: [Named; 6] = [
    Named {
        name: "Pirates with retreat",
        kind: GameKind::Pirates,
        options: &["retreat=on", "compulsory=off"],
        plies: 11,
        back: 1,
        hunters: None,
        crowd: Some(Level::Easy),
        skin: "pirates-bulgars",
        ending: None,
        analyse: false,
    },
    Named {
        name: "Asalto, turned",
        kind: GameKind::Asalto,
        options: &[],
        plies: 9,
        back: 0,
        hunters: Some(Level::Hard),
        crowd: None,
        skin: "officers-rebels",
        ending: None,
        analyse: true,
    },
    Named {
        name: "Seventeen geese",
        kind: GameKind::FoxGeese,
        options: &["geese=17"],
        plies: 10,
        back: 0,
        hunters: None,
        crowd: None,
        skin: "classic",
        ending: None,
        analyse: false,
    },
    Named {
        name: "Bagh-Chal: no quiet limit",
        kind: GameKind::BaghChal,
        options: &["quiet-limit=off"],
        plies: 16,
        back: 3,
        hunters: Some(Level::Beginner),
        crowd: None,
        skin: "tigers-goats",
        ending: None,
        analyse: true,
    },
    Named {
        name: "Resigned tiger",
        kind: GameKind::BaghChal,
        options: &[],
        plies: 7,
        back: 0,
        hunters: None,
        crowd: Some(Level::Master),
        skin: "high-contrast",
        ending: Some(Ending::Resigned(Side::Hunters)),
        analyse: false,
    },
    Named {
        name: "Пираты: ничья",
        kind: GameKind::Pirates,
        options: &[],
        plies: 12,
        back: 0,
        hunters: None,
        crowd: None,
        skin: "classic",
        ending: Some(Ending::DrawAgreed),
        analyse: false,
    },
];

fn saves_to_write(pick: &mut Pick) -> Vec<ToWrite> {
    let mut out = Vec::new();
    // The autosave: Fox and Geese with fifteen geese, analysed, two moves
    // taken back, the computer playing the fox.
    let (game, redo) = game_of(
        GameKind::FoxGeese,
        &["geese=15", "sideways=on"],
        14,
        2,
        pick,
    );
    out.push(ToWrite {
        slot: Slot::Autosave,
        file: "autosave.ron".into(),
        save: SavedGame {
            skin: Some("fox-geese".into()),
            flipped: true,
            analysis: Some(analysed(&game)),
            ..SavedGame::of_game(&game, &redo, Some(Level::Medium), None)
        },
    });
    for n in &NAMED {
        let (game, redo) = game_of(n.kind, n.options, n.plies, n.back, pick);
        let stem = file_stem(n.name);
        out.push(ToWrite {
            slot: Slot::Named(stem.clone()),
            file: format!("saves/{stem}.ron"),
            save: SavedGame {
                name: n.name.into(),
                skin: Some(n.skin.into()),
                flipped: n.name.contains("turned"),
                ending: n.ending,
                analysis: n.analyse.then(|| analysed(&game)),
                ..SavedGame::of_game(&game, &redo, n.hunters, n.crowd)
            },
        });
    }
    out
}

fn save_facts(w: &ToWrite, saves: &Saves) -> SaveFacts {
    let restored = saves.load_game(&w.slot).unwrap().expect("written");
    let s = &restored.saved;
    let mut ahead = restored.game.clone();
    for mv in &restored.redo {
        ahead.play(mv).unwrap();
    }
    SaveFacts {
        file: w.file.clone(),
        name: s.name.clone(),
        game: restored.game.variant().kind.id().to_string(),
        options: restored.game.variant().option_strings(),
        start: s.start.clone(),
        moves: s.moves.clone(),
        redo: s.redo.clone(),
        hunters: s.hunters,
        crowd: s.crowd,
        skin: s.skin.clone(),
        flipped: s.flipped,
        ending: s.ending,
        finished: restored.is_finished(),
        analysed: s.analysis.as_ref().map_or(0, |a| a.plies.len()),
        now: facts(&restored.game),
        after_redo: facts(&ahead),
    }
}

/// The family screen's autosave: an unfinished game of Kaooa, the computer
/// playing the vultures.
fn family_game(pick: &mut Pick) -> HuntGame {
    let mut game = HuntGame::new(built_in("kaooa").unwrap());
    for _ in 0..9 {
        let ok: Vec<_> = game
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let mut g = game.clone();
                g.play_unchecked(m);
                g.outcome().is_none()
            })
            .collect();
        let mv = ok[pick.next(ok.len())];
        game.play(&mv).unwrap();
    }
    game
}

fn family_facts(saves: &Saves) -> FamilyFacts {
    let (saved, game) = saves.load_family().unwrap().expect("written");
    let rules = &game.rules;
    let at = |side: usize| {
        let mut names: Vec<String> = (0..64u8)
            .filter(|p| game.position().pieces[side] & (1u64 << p) != 0)
            .map(|p| rules.name(p).to_string())
            .collect();
        names.sort();
        names
    };
    let mut legal: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| rules.move_text(m))
        .collect();
    legal.sort();
    FamilyFacts {
        file: "family-autosave.ron".into(),
        game: saved.game.clone(),
        moves: saved.moves.clone(),
        hunters: saved.hunters,
        crowd: saved.crowd,
        skin: saved.skin.clone(),
        to_move: game.position().side_to_move,
        hunters_at: at(Side::Hunters.index()),
        crowd_at: at(Side::Crowd.index()),
        in_hand: game.position().in_hand,
        legal,
    }
}

fn files(out: &Path) {
    assert!(
        !out.exists(),
        "{} exists: start from nothing",
        out.display()
    );
    let saves = Saves::in_dir(out);
    let mut pick = Pick(20_261_206);
    let settings = settings();
    saves.write_settings(&settings).unwrap();
    let to_write = saves_to_write(&mut pick);
    for w in &to_write {
        saves.write_game(&w.slot, &w.save).unwrap();
    }
    let family = family_game(&mut pick);
    let saved = SavedFamilyGame {
        skin: Some("fox-geese".into()),
        ..SavedFamilyGame::of_game(&family, Some(Level::Easy), None).unwrap()
    };
    saves.write_family(&saved).unwrap();

    let read: Settings = saves.load_settings().unwrap().expect("written");
    assert_eq!(read, settings);
    let expected = Expected {
        settings_file: "settings.ron".into(),
        language: read.language,
        skins: read.skins.clone(),
        player_name: read.player_name.clone(),
        player_key: read.player_key.clone(),
        progress: progress_facts(&read),
        saves: to_write.iter().map(|w| save_facts(w, &saves)).collect(),
        family: family_facts(&saves),
    };
    let text = ron::ser::to_string_pretty(
        &expected,
        ron::ser::PrettyConfig::default().compact_arrays(true),
    )
    .unwrap();
    let path = out.parent().unwrap().join("expected.ron");
    std::fs::write(&path, format!("// What the release of 2026-12 says of the files in config/ (written by tests/data/release-2026-12/generator).\n{text}\n")).unwrap();
    println!("written: {} and {}", out.display(), path.display());
}

/// The server's stored games, replayed by the old rules.
mod server {
    use std::path::Path;

    use serde::Serialize;
    use stronghold::rules::{Game, Variant};

    use super::{PositionFacts, facts};

    #[derive(Serialize)]
    struct Rating {
        pool: String,
        rating: f64,
        deviation: f64,
        volatility: f64,
        games: u32,
    }

    #[derive(Serialize)]
    struct Player {
        name: String,
        key: String,
        bot: bool,
        ratings: Vec<Rating>,
    }

    #[derive(Serialize)]
    struct StoredGame {
        code: String,
        game_no: u32,
        game: String,
        options: Vec<String>,
        rated: bool,
        /// The stored result: winner and reason, as stored.
        winner: Option<String>,
        reason: Option<String>,
        moves: Vec<String>,
        /// Before each ply, and after the last.
        plies: Vec<PositionFacts>,
        /// The old rules' own outcome after the last move.
        outcome: Option<String>,
    }

    #[derive(Serialize)]
    struct ServerFacts {
        players: Vec<Player>,
        games: Vec<StoredGame>,
    }

    /// Rows of a query, every value as text (None for NULL).
    type Rows = Vec<Vec<Option<String>>>;

    /// A database to read: SQLite (the file) or PostgreSQL (the URL).
    enum Db {
        Sqlite(rusqlite::Connection),
        Postgres(tokio::runtime::Runtime, tokio_postgres::Client),
    }

    impl Db {
        fn open(db: &str) -> Db {
            if db.starts_with("postgres://") {
                let rt = tokio::runtime::Runtime::new().unwrap();
                let client = rt.block_on(async {
                    let (client, conn) = tokio_postgres::connect(db, tokio_postgres::NoTls)
                        .await
                        .unwrap();
                    tokio::spawn(conn);
                    client
                });
                Db::Postgres(rt, client)
            } else {
                let conn = rusqlite::Connection::open(db).unwrap();
                // The server's log of writes goes into the file itself,
                // as a clean close of the server's connection would do.
                conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
                    .unwrap();
                Db::Sqlite(conn)
            }
        }

        /// `sql` with `$1`-style parameters given as text.
        fn rows(&self, sql: &str, params: &[&str]) -> Rows {
            match self {
                Db::Sqlite(conn) => {
                    let sql = sql.replace('$', "?");
                    let mut q = conn.prepare(&sql).unwrap();
                    let n = q.column_count();
                    q.query_map(rusqlite::params_from_iter(params.iter()), |r| {
                        (0..n)
                            .map(|i| {
                                use rusqlite::types::ValueRef;
                                Ok(match r.get_ref(i)? {
                                    ValueRef::Null => None,
                                    ValueRef::Integer(v) => Some(v.to_string()),
                                    ValueRef::Real(v) => Some(v.to_string()),
                                    ValueRef::Text(t) => {
                                        Some(String::from_utf8(t.to_vec()).unwrap())
                                    }
                                    ValueRef::Blob(_) => panic!("no blobs"),
                                })
                            })
                            .collect()
                    })
                    .unwrap()
                    .collect::<Result<_, _>>()
                    .unwrap()
                }
                Db::Postgres(rt, client) => {
                    // Casts every value to text (PostgreSQL writes floats
                    // exactly) through the simple protocol.
                    let mut sql = sql.to_string();
                    for (i, p) in params.iter().enumerate().rev() {
                        sql = sql.replace(
                            &format!("${}", i + 1),
                            &format!("'{}'", p.replace('\'', "''")),
                        );
                    }
                    let messages = rt.block_on(client.simple_query(&sql)).unwrap();
                    messages
                        .iter()
                        .filter_map(|m| match m {
                            tokio_postgres::SimpleQueryMessage::Row(row) => Some(
                                (0..row.len())
                                    .map(|i| row.get(i).map(String::from))
                                    .collect(),
                            ),
                            _ => None,
                        })
                        .collect()
                }
            }
        }
    }

    fn text(v: &Option<String>) -> String {
        v.clone().expect("a value")
    }

    fn flag(v: &Option<String>) -> bool {
        matches!(v.as_deref(), Some("1" | "t" | "true"))
    }

    pub(super) fn trace(db: &Path, out: &Path) {
        let db = Db::open(db.to_str().unwrap());
        let facts = ServerFacts {
            players: players(&db),
            games: games(&db),
        };
        let text = ron::ser::to_string_pretty(
            &facts,
            ron::ser::PrettyConfig::default().compact_arrays(true),
        )
        .unwrap();
        std::fs::write(out, format!("// What the release of 2026-12 says of the games its server stored (written by tests/data/release-2026-12/generator).\n{text}\n")).unwrap();
        println!("written: {}", out.display());
    }

    fn players(db: &Db) -> Vec<Player> {
        let rows = db.rows("SELECT id, name, key, bot FROM players ORDER BY id", &[]);
        rows.iter()
            .map(|r| {
                let id = text(&r[0]);
                let ratings = db
                    .rows(
                        "SELECT pool, rating, deviation, volatility, games FROM ratings \
                         WHERE player = CAST($1 AS BIGINT) ORDER BY pool",
                        &[&id],
                    )
                    .iter()
                    .map(|r| Rating {
                        pool: text(&r[0]),
                        rating: text(&r[1]).parse().unwrap(),
                        deviation: text(&r[2]).parse().unwrap(),
                        volatility: text(&r[3]).parse().unwrap(),
                        games: text(&r[4]).parse().unwrap(),
                    })
                    .collect();
                Player {
                    name: text(&r[1]),
                    key: text(&r[2]),
                    bot: flag(&r[3]),
                    ratings,
                }
            })
            .collect()
    }

    fn games(db: &Db) -> Vec<StoredGame> {
        let rows = db.rows(
            "SELECT g.code, g.game_no, r.game, r.options, r.rated, g.winner, g.reason \
             FROM games g JOIN rooms r ON r.code = g.code ORDER BY r.created_ms, g.game_no",
            &[],
        );
        rows.iter()
            .map(|r| {
                let (code, game_no) = (text(&r[0]), text(&r[1]));
                let moves: Vec<String> = db
                    .rows(
                        "SELECT mv FROM moves WHERE code = $1 AND game_no = CAST($2 AS INTEGER) ORDER BY ply",
                        &[&code, &game_no],
                    )
                    .iter()
                    .map(|m| text(&m[0]))
                    .collect();
                let game = text(&r[2]);
                let options: Vec<String> = text(&r[3]).split_whitespace().map(String::from).collect();
                let mut variant = Variant::new(game.parse().unwrap());
                for o in &options {
                    variant.set_option(o).unwrap();
                }
                let mut replay = Game::new(variant);
                let mut plies = vec![facts(&replay)];
                for mv in &moves {
                    let mv = replay.parse_move(mv).unwrap();
                    replay.play(&mv).unwrap();
                    plies.push(facts(&replay));
                }
                StoredGame {
                    code,
                    game_no: game_no.parse().unwrap(),
                    game,
                    options,
                    rated: flag(&r[4]),
                    winner: r[5].clone(),
                    reason: r[6].clone(),
                    moves,
                    plies,
                    outcome: replay.outcome().map(|o| format!("{o:?}")),
                }
            })
            .collect()
    }
}

//! A search that runs somewhere else: the request that describes it and the
//! replies it sends back, as plain serde values (the web page sends them as
//! JSON to its AI worker, `web/worker`, and reads the replies back).
//!
//! The request carries the game as its starting position string and its
//! moves in our notation, so the far side rebuilds the same game, history
//! (repetitions, draw counters) included, with the same rules code.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use web_time::{Duration, Instant};

use crate::ai::{Level, Search, SearchLimits, SearchResult, SearchStatus, Tablebase};
use crate::rules::{Game, GameId, Rules, notation};

/// What the far side should search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchRequest {
    /// Names this search in its replies (and in a stop).
    pub id: u64,
    /// The game's starting position (a position string).
    pub start: String,
    /// The moves played since, in our notation.
    pub moves: Vec<String>,
    pub limit: RequestLimit,
    pub seed: u64,
}

/// How a requested search is limited.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum RequestLimit {
    /// As the computer plays at this level.
    Level(Level),
    /// At full strength for about this long (hints).
    Think { ms: u64 },
}

impl RequestLimit {
    /// The search of `game` this limit asks for (without a table).
    pub fn search(self, game: &Game, seed: u64) -> Search {
        match self {
            RequestLimit::Level(level) => Search::new(game, level, seed),
            RequestLimit::Think { ms } => Search::with_limits(game, SearchLimits::time(ms), seed),
        }
    }
}

/// What the page sends its worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WorkerCommand {
    /// Start this search (beside any others: they take turns).
    Search(SearchRequest),
    /// Stop this search (or the coach's analysis, `coach::remote`) if it
    /// still runs.
    Stop { id: u64 },
}

/// What a search says back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchReply {
    pub id: u64,
    pub status: ReplyStatus,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ReplyStatus {
    Thinking {
        depth: u32,
        nodes: u64,
    },
    Done {
        best: String,
        score: i32,
        depth: u32,
        nodes: u64,
        pv: Vec<String>,
    },
    /// The game is over: nothing to search.
    Nothing,
    /// The request could not be read, or the far side broke.
    Failed {
        reason: String,
    },
}

impl SearchRequest {
    pub fn new(id: u64, game: &Game, limit: RequestLimit, seed: u64) -> SearchRequest {
        SearchRequest {
            id,
            start: notation::position_string(game.variant(), game.initial_position()),
            moves: game.move_texts(),
            limit,
            seed,
        }
    }

    /// The game the request describes, or why it cannot be rebuilt.
    pub fn game(&self) -> Result<Game, String> {
        rebuild_game(&self.start, &self.moves)
    }

    /// Whether a search of this request reads Bagh-Chal's table.
    pub fn wants_table(&self) -> bool {
        matches!(self.limit, RequestLimit::Level(level) if level.uses_tablebase())
            && self.start_kind() == Some(GameId::named("bagh-chal"))
    }

    fn start_kind(&self) -> Option<GameId> {
        notation::parse_position(&self.start)
            .ok()
            .map(|(variant, _)| variant.game)
    }
}

/// The game that began at the position string `start` and went on with
/// `moves` (move text), history included, or why it cannot be rebuilt:
/// how the far side reads any request (searches, analyses).
pub fn rebuild_game(start: &str, moves: &[String]) -> Result<Game, String> {
    let mut game = Game::from_position_string(start).map_err(|e| format!("start position: {e}"))?;
    for (ply, text) in moves.iter().enumerate() {
        let mv = game
            .parse_move(text)
            .map_err(|e| format!("move {}: {e}", ply + 1))?;
        game.play_unchecked(&mv);
    }
    Ok(game)
}

/// A requested search, stepped for a time at a go by whoever runs it.
pub struct RemoteSearch {
    id: u64,
    search: Box<Search>,
    finished: bool,
}

impl RemoteSearch {
    /// Nodes between two looks at the clock.
    const NODES_PER_STEP: u64 = 4096;

    /// The search a request asks for, with the table when there is one.
    pub fn start(
        request: &SearchRequest,
        table: Option<&Arc<Tablebase>>,
    ) -> Result<RemoteSearch, String> {
        let game = request.game()?;
        Ok(RemoteSearch {
            id: request.id,
            search: Box::new(
                request
                    .limit
                    .search(&game, request.seed)
                    .with_tablebase(table),
            ),
            finished: false,
        })
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    /// True once it has sent its last reply.
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// Searches for about `budget` (or to the end), then says where it is.
    pub fn run_for(&mut self, budget: Duration) -> SearchReply {
        let started = Instant::now();
        let search = &mut self.search;
        let status = loop {
            let status = match search.step(Self::NODES_PER_STEP) {
                SearchStatus::Done(result) => break Self::done(&result, &search.rules()),
                // A finished game: nothing to search.
                SearchStatus::Thinking { nodes: 0, .. } => break ReplyStatus::Nothing,
                SearchStatus::Thinking { depth, nodes, .. } => {
                    ReplyStatus::Thinking { depth, nodes }
                }
            };
            if started.elapsed() >= budget {
                break status;
            }
        };
        self.finished = !matches!(status, ReplyStatus::Thinking { .. });
        SearchReply {
            id: self.id,
            status,
        }
    }

    fn done(result: &SearchResult, rules: &Rules) -> ReplyStatus {
        ReplyStatus::Done {
            best: rules.move_text(&result.best),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            pv: result.pv.iter().map(|m| rules.move_text(m)).collect(),
        }
    }
}

impl ReplyStatus {
    /// The search result a `Done` reply carries, its moves read in `game`
    /// (the position searched): `None` for any other reply, `Err` when a
    /// move is not legal there.
    pub fn result(&self, game: &Game) -> Option<Result<SearchResult, String>> {
        let ReplyStatus::Done {
            best,
            score,
            depth,
            nodes,
            pv,
        } = self
        else {
            return None;
        };
        let read = || -> Result<SearchResult, String> {
            let best = game.parse_move(best).map_err(|e| e.to_string())?;
            // The line after the first move is only shown, so a bad one is cut short.
            let mut line = game.clone();
            let mut moves = Vec::new();
            for text in pv {
                let Ok(mv) = line.parse_move(text) else { break };
                line.play_unchecked(&mv);
                moves.push(mv);
            }
            if moves.first() != Some(&best) {
                moves = vec![best];
            }
            Ok(SearchResult {
                best,
                score: *score,
                depth: *depth,
                nodes: *nodes,
                pv: moves,
            })
        };
        Some(read())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn game_after(kind: GameId, plies: usize) -> Game {
        let mut game = Game::new(Variant::new(kind));
        for _ in 0..plies {
            let mv = game.legal_moves()[0];
            game.play_unchecked(&mv);
        }
        game
    }

    #[test]
    fn a_request_rebuilds_the_same_game_with_its_history() {
        for kind in [
            GameId::named("pirates"),
            GameId::named("bagh-chal"),
            GameId::named("fox-geese"),
        ] {
            let game = game_after(kind, 7);
            let request = SearchRequest::new(3, &game, RequestLimit::Level(Level::Easy), 9);
            let rebuilt = request.game().expect("rebuilds");
            assert_eq!(rebuilt.position(), game.position(), "{kind:?}");
            assert_eq!(rebuilt.ply(), 7);
            assert!(rebuilt.moves().eq(game.moves()));
        }
    }

    #[test]
    fn a_bad_request_says_what_is_wrong() {
        let game = game_after(GameId::named("pirates"), 2);
        let mut request = SearchRequest::new(1, &game, RequestLimit::Think { ms: 10 }, 0);
        request.moves.push("z9-z8".into());
        let error = request.game().unwrap_err();
        assert!(error.starts_with("move 3:"), "{error}");
        request.start = "nonsense".into();
        assert!(request.game().unwrap_err().starts_with("start position"));
        assert!(RemoteSearch::start(&request, None).is_err());
    }

    #[test]
    fn a_remote_search_ends_with_a_legal_move_that_reads_back() {
        let game = game_after(GameId::named("pirates"), 3);
        let request = SearchRequest::new(5, &game, RequestLimit::Think { ms: 30 }, 1);
        let mut search = RemoteSearch::start(&request, None).unwrap();
        let mut reply = search.run_for(Duration::from_millis(1));
        for _ in 0..10_000 {
            if search.finished() {
                break;
            }
            reply = search.run_for(Duration::from_millis(5));
        }
        assert!(search.finished(), "never finished: {reply:?}");
        assert_eq!(reply.id, 5);
        let result = reply.status.result(&game).expect("a Done reply").unwrap();
        assert!(game.is_legal(&result.best));
        assert_eq!(result.pv.first(), Some(&result.best));
    }

    #[test]
    fn only_table_levels_in_bagh_chal_want_the_table() {
        let bagh = Game::new(Variant::new(GameId::named("bagh-chal")));
        let pirates = Game::new(Variant::new(GameId::named("pirates")));
        let at = |game: &Game, level| SearchRequest::new(1, game, RequestLimit::Level(level), 0);
        assert!(at(&bagh, Level::Master).wants_table());
        assert!(!at(&bagh, Level::Beginner).wants_table());
        assert!(!at(&pirates, Level::Master).wants_table());
    }

    #[test]
    fn a_done_reply_with_an_illegal_move_is_an_error() {
        let game = game_after(GameId::named("pirates"), 0);
        let status = ReplyStatus::Done {
            best: "a1-a2".into(),
            score: 0,
            depth: 1,
            nodes: 1,
            pv: vec![],
        };
        assert!(status.result(&game).unwrap().is_err());
        assert!(ReplyStatus::Nothing.result(&game).is_none());
    }
}

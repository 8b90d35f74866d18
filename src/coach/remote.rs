//! A game analysed somewhere else (the web page's AI worker, `web/worker`):
//! the request, its replies and the analysis that answers them, as plain
//! serde values, the way `ai::remote` does it for searches. The page sends
//! `{"Analyse": request}` as JSON beside the searches' commands; a
//! `{"Stop": {"id": N}}` stops an analysis as it stops a search, and ids
//! are shared with the searches'.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use web_time::{Duration, Instant};

use super::{Analysis, Effort, GameAnalyser, Progress};
use crate::ai::remote::rebuild_game;
use crate::ai::{Search, Tablebase};
use crate::rules::{Game, notation};

/// What the far side should analyse: a game as its start and moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalysisRequest {
    pub id: u64,
    /// The game's starting position (a position string).
    pub start: String,
    /// The moves played, in move text: the moves analysed.
    pub moves: Vec<String>,
    pub effort: Effort,
}

/// The command that carries an analysis request (`{"Analyse": ...}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum AnalysisCommand {
    Analyse(AnalysisRequest),
}

/// What an analysis says back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalysisReply {
    pub id: u64,
    pub status: AnalysisStatus,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum AnalysisStatus {
    /// Units of work done out of all (see [`Progress`]).
    Working {
        done: usize,
        total: usize,
    },
    Done(Box<Analysis>),
    /// The request could not be read, or the far side broke.
    Failed {
        reason: String,
    },
}

impl AnalysisRequest {
    pub fn new(id: u64, game: &Game, effort: Effort) -> AnalysisRequest {
        AnalysisRequest {
            id,
            start: notation::position_string(game.variant(), game.initial_position()),
            moves: game.move_texts(),
            effort,
        }
    }

    /// The game to analyse, or why it cannot be rebuilt.
    pub fn game(&self) -> Result<Game, String> {
        rebuild_game(&self.start, &self.moves)
    }

    /// Whether the analysis reads Bagh-Chal's table (the far side should
    /// have it before it starts: the table's verdicts are exact).
    pub fn wants_table(&self) -> bool {
        notation::parse_position(&self.start)
            .is_ok_and(|(variant, _)| variant.game.id() == "bagh-chal")
    }
}

/// A requested analysis, stepped for a time at a go by whoever runs it.
pub struct RemoteAnalysis {
    id: u64,
    analyser: GameAnalyser,
    finished: bool,
}

impl RemoteAnalysis {
    /// The analysis a request asks for, with the table when there is one.
    pub fn start(
        request: &AnalysisRequest,
        table: Option<&Arc<Tablebase>>,
    ) -> Result<RemoteAnalysis, String> {
        let game = request.game()?;
        Ok(RemoteAnalysis {
            id: request.id,
            analyser: GameAnalyser::new(&game, request.effort, table.cloned()),
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

    /// Analyses for about `budget` (or to the end), then says where it is.
    pub fn run_for(&mut self, budget: Duration) -> AnalysisReply {
        let started = Instant::now();
        let mut progress = self.analyser.progress();
        while self.analyser.result().is_none() && started.elapsed() < budget {
            progress = self.analyser.step(Search::SLICE_NODES);
        }
        let status = match self.analyser.result() {
            Some(analysis) => {
                self.finished = true;
                AnalysisStatus::Done(Box::new(analysis.clone()))
            }
            None => {
                let Progress { done, total } = progress;
                AnalysisStatus::Working { done, total }
            }
        };
        AnalysisReply {
            id: self.id,
            status,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::rules::GameId;
    use crate::rules::Variant;

    fn game(kind: GameId, text: &str) -> Game {
        let mut game = Game::new(Variant::new(kind));
        game.play_text(text).unwrap();
        game
    }

    #[test]
    fn a_remote_analysis_is_the_analysis_made_here_and_survives_json() {
        let game = game(GameId::named("pirates"), "d4-d5 c6-c7 d5-d6");
        let effort = Effort::of_level(Level::Beginner);
        let request = AnalysisRequest::new(4, &game, effort);
        let text = serde_json::to_string(&AnalysisCommand::Analyse(request)).unwrap();
        assert!(text.starts_with(r#"{"Analyse":"#), "{text}");
        let AnalysisCommand::Analyse(read) = serde_json::from_str(&text).unwrap();
        assert!(!read.wants_table());
        let mut remote = RemoteAnalysis::start(&read, None).unwrap();
        let mut reply = remote.run_for(Duration::ZERO);
        assert!(
            matches!(reply.status, AnalysisStatus::Working { done: 0, .. }),
            "{reply:?}"
        );
        for _ in 0..100_000 {
            if remote.finished() {
                break;
            }
            reply = remote.run_for(Duration::from_millis(5));
        }
        let reply: AnalysisReply =
            serde_json::from_str(&serde_json::to_string(&reply).unwrap()).unwrap();
        assert_eq!(reply.id, 4);
        let AnalysisStatus::Done(analysis) = reply.status else {
            panic!("not done: {reply:?}");
        };
        let here = GameAnalyser::new(&game, effort, None).run_to_end().clone();
        assert_eq!(*analysis, here);
        assert_eq!(analysis.plies.len(), 3);
    }

    #[test]
    fn a_bad_request_says_what_is_wrong_and_bagh_chal_wants_its_table() {
        let mut request = AnalysisRequest::new(
            1,
            &game(GameId::named("bagh-chal"), ""),
            Effort::of_level(Level::Easy),
        );
        assert!(request.wants_table());
        request.moves.push("z9".into());
        let error = RemoteAnalysis::start(&request, None)
            .err()
            .expect("refused");
        assert!(error.starts_with("move 1:"), "{error}");
        request.start = "nonsense".into();
        assert!(!request.wants_table());
        assert!(RemoteAnalysis::start(&request, None).is_err());
    }
}

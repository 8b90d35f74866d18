//! The web page's AI worker: Stronghold's rules and search (the no-Bevy
//! crate) as a wasm module that `web/ai-worker.js` runs in a dedicated Web
//! Worker, so the page's frames and input never wait for a search.
//!
//! The page sends a [`SearchRequest`] as JSON; the worker script builds a
//! [`WorkerSearch`] from it and calls [`WorkerSearch::step`] over and over,
//! posting each JSON [`SearchReply`] back, and yields between steps so a
//! stop or a newer request gets through. A game to analyse (the coach's
//! [`AnalysisRequest`]) becomes a [`WorkerAnalysis`], stepped the same way
//! in turn with the searches. Bagh-Chal's table is fetched by the script
//! the first time a search wants it and handed over with [`load_table`];
//! searches started before it arrives play without it, as on the desktop,
//! while an analysis waits for it ([`command_wants_table`]): its verdicts
//! are exact only with it.
//!
//! [`SearchRequest`]: stronghold::ai::remote::SearchRequest
//! [`SearchReply`]: stronghold::ai::remote::SearchReply
//! [`AnalysisRequest`]: stronghold::coach::remote::AnalysisRequest

use std::cell::RefCell;
use std::sync::Arc;
use std::time::Duration;

use stronghold::ai::Tablebase;
use stronghold::ai::remote::{
    RemoteSearch, ReplyStatus, SearchReply, SearchRequest, WorkerCommand,
};
use stronghold::coach::remote::{AnalysisCommand, AnalysisReply, AnalysisStatus, RemoteAnalysis};
use wasm_bindgen::prelude::*;

thread_local! {
    /// Bagh-Chal's sliding-phase table, once the script has loaded it.
    static TABLE: RefCell<Option<Arc<Tablebase>>> = const { RefCell::new(None) };
}

/// Reads Bagh-Chal's table file (`assets/tablebase/bagh-chal.sctb`) for
/// the searches that start from now on.
#[wasm_bindgen]
pub fn load_table(bytes: &[u8]) -> Result<(), JsError> {
    let table = Tablebase::from_bytes(bytes).map_err(|e| JsError::new(&e.to_string()))?;
    TABLE.with(|t| *t.borrow_mut() = Some(Arc::new(table)));
    Ok(())
}

/// True once [`load_table`] has succeeded.
#[wasm_bindgen]
pub fn table_loaded() -> bool {
    TABLE.with(|t| t.borrow().is_some())
}

/// Whether the JSON command is an analysis that reads Bagh-Chal's table
/// (the script loads the table before it starts the analysis).
#[wasm_bindgen]
pub fn command_wants_table(command: &str) -> bool {
    matches!(
        serde_json::from_str(command),
        Ok(AnalysisCommand::Analyse(request)) if request.wants_table()
    )
}

/// The JSON text of a reply; a reply that cannot be written says so.
fn json<T: serde::Serialize>(reply: &T) -> String {
    serde_json::to_string(reply).unwrap_or_else(|e| {
        format!(r#"{{"id":0,"status":{{"Failed":{{"reason":"reply: {e}"}}}}}}"#)
    })
}

/// One requested analysis of a game.
#[wasm_bindgen]
pub struct WorkerAnalysis {
    analysis: Result<RemoteAnalysis, AnalysisReply>,
}

#[wasm_bindgen]
impl WorkerAnalysis {
    /// The analysis a JSON `{"Analyse": request}` asks for, with the table
    /// when it has loaded. A command that cannot be read still makes one,
    /// whose one reply says why (`Failed`).
    #[wasm_bindgen(constructor)]
    pub fn new(command: &str) -> WorkerAnalysis {
        let failed = |id, reason| WorkerAnalysis {
            analysis: Err(AnalysisReply {
                id,
                status: AnalysisStatus::Failed { reason },
            }),
        };
        let request = match serde_json::from_str(command) {
            Ok(AnalysisCommand::Analyse(request)) => request,
            Err(e) => return failed(0, format!("unreadable analysis request: {e}")),
        };
        let table = TABLE.with(|t| t.borrow().clone());
        match RemoteAnalysis::start(&request, table.as_ref()) {
            Ok(analysis) => WorkerAnalysis {
                analysis: Ok(analysis),
            },
            Err(reason) => failed(request.id, reason),
        }
    }

    /// The request's id (0 when it could not be read).
    pub fn id(&self) -> f64 {
        match &self.analysis {
            Ok(a) => a.id() as f64,
            Err(reply) => reply.id as f64,
        }
    }

    /// Analyses for about `ms` milliseconds, then returns a JSON
    /// `AnalysisReply`: progress, or the analysis (see [`Self::finished`]).
    pub fn step(&mut self, ms: u32) -> String {
        match &mut self.analysis {
            Ok(analysis) => json(&analysis.run_for(Duration::from_millis(ms.into()))),
            Err(reply) => json(reply),
        }
    }

    /// True once the last reply has been returned.
    pub fn finished(&self) -> bool {
        self.analysis
            .as_ref()
            .map_or(true, RemoteAnalysis::finished)
    }
}

/// One requested search.
#[wasm_bindgen]
pub struct WorkerSearch {
    search: Result<RemoteSearch, SearchReply>,
    wants_table: bool,
}

#[wasm_bindgen]
impl WorkerSearch {
    /// The search a JSON `WorkerCommand::Search` asks for. A command that
    /// cannot be read still makes a search, whose one reply says why
    /// (`Failed`).
    #[wasm_bindgen(constructor)]
    pub fn new(command: &str) -> WorkerSearch {
        let request: SearchRequest = match serde_json::from_str(command) {
            Ok(WorkerCommand::Search(r)) => r,
            Ok(WorkerCommand::Stop { id }) => {
                return WorkerSearch::failed(id, "a stop is not a search".into());
            }
            Err(e) => return WorkerSearch::failed(0, format!("unreadable request: {e}")),
        };
        let table = TABLE.with(|t| t.borrow().clone());
        match RemoteSearch::start(&request, table.as_ref()) {
            Ok(search) => WorkerSearch {
                search: Ok(search),
                wants_table: request.wants_table(),
            },
            Err(reason) => WorkerSearch::failed(request.id, reason),
        }
    }

    fn failed(id: u64, reason: String) -> WorkerSearch {
        WorkerSearch {
            search: Err(SearchReply {
                id,
                status: ReplyStatus::Failed { reason },
            }),
            wants_table: false,
        }
    }

    /// The request's id (0 when it could not be read).
    pub fn id(&self) -> f64 {
        match &self.search {
            Ok(s) => s.id() as f64,
            Err(reply) => reply.id as f64,
        }
    }

    /// Whether this search would read Bagh-Chal's table (the script
    /// fetches it then, for the searches after this one).
    pub fn wants_table(&self) -> bool {
        self.wants_table && !table_loaded()
    }

    /// Searches for about `ms` milliseconds, then returns a JSON
    /// `SearchReply`: progress, or the last reply (see [`Self::finished`]).
    pub fn step(&mut self, ms: u32) -> String {
        match &mut self.search {
            Ok(search) => json(&search.run_for(Duration::from_millis(ms.into()))),
            Err(reply) => json(reply),
        }
    }

    /// True once the last reply has been returned.
    pub fn finished(&self) -> bool {
        match &self.search {
            Ok(search) => search.finished(),
            Err(_) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stronghold::ai::Level;
    use stronghold::ai::remote::RequestLimit;
    use stronghold::rules::{Game, GameId, Variant};

    fn run(search: &mut WorkerSearch) -> SearchReply {
        for _ in 0..100_000 {
            let reply = search.step(5);
            if search.finished() {
                return serde_json::from_str(&reply).expect("a reply");
            }
        }
        panic!("the search never finished");
    }

    #[test]
    fn a_request_gets_a_legal_move() {
        let game = Game::new(Variant::new(GameId::named("fox-geese")));
        let request = SearchRequest::new(7, &game, RequestLimit::Level(Level::Beginner), 3);
        let command = WorkerCommand::Search(request);
        let mut search = WorkerSearch::new(&serde_json::to_string(&command).unwrap());
        assert_eq!(search.id(), 7.0);
        let reply = run(&mut search);
        assert_eq!(reply.id, 7);
        let result = reply.status.result(&game).expect("done").expect("legal");
        assert!(game.is_legal(&result.best));
    }

    #[test]
    fn an_analysis_request_gets_the_graded_game() {
        let mut game = Game::new(Variant::new(GameId::named("pirates")));
        game.play_text("d4-d5 c6-c7").unwrap();
        let effort = stronghold::coach::Effort::of_level(Level::Beginner);
        let request = stronghold::coach::remote::AnalysisRequest::new(9, &game, effort);
        let command = serde_json::to_string(&AnalysisCommand::Analyse(request)).unwrap();
        assert!(!command_wants_table(&command));
        let mut analysis = WorkerAnalysis::new(&command);
        assert_eq!(analysis.id(), 9.0);
        let mut last = String::new();
        for _ in 0..100_000 {
            last = analysis.step(5);
            if analysis.finished() {
                break;
            }
        }
        let reply: AnalysisReply = serde_json::from_str(&last).expect("a reply");
        let AnalysisStatus::Done(done) = reply.status else {
            panic!("not done: {last}");
        };
        assert_eq!(done.plies.len(), 2);
        // Nonsense is a failed analysis, not a crash.
        let mut bad = WorkerAnalysis::new("{\"Analyse\": 3}");
        assert!(bad.finished());
        assert!(bad.step(5).contains("unreadable analysis request"));
    }

    #[test]
    fn an_unreadable_request_fails_with_its_reason() {
        let mut search = WorkerSearch::new("{not json");
        let reply = run(&mut search);
        assert!(
            matches!(&reply.status, ReplyStatus::Failed { reason } if reason.starts_with("unreadable request")),
            "{reply:?}"
        );
    }
}

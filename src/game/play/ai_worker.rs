//! The web page's AI worker: searches and the coach's analyses sent to a
//! dedicated Web Worker (`web/ai-worker.js` running the no-Bevy module
//! `web/worker`), so the page's one thread only draws and takes input while
//! the computer thinks.
//!
//! A search goes out as a JSON [`WorkerCommand::Search`] (the game as its
//! start position and moves, the level or time, the seed) and its replies
//! come back as JSON [`SearchReply`]s: progress a few times a second, then
//! the move. An analysis goes out as an [`AnalysisCommand`] and its
//! [`AnalysisReply`]s bring its progress, then the graded game. A reply
//! that ends its job wakes the app; progress waits for the "thinking"
//! pulse, which polls it. Dropping a [`WorkerRun`] or a [`WorkerAnalysisRun`] sends
//! a stop. Jobs running together (a hint beside the computer's move, an
//! analysis) take turns in the worker.
//!
//! The worker is started with the first job. Where there is no worker
//! (an old browser, a page that is not served by `scripts/web`, or a native
//! build) [`WorkerRun::start`] and [`WorkerAnalysisRun::start`] say so and
//! the caller works in slices; a worker that breaks later (its script or
//! module fails to load) makes every job on it report a failure
//! ([`WorkerPoll::Failed`], [`AnalysisPoll::Failed`]), for the same fallback.

use std::sync::atomic::{AtomicU64, Ordering};

use serde::Deserialize;

use crate::ai::SearchResult;
use crate::ai::remote::{ReplyStatus, RequestLimit, SearchReply, SearchRequest, WorkerCommand};
use crate::coach::remote::{AnalysisCommand, AnalysisReply, AnalysisRequest, AnalysisStatus};
use crate::coach::{Analysis, Effort, Progress};
use crate::game::common::redraw::FrameWaker;
use crate::rules::Game;

/// A fresh id for a job in the worker (searches and analyses share them).
fn next_id() -> u64 {
    static NEXT_ID: AtomicU64 = AtomicU64::new(1);
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

/// The latest reply of job `id`, read as `T`: `Err` when it came but
/// could not be read.
fn take_reply<T: for<'de> Deserialize<'de>>(id: u64) -> Option<serde_json::Result<T>> {
    let text = link::take_reply(id)?;
    Some(serde_json::from_str(&text))
}

/// Whether a reply ends its job (a move, an analysis, a failure) and so
/// must wake the app at once. Progress replies come every step of the
/// worker's (about 16 a second) and wait for the "thinking" pulse, which
/// polls them anyway: a frame for each would take the cores the search
/// needs on a small machine (a frame under a software renderer costs more
/// than the step it reports).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn ends_its_job(text: &str) -> bool {
    let search_progress = matches!(
        serde_json::from_str::<SearchReply>(text),
        Ok(SearchReply {
            status: ReplyStatus::Thinking { .. },
            ..
        })
    );
    let analysis_progress = !search_progress
        && matches!(
            serde_json::from_str::<AnalysisReply>(text),
            Ok(AnalysisReply {
                status: AnalysisStatus::Working { .. },
                ..
            })
        );
    !(search_progress || analysis_progress)
}

/// What a worker search has got to, at a poll.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkerPoll {
    /// No news since the last poll.
    Waiting,
    Thinking {
        depth: u32,
        nodes: u64,
    },
    Done(SearchResult),
    /// The position has no move to search.
    Nothing,
    /// The worker broke or could not read the request: search here instead.
    Failed(String),
}

/// A search out in the worker; dropping it stops it there.
pub struct WorkerRun {
    id: u64,
    /// The position searched, to read the answer's moves in.
    game: Game,
}

impl WorkerRun {
    /// Sends a search to the worker (starting the worker the first time);
    /// `None` when this page has no working worker.
    pub fn start(
        game: &Game,
        limit: RequestLimit,
        seed: u64,
        waker: &FrameWaker,
    ) -> Option<WorkerRun> {
        let id = next_id();
        let request = SearchRequest::new(id, game, limit, seed);
        let text = serde_json::to_string(&WorkerCommand::Search(request)).ok()?;
        link::send(&text, waker).then(|| WorkerRun {
            id,
            game: game.clone(),
        })
    }

    /// The latest news from the worker about this search.
    pub fn poll(&mut self) -> WorkerPoll {
        let reply: SearchReply = match take_reply(self.id) {
            Some(Ok(reply)) => reply,
            Some(Err(e)) => return WorkerPoll::Failed(format!("an unreadable reply: {e}")),
            None => {
                return match link::broken() {
                    Some(reason) => WorkerPoll::Failed(reason),
                    None => WorkerPoll::Waiting,
                };
            }
        };
        match reply.status {
            ReplyStatus::Thinking { depth, nodes } => WorkerPoll::Thinking { depth, nodes },
            ReplyStatus::Nothing => WorkerPoll::Nothing,
            ReplyStatus::Failed { reason } => WorkerPoll::Failed(reason),
            done @ ReplyStatus::Done { .. } => match done.result(&self.game) {
                Some(Ok(result)) => WorkerPoll::Done(result),
                Some(Err(reason)) => WorkerPoll::Failed(format!("the worker's move: {reason}")),
                None => WorkerPoll::Waiting,
            },
        }
    }
}

/// What a worker analysis has got to, at a poll.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisPoll {
    /// No news since the last poll.
    Waiting,
    Working(Progress),
    Done(Box<Analysis>),
    /// The worker broke or could not read the request: analyse here instead.
    Failed(String),
}

/// An analysis out in the worker; dropping it stops it there.
pub struct WorkerAnalysisRun {
    id: u64,
}

impl WorkerAnalysisRun {
    /// Sends `game` to the worker for analysis (starting the worker the
    /// first time); `None` when this page has no working worker.
    pub fn start(game: &Game, effort: Effort, waker: &FrameWaker) -> Option<WorkerAnalysisRun> {
        let id = next_id();
        let request = AnalysisRequest::new(id, game, effort);
        let text = serde_json::to_string(&AnalysisCommand::Analyse(request)).ok()?;
        link::send(&text, waker).then_some(WorkerAnalysisRun { id })
    }

    /// The latest news from the worker about this analysis.
    pub fn poll(&mut self) -> AnalysisPoll {
        let reply: AnalysisReply = match take_reply(self.id) {
            Some(Ok(reply)) => reply,
            Some(Err(e)) => return AnalysisPoll::Failed(format!("an unreadable reply: {e}")),
            None => {
                return match link::broken() {
                    Some(reason) => AnalysisPoll::Failed(reason),
                    None => AnalysisPoll::Waiting,
                };
            }
        };
        match reply.status {
            AnalysisStatus::Working { done, total } => {
                AnalysisPoll::Working(Progress { done, total })
            }
            AnalysisStatus::Done(analysis) => AnalysisPoll::Done(analysis),
            AnalysisStatus::Failed { reason } => AnalysisPoll::Failed(reason),
        }
    }
}

impl Drop for WorkerAnalysisRun {
    fn drop(&mut self) {
        link::stop(self.id);
    }
}

/// True when searches cannot go to a worker here (none, or it broke).
pub fn unavailable() -> bool {
    cfg!(not(target_arch = "wasm32")) || link::broken().is_some()
}

impl Drop for WorkerRun {
    fn drop(&mut self) {
        link::stop(self.id);
    }
}

/// The link to the worker: a real one on the web.
#[cfg(target_arch = "wasm32")]
mod link {
    use std::cell::RefCell;
    use std::collections::HashMap;

    use bevy::log::{info, warn};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

    use super::*;

    enum Link {
        /// No search has asked for it yet.
        Untried,
        Up {
            worker: Worker,
            // Kept alive as long as the worker calls them.
            _on_message: Closure<dyn FnMut(MessageEvent)>,
            _on_error: Closure<dyn FnMut(ErrorEvent)>,
        },
        /// No worker on this page (why).
        Down(String),
    }

    thread_local! {
        static LINK: RefCell<Link> = const { RefCell::new(Link::Untried) };
        /// Why the worker broke after it started (its closures stay alive:
        /// one of them may be the caller).
        static BROKEN: RefCell<Option<String>> = const { RefCell::new(None) };
        /// The latest reply (JSON) of each job, until polled.
        static REPLIES: RefCell<HashMap<u64, String>> = RefCell::new(HashMap::new());
    }

    // No borrow of LINK, BROKEN or REPLIES is held while anything else
    // runs (the worker's start, a post, a log line): none can come back in.

    pub fn send(text: &str, waker: &FrameWaker) -> bool {
        if broken().is_some() {
            return false;
        }
        if LINK.with(|link| matches!(*link.borrow(), Link::Untried)) {
            let opened = open(waker.clone());
            LINK.with(|link| *link.borrow_mut() = opened);
        }
        worker().is_some_and(|w| w.post_message(&JsValue::from_str(text)).is_ok())
    }

    /// The worker, while it is up.
    fn worker() -> Option<Worker> {
        LINK.with(|link| match &*link.borrow() {
            Link::Up { worker, .. } => Some(worker.clone()),
            _ => None,
        })
    }

    pub fn take_reply(id: u64) -> Option<String> {
        REPLIES.with(|r| r.borrow_mut().remove(&id))
    }

    pub fn broken() -> Option<String> {
        let broken = BROKEN.with(|b| b.borrow().clone());
        broken.or_else(|| {
            LINK.with(|link| match &*link.borrow() {
                Link::Down(reason) => Some(reason.clone()),
                _ => None,
            })
        })
    }

    pub fn stop(id: u64) {
        REPLIES.with(|r| r.borrow_mut().remove(&id));
        if broken().is_none()
            && let Some(worker) = worker()
            && let Ok(text) = serde_json::to_string(&WorkerCommand::Stop { id })
        {
            let _ = worker.post_message(&JsValue::from_str(&text));
        }
    }

    /// Marks the worker broken (said once in the console) and wakes the
    /// app, whose searches then fall back to slices.
    fn break_down(reason: String, waker: &FrameWaker) {
        let first = BROKEN.with(|b| b.borrow_mut().replace(reason.clone()).is_none());
        if first {
            warn!("The AI worker stopped ({reason}): the computer now thinks between frames");
        }
        waker.wake();
    }

    /// No worker on this page: said once in the console.
    fn down(reason: String) -> Link {
        warn!("{reason}: the computer thinks between frames");
        Link::Down(reason)
    }

    /// The worker's script, beside the page, with the build's query.
    fn worker_url(build: &str) -> String {
        format!("{}{build}", worker_script())
    }

    fn worker_script() -> String {
        JsValue::from_str("ai-worker.js")
            .as_string()
            .unwrap_or_default()
    }

    /// Starts the worker, next to the page, under the page's build id.
    fn open(waker: FrameWaker) -> Link {
        let has_worker =
            js_sys::Reflect::has(&js_sys::global(), &JsValue::from_str("Worker")).unwrap_or(false);
        if !has_worker {
            return down("this browser has no Web Workers".into());
        }
        let build = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
            .and_then(|e| e.get_attribute("data-build"))
            .map(|id| format!("?v={id}"))
            .unwrap_or_default();
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = match Worker::new_with_options(&worker_url(&build), &options) {
            Ok(w) => w,
            Err(e) => return down(format!("the worker did not start: {e:?}")),
        };
        let on_message = {
            let waker = waker.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let Some(text) = event.data().as_string() else {
                    return;
                };
                // Every reply names its job; the job reads the rest.
                #[derive(Deserialize)]
                struct Envelope {
                    id: u64,
                }
                match serde_json::from_str::<Envelope>(&text) {
                    // Id 0: the worker itself failed (its module did not load).
                    Ok(Envelope { id: 0 }) => {
                        let reason = match serde_json::from_str::<SearchReply>(&text) {
                            Ok(SearchReply {
                                status: ReplyStatus::Failed { reason },
                                ..
                            }) => reason,
                            _ => text,
                        };
                        break_down(reason, &waker);
                    }
                    Ok(Envelope { id }) => {
                        let wake = ends_its_job(&text);
                        REPLIES.with(|r| r.borrow_mut().insert(id, text));
                        if wake {
                            waker.wake();
                        }
                    }
                    Err(e) => warn!("an unreadable reply from the AI worker: {e}"),
                }
            })
        };
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            break_down(event.message(), &waker);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        info!("The computer thinks in a Web Worker");
        Link::Up {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        }
    }
}

/// No worker off the web: every search runs on the compute pool there.
#[cfg(not(target_arch = "wasm32"))]
mod link {
    use super::*;

    pub fn send(_text: &str, _waker: &FrameWaker) -> bool {
        false
    }
    pub fn take_reply(_id: u64) -> Option<String> {
        None
    }
    pub fn broken() -> Option<String> {
        None
    }
    pub fn stop(_id: u64) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_reply_that_ends_its_job_wakes_the_app() {
        let search = |status| serde_json::to_string(&SearchReply { id: 3, status }).unwrap();
        let analysis = |status| serde_json::to_string(&AnalysisReply { id: 4, status }).unwrap();
        let thinking = ReplyStatus::Thinking {
            depth: 9,
            nodes: 1000,
        };
        assert!(!ends_its_job(&search(thinking)));
        assert!(!ends_its_job(&analysis(AnalysisStatus::Working {
            done: 1,
            total: 5
        })));
        let done = ReplyStatus::Done {
            best: "b4-c5".into(),
            score: 10,
            depth: 9,
            nodes: 1000,
            pv: vec!["b4-c5".into()],
        };
        assert!(ends_its_job(&search(done)));
        assert!(ends_its_job(&search(ReplyStatus::Nothing)));
        let failed = || "no module".to_string();
        assert!(ends_its_job(&search(ReplyStatus::Failed {
            reason: failed()
        })));
        assert!(ends_its_job(&analysis(AnalysisStatus::Failed {
            reason: failed()
        })));
        // What cannot be read is the poll's to report: it wakes the app.
        assert!(ends_its_job("{\"id\": 5, \"status\": 7}"));
    }
}

//! Frame-time log: with `STRONGHOLD_FRAME_LOG=path` (desktop only) every
//! frame's duration is written as `frame_ms,thinking,rss_kb,moving` lines,
//! where `thinking` is 1 while an AI search runs, `rss_kb` is the resident
//! memory, sampled once a second (0 between samples), and `moving` is 1
//! while an animation that input waits for plays (a move). The app draws
//! only when something changes, so a still spell is one long frame; the
//! last columns say why a frame came: the wait the frame before asked for
//! (`asked_ms`, empty when none) and the code that asked (`asked_by`).
//! `scripts/measure_cpu.sh` reads the process's CPU time beside it.
//! `STRONGHOLD_AI_SLICE_MS` and `STRONGHOLD_AI_CORE_SHARE` set the AI's slice
//! length and core share for such measurements (scripts/measure_frames.sh).

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    #[cfg(not(target_arch = "wasm32"))]
    native::plugin(app);
    #[cfg(target_arch = "wasm32")]
    let _ = app;
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::io::Write;

    use bevy::prelude::*;

    use crate::game::common::redraw::{LastAsk, schedule_next_frame};
    use crate::game::common::view::ViewBusy;
    use crate::game::play::ai_task::{AiJob, AiSettings};

    pub(super) fn plugin(app: &mut App) {
        app.add_systems(Startup, tune_ai_from_env);
        let Some(path) = std::env::var_os("STRONGHOLD_FRAME_LOG") else {
            return;
        };
        match std::fs::File::create(&path) {
            Ok(file) => {
                let mut out = std::io::BufWriter::new(file);
                let _ = writeln!(out, "frame_ms,thinking,rss_kb,moving,asked_ms,asked_by");
                app.insert_resource(FrameLog {
                    out,
                    since_sample: 0.0,
                })
                .add_systems(Last, log_frame.before(schedule_next_frame));
            }
            Err(e) => warn!("cannot write the frame log {path:?}: {e}"),
        }
    }

    /// The AI's slice length and core share from the environment, to measure
    /// their balance with the frame time; values that do not parse are ignored.
    fn tune_ai_from_env(mut settings: ResMut<AiSettings>) {
        let read = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<f64>().ok());
        if let Some(ms) = read("STRONGHOLD_AI_SLICE_MS").filter(|ms| *ms >= 1.0) {
            settings.slice_ms = ms as u64;
        }
        if let Some(share) = read("STRONGHOLD_AI_CORE_SHARE").filter(|s| *s > 0.0 && *s <= 1.0) {
            settings.core_share = share as f32;
        }
    }

    #[derive(Resource)]
    struct FrameLog {
        out: std::io::BufWriter<std::fs::File>,
        since_sample: f32,
    }

    fn log_frame(
        time: Res<Time<Real>>,
        ai: Res<AiJob>,
        busy: Res<ViewBusy>,
        asked: Res<LastAsk>,
        mut log: ResMut<FrameLog>,
        mut exits: MessageReader<AppExit>,
    ) {
        let dt = time.delta_secs();
        if dt <= 0.0 {
            return;
        }
        log.since_sample += dt;
        let rss = if log.since_sample >= 1.0 {
            log.since_sample = 0.0;
            // Written out each second, so a run that is killed keeps its log.
            let _ = log.out.flush();
            resident_kb()
        } else {
            0
        };
        let thinking = ai.thinking().is_some_and(|t| !t.done) as u8;
        let moving = busy.0 as u8;
        let wait = asked
            .within
            .map_or(String::new(), |w| w.as_millis().to_string());
        let by = asked
            .by
            .map_or(String::new(), |l| format!("{}:{}", l.file(), l.line()));
        let _ = writeln!(
            log.out,
            "{:.3},{thinking},{rss},{moving},{wait},{by}",
            dt * 1000.0
        );
        if exits.read().count() > 0 {
            let _ = log.out.flush();
        }
    }

    /// Resident set size from /proc (Linux); 0 elsewhere.
    fn resident_kb() -> u64 {
        std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("VmRSS:"))
                    .and_then(|l| l.split_whitespace().nth(1))
                    .and_then(|n| n.parse().ok())
            })
            .unwrap_or(0)
    }

    impl Drop for FrameLog {
        fn drop(&mut self) {
            let _ = self.out.flush();
        }
    }
}

//! Tweens: a queue of timed motions on one entity (slide, fly to the tray,
//! drop, shake, huff), played each frame at the player's animation speed.
//! `animation` decides which tweens a move starts; this module only plays
//! them, marks the view busy while one that blocks input runs, and sends each
//! motion's sound as it starts.

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::game::board::audio::{Cue, PlaySound};
use crate::game::board::view::UNIT;
use crate::game::common::redraw::NextFrame;
use crate::game::common::settings::Settings;
use crate::game::common::view::ViewBusy;
use crate::game::play::match_state::MatchReset;

/// The animation speed and reduced motion follow the player's settings.
pub(super) fn follow_settings(settings: Res<Settings>, mut animation: ResMut<AnimationSettings>) {
    animation.set_if_neq(AnimationSettings {
        speed: settings.animation_speed.clamp(0.25, 3.0),
        instant: settings.reduced_motion,
    });
}

/// How fast moves play.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct AnimationSettings {
    /// 1.0 plays a step in [`STEP_SECONDS`](super::animation::STEP_SECONDS); 2.0 twice as fast.
    pub speed: f32,
    /// Moves appear at once, without animation.
    pub instant: bool,
}

impl Default for AnimationSettings {
    fn default() -> AnimationSettings {
        AnimationSettings {
            speed: 1.0,
            instant: false,
        }
    }
}

/// A queue of timed motions for one entity.
#[derive(Component, Debug, Default)]
pub struct Tween {
    segments: VecDeque<Segment>,
    /// Time into the current segment (its wait included).
    t: f32,
    /// Input waits for this tween.
    pub blocks_input: bool,
    despawn_at_end: bool,
    /// It has played a frame: later frames advance it by their real time.
    running: bool,
}

#[derive(Debug, Clone, Copy)]
struct Segment {
    wait: f32,
    duration: f32,
    motion: Motion,
    /// The sound of this motion, sent when it starts.
    cue: Option<Cue>,
    started: bool,
}

/// How far a huffed piece has flushed to the skin's huff colour (0 to 1).
#[derive(Component, Debug, Default, Clone, Copy, PartialEq)]
pub struct Flush(pub f32);

#[derive(Debug, Clone, Copy)]
pub(super) enum Motion {
    /// Ease from one place to another, lifted into an arc by `lift`.
    Slide { from: Vec3, to: Vec3, lift: f32 },
    /// A captured piece flies to its tray slot and shrinks to `scale`.
    ToTray { from: Vec3, to: Vec3, scale: f32 },
    /// A placed piece falls into place.
    Drop { at: Vec3 },
    /// A refused move: a small side-to-side shake.
    Shake { at: Vec3 },
    /// Huffed: flushes red, spins and shrinks away.
    Huff { at: Vec3 },
}

impl Tween {
    pub(super) fn new(blocks_input: bool) -> Tween {
        Tween {
            blocks_input,
            ..Tween::default()
        }
    }
    pub(super) fn then(mut self, wait: f32, duration: f32, motion: Motion) -> Tween {
        self.segments.push_back(Segment {
            wait,
            duration,
            motion,
            cue: None,
            started: false,
        });
        self
    }
    /// Gives the last motion added a sound.
    pub(super) fn sounding(mut self, cue: Cue) -> Tween {
        if let Some(last) = self.segments.back_mut() {
            last.cue = Some(cue);
        }
        self
    }
    pub(super) fn despawn(mut self) -> Tween {
        self.despawn_at_end = true;
        self
    }
    /// Total time the tween lasts.
    pub fn remaining(&self) -> f32 {
        self.segments
            .iter()
            .map(|s| s.wait + s.duration)
            .sum::<f32>()
            - self.t
    }
}

/// A tween's first step at most (a 60 Hz frame).
const FIRST_STEP: f32 = 1.0 / 60.0;

fn ease_in_out(t: f32) -> f32 {
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

fn ease_out_back(t: f32) -> f32 {
    let c1 = 1.70158;
    let c3 = c1 + 1.0;
    1.0 + c3 * (t - 1.0).powi(3) + c1 * (t - 1.0).powi(2)
}

pub(super) fn cancel_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<MatchReset>,
    tweens: Query<(Entity, &Tween)>,
    mut busy: ResMut<ViewBusy>,
) {
    if resets.read().count() == 0 {
        return;
    }
    for (e, tween) in &tweens {
        if tween.despawn_at_end {
            commands.entity(e).despawn();
        } else {
            commands.entity(e).remove::<Tween>();
        }
    }
    busy.0 = false;
}

pub(super) fn run_tweens(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<AnimationSettings>,
    mut tweens: Query<(Entity, &mut Tween, &mut Transform, Option<&mut Flush>)>,
    mut busy: ResMut<ViewBusy>,
    mut cues: MessageWriter<PlaySound>,
    mut next_frame: ResMut<NextFrame>,
) {
    let dt = time.delta_secs() * settings.speed.max(0.05);
    let mut blocking = false;
    for (e, mut tween, mut transform, mut flush) in &mut tweens {
        // Frames run back to back while something moves, but the frame a
        // tween starts in may follow a long still spell: its first step is
        // one frame's worth, so a motion never starts half played.
        let step = if tween.running {
            dt
        } else {
            tween.running = true;
            dt.min(FIRST_STEP * settings.speed.max(0.05))
        };
        next_frame.now();
        tween.t += if settings.instant {
            f32::INFINITY
        } else {
            step
        };
        while let Some(seg) = tween.segments.front().copied() {
            let local = tween.t - seg.wait;
            let progress = if seg.duration <= 0.0 {
                if local >= 0.0 { 1.0 } else { 0.0 }
            } else {
                (local / seg.duration).clamp(0.0, 1.0)
            };
            if local >= 0.0 {
                if !seg.started {
                    if let (Some(cue), false) = (seg.cue, settings.instant) {
                        cues.write(PlaySound::now(cue));
                    }
                    if let Some(front) = tween.segments.front_mut() {
                        front.started = true;
                    }
                }
                apply(seg.motion, progress, &mut transform, flush.as_deref_mut());
            }
            if local >= seg.duration {
                tween.t -= seg.wait + seg.duration;
                tween.segments.pop_front();
            } else {
                break;
            }
        }
        if tween.segments.is_empty() {
            if tween.despawn_at_end {
                commands.entity(e).despawn();
            } else {
                commands.entity(e).remove::<Tween>();
            }
        } else if tween.blocks_input {
            blocking = true;
        }
    }
    busy.0 = blocking;
}

fn apply(motion: Motion, t: f32, transform: &mut Transform, flush: Option<&mut Flush>) {
    match motion {
        Motion::Slide { from, to, lift } => {
            let k = ease_in_out(t);
            let mut p = from.lerp(to, k);
            // An arc: highest half way, and a little larger as if nearer.
            let up = 4.0 * t * (1.0 - t);
            p.y += lift * up;
            transform.translation = p;
            transform.scale = Vec3::splat(1.0 + 0.18 * up * (lift > 0.0) as u8 as f32);
        }
        Motion::ToTray { from, to, scale } => {
            let k = ease_in_out(t);
            let mut p = from.lerp(to, k);
            p.y += 0.6 * UNIT * 4.0 * t * (1.0 - t);
            transform.translation = p;
            transform.scale = Vec3::splat(1.0 + (scale - 1.0) * k);
        }
        Motion::Drop { at } => {
            let k = ease_out_back(t);
            transform.translation = at + Vec3::Y * (1.0 - t) * 0.5 * UNIT;
            transform.scale = Vec3::splat(1.6 - 0.6 * k);
        }
        Motion::Shake { at } => {
            let wobble = (t * std::f32::consts::TAU * 3.0).sin() * (1.0 - t) * 0.09 * UNIT;
            transform.translation = at + Vec3::X * wobble;
        }
        Motion::Huff { at } => {
            transform.translation = at + Vec3::Y * t * 0.3 * UNIT;
            transform.rotation = Quat::from_rotation_z(t * std::f32::consts::TAU * 1.5);
            transform.scale = Vec3::splat((1.0 + 0.3 * t) * (1.0 - t * t).max(0.0));
            if let Some(flush) = flush {
                flush.0 = (t * 3.0).min(1.0);
            }
        }
    }
}

//! Animation: steps ease to their point, jumps arc over the jumped piece,
//! chains play hop by hop with each captured piece flying to the tray as it
//! is jumped, huffed officers spin away, placements drop in, and refused
//! moves shake. Input waits while a blocking animation plays. Each motion
//! that makes a sound sends its cue when it starts, so a chain's captures
//! sound in rhythm with its hops at any speed.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::audio::{Cue, PlaySound};
use super::board_view::{BoardLayout, UNIT, z};
use super::match_state::{Match, MatchReset, MoveApplied};
use super::pieces::{Leaving, Piece, PieceArt, PieceAt, PieceBody, PieceVisual, TrayPiece};
use super::skin::ActiveSkin;
use super::skin::look::SkinLook;
use crate::rules::{MoveKind, Point};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnimationSettings>()
        .init_resource::<ViewBusy>()
        .add_message::<ShakePiece>()
        .add_systems(
            Update,
            (
                cancel_on_reset,
                start_move_animations,
                start_shakes,
                run_tweens,
                show_flush,
            )
                .chain()
                .in_set(super::GameSet::Animate),
        );
}

/// How fast moves play.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct AnimationSettings {
    /// 1.0 plays a step in [`STEP_SECONDS`]; 2.0 twice as fast.
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

pub const STEP_SECONDS: f32 = 0.2;
pub const HOP_SECONDS: f32 = 0.28;
const LEAVE_SECONDS: f32 = 0.35;
const DROP_SECONDS: f32 = 0.25;
const SHAKE_SECONDS: f32 = 0.3;
const HUFF_SECONDS: f32 = 0.7;

/// True while an animation that input must wait for is playing.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct ViewBusy(pub bool);

/// Shake the piece on this point: a refused move.
#[derive(Message, Clone, Copy, Debug)]
pub struct ShakePiece(pub Point);

/// A queue of timed motions for one entity.
#[derive(Component, Debug, Default)]
pub struct Tween {
    segments: VecDeque<Segment>,
    /// Time into the current segment (its wait included).
    t: f32,
    /// Input waits for this tween.
    pub blocks_input: bool,
    despawn_at_end: bool,
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
enum Motion {
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
    fn new(blocks_input: bool) -> Tween {
        Tween {
            blocks_input,
            ..Tween::default()
        }
    }
    fn then(mut self, wait: f32, duration: f32, motion: Motion) -> Tween {
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
    fn sounding(mut self, cue: Cue) -> Tween {
        if let Some(last) = self.segments.back_mut() {
            last.cue = Some(cue);
        }
        self
    }
    fn despawn(mut self) -> Tween {
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

fn cancel_on_reset(
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

/// Turns each applied move into tweens on the piece entities.
#[allow(clippy::too_many_arguments)]
fn start_move_animations(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    settings: Res<AnimationSettings>,
    layout: Res<BoardLayout>,
    the_match: Res<Match>,
    art: PieceArt,
    active: Res<ActiveSkin>,
    mut busy: ResMut<ViewBusy>,
    mut cues: MessageWriter<PlaySound>,
    pieces: Query<(Entity, &Piece, &PieceAt, &Transform), Without<Leaving>>,
    tray: Query<(), With<TrayPiece>>,
) {
    let moves: Vec<MoveApplied> = applied.read().copied().collect();
    if settings.instant {
        // No motion, but the sounds still follow the move's rhythm.
        for m in &moves {
            cue_instant_move(m, &mut cues);
        }
        return;
    }
    let tray_scale = active.data.tray.scale;
    let mut tray_count = tray.iter().count();
    for MoveApplied { mv, side, effects } in moves {
        let at = |p: Point, z: f32| layout.world(p).extend(z);
        let find = |p: Point| pieces.iter().find(|(_, _, at, _)| at.0 == p);
        let mut end_time = 0.0;
        match mv.kind() {
            MoveKind::Place => {
                let e = art.spawn(&mut commands, the_match.kind(), side, layout.world(mv.to()));
                commands.entity(e).insert((
                    PieceAt(mv.to()),
                    Tween::new(true)
                        .then(
                            0.0,
                            DROP_SECONDS,
                            Motion::Drop {
                                at: at(mv.to(), z::PIECE),
                            },
                        )
                        .sounding(Cue::Place),
                ));
                end_time = DROP_SECONDS;
            }
            MoveKind::Step | MoveKind::Jump => {
                let Some((mover, _, _, transform)) = find(mv.from()) else {
                    continue;
                };
                let jump = mv.is_jump();
                let hop_time = if jump { HOP_SECONDS } else { STEP_SECONDS };
                let mut stops = vec![mv.from()];
                stops.extend(mv.landings());
                // A chain picked hop by hop is already shown part way: play the rest.
                let here = transform.translation.truncate();
                let shown = stops
                    .iter()
                    .rposition(|p| layout.world(*p).distance(here) < 1.0)
                    .unwrap_or(0);
                let mut tween = Tween::new(true);
                let mut from = transform.translation.with_z(z::MOVING);
                let captured: Vec<Point> = mv.captured().collect();
                for (i, to_point) in stops.iter().enumerate().skip(1) {
                    let (wait, duration) = if i <= shown {
                        (0.0, 0.0)
                    } else {
                        (0.0, hop_time)
                    };
                    let to = at(*to_point, z::MOVING);
                    tween = tween.then(
                        wait,
                        duration,
                        Motion::Slide {
                            from,
                            to,
                            lift: if jump { 0.45 * UNIT } else { 0.0 },
                        },
                    );
                    if !jump {
                        tween = tween.sounding(Cue::Step);
                    }
                    from = to;
                    // The jumped piece leaves as the hunter passes over it.
                    if let Some(over) = captured.get(i - 1)
                        && let Some((victim, _, _, vt)) = find(*over)
                    {
                        let start = (i.saturating_sub(shown + 1)) as f32 * hop_time;
                        let leave_at = if i <= shown {
                            0.0
                        } else {
                            start + hop_time * 0.5
                        };
                        commands.entity(victim).remove::<PieceAt>().insert((
                            Leaving,
                            TrayPiece(tray_count),
                            Tween::new(true)
                                .then(
                                    leave_at,
                                    LEAVE_SECONDS,
                                    Motion::ToTray {
                                        from: vt.translation.with_z(z::MOVING),
                                        to: layout.tray_slot(tray_count).extend(z::PIECE),
                                        scale: tray_scale,
                                    },
                                )
                                .sounding(Cue::Capture),
                        ));
                        tray_count += 1;
                        end_time = f32::max(end_time, leave_at + LEAVE_SECONDS);
                    }
                }
                end_time = f32::max(end_time, tween.remaining());
                // Settle back onto the piece layer.
                let last = at(mv.to(), z::PIECE);
                tween = tween.then(
                    0.0,
                    0.0,
                    Motion::Slide {
                        from: last,
                        to: last,
                        lift: 0.0,
                    },
                );
                commands.entity(mover).insert((PieceAt(mv.to()), tween));
            }
        }
        // Huffed hunters go after the move, each with its own effect.
        for p in effects.huffed {
            let victim = if !mv.is_placement() && p == mv.to() {
                find(mv.from()).map(|(e, _, _, _)| e)
            } else {
                find(p).map(|(e, _, _, _)| e)
            };
            if let Some(victim) = victim {
                commands.entity(victim).insert((
                    Leaving,
                    Flush::default(),
                    Tween::new(true)
                        .then(
                            end_time,
                            HUFF_SECONDS,
                            Motion::Huff {
                                at: at(p, z::MOVING),
                            },
                        )
                        .sounding(Cue::Huff)
                        .despawn(),
                ));
            }
        }
        busy.0 = true;
    }
}

/// The sounds of a move shown at once: the step or placement now, the
/// captures at the pace a chain would hop, then the huffs.
fn cue_instant_move(m: &MoveApplied, cues: &mut MessageWriter<PlaySound>) {
    let first = match m.mv.kind() {
        MoveKind::Place => Some(Cue::Place),
        MoveKind::Step => Some(Cue::Step),
        MoveKind::Jump => None,
    };
    if let Some(cue) = first {
        cues.write(PlaySound::now(cue));
    }
    let captures = m.mv.captured().count();
    for i in 0..captures {
        cues.write(PlaySound {
            cue: Cue::Capture,
            delay: i as f32 * HOP_SECONDS,
        });
    }
    for _ in m.effects.huffed {
        cues.write(PlaySound {
            cue: Cue::Huff,
            delay: captures as f32 * HOP_SECONDS,
        });
    }
}

fn start_shakes(
    mut commands: Commands,
    mut shakes: MessageReader<ShakePiece>,
    layout: Res<BoardLayout>,
    pieces: Query<(Entity, &PieceAt, &Transform), (Without<Leaving>, Without<Tween>)>,
) {
    for ShakePiece(p) in shakes.read() {
        if let Some((e, _, transform)) = pieces.iter().find(|(_, at, _)| at.0 == *p) {
            let home = layout.world(*p).extend(z::PIECE);
            let back = transform.translation.truncate().distance(home.truncate());
            let mut tween = Tween::new(false);
            if back > 1.0 {
                // A drop off target: snap back first.
                tween = tween.then(
                    0.0,
                    0.12,
                    Motion::Slide {
                        from: transform.translation,
                        to: home,
                        lift: 0.0,
                    },
                );
            }
            commands
                .entity(e)
                .insert(tween.then(0.0, SHAKE_SECONDS, Motion::Shake { at: home }));
        }
    }
}

fn run_tweens(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<AnimationSettings>,
    mut tweens: Query<(Entity, &mut Tween, &mut Transform, Option<&mut Flush>)>,
    mut busy: ResMut<ViewBusy>,
    mut cues: MessageWriter<PlaySound>,
) {
    let dt = time.delta_secs() * settings.speed.max(0.05);
    let mut blocking = false;
    for (e, mut tween, mut transform, mut flush) in &mut tweens {
        tween.t += if settings.instant { f32::INFINITY } else { dt };
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

/// Shows a huffed piece's flush in the skin: a sprite is tinted, a drawn
/// shape's body takes the huff colour.
fn show_flush(
    look: Res<SkinLook>,
    flushing: Query<(&Flush, &Children), Changed<Flush>>,
    mut sprites: Query<&mut Sprite, With<PieceVisual>>,
    visuals: Query<&Children, With<PieceVisual>>,
    mut bodies: Query<&mut MeshMaterial2d<ColorMaterial>, With<PieceBody>>,
) {
    for (flush, children) in &flushing {
        for child in children.iter() {
            if let Ok(mut sprite) = sprites.get_mut(child) {
                sprite.color = Color::WHITE.mix(&look.huff, flush.0 * 0.8);
            }
            for part in visuals.get(child).into_iter().flat_map(|c| c.iter()) {
                if let Ok(mut material) = bodies.get_mut(part)
                    && flush.0 > 0.3
                {
                    material.0 = look.huff_material.clone();
                }
            }
        }
    }
}

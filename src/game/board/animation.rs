//! Animation: steps ease to their point, jumps arc over the jumped piece,
//! chains play hop by hop with each captured piece flying to the tray as it
//! is jumped, huffed officers spin away, placements drop in, and refused
//! moves shake. Input waits while a blocking animation plays. Each motion
//! that makes a sound sends its cue when it starts, so a chain's captures
//! sound in rhythm with its hops at any speed. The motions themselves are
//! played by `tween`.

use bevy::prelude::*;

use crate::game::GameSet;
use crate::game::board::audio::{Cue, PlaySound};
use crate::game::board::pieces::{
    Leaving, Piece, PieceArt, PieceAt, PieceBody, PieceVisual, TrayPiece,
};
use crate::game::board::skin::ActiveSkin;
use crate::game::board::skin::look::SkinLook;
use crate::game::board::tween::{
    AnimationSettings, Flush, Motion, Tween, cancel_on_reset, follow_settings, run_tweens,
};
use crate::game::board::view::{BoardLayout, UNIT, z};
use crate::game::common::settings::Settings;
use crate::game::common::view::{ShakePiece, ViewBusy};
use crate::game::play::match_state::{Match, MoveApplied};
use crate::rules::{GameId, Move, MoveKind, Point, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnimationSettings>()
        .add_systems(
            Update,
            follow_settings
                .run_if(resource_changed::<Settings>)
                .in_set(GameSet::Commands),
        )
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
                .in_set(GameSet::Animate),
        );
}

pub const STEP_SECONDS: f32 = 0.2;
pub const HOP_SECONDS: f32 = 0.28;
const LEAVE_SECONDS: f32 = 0.35;
const DROP_SECONDS: f32 = 0.25;
const SHAKE_SECONDS: f32 = 0.3;
const HUFF_SECONDS: f32 = 0.7;

/// Turns each applied move into tweens on the piece entities.
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
            cue_instant_move(m, the_match.game().rules(), &mut cues);
        }
        return;
    }
    let mut stage = Stage {
        layout: &layout,
        rules: the_match.game().rules(),
        pieces: pieces
            .iter()
            .map(|(e, _, at, t)| (e, at.0, t.translation))
            .collect(),
        tray_scale: active.data.tray.scale,
        tray_count: tray.iter().count(),
    };
    for MoveApplied { mv, side, effects } in moves {
        let end_time = match mv.kind() {
            MoveKind::Place => stage.drop_in(&mut commands, &art, the_match.kind(), side, mv),
            MoveKind::Pass => continue,
            // A crowd piece the hunters' opening takes off flies to the tray.
            MoveKind::Remove => match stage.send_to_tray(&mut commands, mv.to(), 0.0) {
                true => LEAVE_SECONDS,
                false => continue,
            },
            MoveKind::Step | MoveKind::Jump => match stage.travel(&mut commands, mv) {
                Some(end_time) => end_time,
                // No piece stands on the origin: nothing to animate.
                None => continue,
            },
        };
        // Huffed hunters go after the move, each with its own effect.
        for p in effects.huffed {
            stage.huff(&mut commands, mv, p, end_time);
        }
        busy.0 = true;
    }
}

/// The board as the animations of one frame's moves see it: where each
/// piece entity stands, and the tray's next free slot.
struct Stage<'a> {
    layout: &'a BoardLayout,
    rules: &'a crate::rules::Rules,
    pieces: Vec<(Entity, Point, Vec3)>,
    tray_scale: f32,
    tray_count: usize,
}

impl Stage<'_> {
    fn at(&self, p: Point, z: f32) -> Vec3 {
        self.layout.world(p).extend(z)
    }

    fn find(&self, p: Point) -> Option<(Entity, Vec3)> {
        self.pieces
            .iter()
            .find(|(_, at, _)| *at == p)
            .map(|&(e, _, translation)| (e, translation))
    }

    /// A placed piece drops in; returns when it lands.
    fn drop_in(
        &mut self,
        commands: &mut Commands,
        art: &PieceArt,
        game: GameId,
        side: Side,
        mv: Move,
    ) -> f32 {
        let e = art.spawn(commands, game, side, self.layout.world(mv.to()));
        commands.entity(e).insert((
            PieceAt(mv.to()),
            Tween::new(true)
                .then(
                    0.0,
                    DROP_SECONDS,
                    Motion::Drop {
                        at: self.at(mv.to(), z::PIECE),
                    },
                )
                .sounding(Cue::Place),
        ));
        DROP_SECONDS
    }

    /// A step, or a jump chain hop by hop with each captured piece leaving
    /// as the hunter passes over it; returns when the last motion ends, or
    /// None when no piece stands on the move's origin.
    fn travel(&mut self, commands: &mut Commands, mv: Move) -> Option<f32> {
        let (mover, here) = self.find(mv.from())?;
        let jump = mv.is_jump();
        let hop_time = if jump { HOP_SECONDS } else { STEP_SECONDS };
        let mut stops = vec![mv.from()];
        stops.extend(mv.landings());
        // A chain picked hop by hop is already shown part way: play the rest.
        let shown = stops
            .iter()
            .rposition(|p| self.layout.world(*p).distance(here.truncate()) < 1.0)
            .unwrap_or(0);
        let mut tween = Tween::new(true);
        let mut from = here.with_z(z::MOVING);
        let captured: Vec<Point> = self.rules.captured(&mv).collect();
        let mut end_time: f32 = 0.0;
        for (i, to_point) in stops.iter().enumerate().skip(1) {
            let duration = if i <= shown { 0.0 } else { hop_time };
            let to = self.at(*to_point, z::MOVING);
            let lift = if jump { 0.45 * UNIT } else { 0.0 };
            tween = tween.then(0.0, duration, Motion::Slide { from, to, lift });
            if !jump {
                tween = tween.sounding(Cue::Step);
            }
            from = to;
            if let Some(over) = captured.get(i - 1) {
                let start = (i.saturating_sub(shown + 1)) as f32 * hop_time;
                let leave_at = if i <= shown {
                    0.0
                } else {
                    start + hop_time * 0.5
                };
                if self.send_to_tray(commands, *over, leave_at) {
                    end_time = end_time.max(leave_at + LEAVE_SECONDS);
                }
            }
        }
        end_time = end_time.max(tween.remaining());
        // Settle back onto the piece layer.
        let last = self.at(mv.to(), z::PIECE);
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
        Some(end_time)
    }

    /// The captured piece on `over` flies to the tray after `leave_at`
    /// seconds; false if no piece stands there.
    fn send_to_tray(&mut self, commands: &mut Commands, over: Point, leave_at: f32) -> bool {
        let Some((victim, from)) = self.find(over) else {
            return false;
        };
        commands.entity(victim).remove::<PieceAt>().insert((
            Leaving,
            TrayPiece(self.tray_count),
            Tween::new(true)
                .then(
                    leave_at,
                    LEAVE_SECONDS,
                    Motion::ToTray {
                        from: from.with_z(z::MOVING),
                        to: self.layout.tray_slot(self.tray_count).extend(z::PIECE),
                        scale: self.tray_scale,
                    },
                )
                .sounding(Cue::Capture),
        ));
        self.tray_count += 1;
        true
    }

    /// A huffed hunter flushes, spins and goes once the move has played.
    fn huff(&mut self, commands: &mut Commands, mv: Move, p: Point, after: f32) {
        // A hunter huffed where it just moved is still known by its origin.
        let stood = if !mv.is_placement() && p == mv.to() {
            mv.from()
        } else {
            p
        };
        let Some((victim, _)) = self.find(stood) else {
            return;
        };
        commands.entity(victim).insert((
            Leaving,
            Flush::default(),
            Tween::new(true)
                .then(
                    after,
                    HUFF_SECONDS,
                    Motion::Huff {
                        at: self.at(p, z::MOVING),
                    },
                )
                .sounding(Cue::Huff)
                .despawn(),
        ));
    }
}

/// The sounds of a move shown at once: the step or placement now, the
/// captures at the pace a chain would hop, then the huffs.
fn cue_instant_move(
    m: &MoveApplied,
    rules: &crate::rules::Rules,
    cues: &mut MessageWriter<PlaySound>,
) {
    let first = match m.mv.kind() {
        MoveKind::Place => Some(Cue::Place),
        MoveKind::Step => Some(Cue::Step),
        MoveKind::Remove => Some(Cue::Capture),
        MoveKind::Jump | MoveKind::Pass => None,
    };
    if let Some(cue) = first {
        cues.write(PlaySound::now(cue));
    }
    let captures = rules.captured(&m.mv).count();
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

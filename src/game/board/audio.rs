//! Sound: the animations and the match send [`PlaySound`] cues (a step, one
//! capture per jumped piece as it leaves the board, a huff, a placement, a
//! refused move, the end of the game) and this module plays the active
//! skin's sound for each, at `Settings::effective_volume()`.
//!
//! Headless apps have no audio plugin: cues are still queued (tests read
//! them) but nothing plays. A machine without an audio device gets Bevy's
//! one warning and silence; sounds that can never start are cleared away.

use bevy::audio::{AudioSink, PlaybackMode, Volume};
use bevy::prelude::*;

use crate::game::board::skin::ActiveSkin;
use crate::game::common::redraw::NextFrame;
use crate::game::common::settings::Settings;
use crate::game::common::view::{ShakePiece, ViewBusy};
use crate::game::play::match_state::{Match, MatchReset, MoveApplied, MoveRejected, Player};
use crate::rules::Outcome;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>()
        .init_resource::<SoundQueue>()
        .init_resource::<GameEndSound>()
        .add_systems(
            Update,
            (
                cue_game_sounds,
                queue_cues,
                (
                    load_skin_sounds.run_if(resource_changed::<ActiveSkin>),
                    play_due_sounds,
                    clear_stuck_sounds,
                )
                    .chain()
                    .run_if(resource_exists::<Assets<AudioSource>>),
            )
                .chain()
                .in_set(crate::game::GameSet::View),
        );
}

/// The moments that have a sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    Step,
    Capture,
    Huff,
    Place,
    Illegal,
    Win,
    Loss,
}

impl Cue {
    pub const ALL: [Cue; 7] = [
        Cue::Step,
        Cue::Capture,
        Cue::Huff,
        Cue::Place,
        Cue::Illegal,
        Cue::Win,
        Cue::Loss,
    ];
    fn index(self) -> usize {
        self as usize
    }
}

/// Play a cue's sound after `delay` seconds (0: now).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct PlaySound {
    pub cue: Cue,
    pub delay: f32,
}

impl PlaySound {
    pub fn now(cue: Cue) -> PlaySound {
        PlaySound { cue, delay: 0.0 }
    }
}

/// Cues waiting for their time, and every cue heard so far (for tests).
#[derive(Resource, Default, Debug)]
pub struct SoundQueue {
    waiting: Vec<(Cue, f32)>,
    /// Every cue that came due, in order.
    pub played: Vec<Cue>,
}

/// The win or loss sound, once the last move's animation has finished.
#[derive(Resource, Default, Debug)]
struct GameEndSound(Option<Cue>);

/// The active skin's sounds, by cue.
#[derive(Resource, Default)]
struct SkinSounds([Option<Handle<AudioSource>>; 7]);

/// A sound effect entity, with when it was started.
#[derive(Component)]
struct SoundEffect(f64);

/// Sounds the match causes directly: refused moves and the end of the game.
fn cue_game_sounds(
    the_match: Res<Match>,
    busy: Res<ViewBusy>,
    mut applied: MessageReader<MoveApplied>,
    mut rejected: MessageReader<MoveRejected>,
    mut shakes: MessageReader<ShakePiece>,
    mut resets: MessageReader<MatchReset>,
    mut end: ResMut<GameEndSound>,
    mut cues: MessageWriter<PlaySound>,
) {
    if rejected.read().count() + shakes.read().count() > 0 {
        cues.write(PlaySound::now(Cue::Illegal));
    }
    if resets.read().count() > 0 {
        end.0 = None;
    }
    if applied.read().count() > 0
        && let Some(outcome) = the_match.outcome()
    {
        end.0 = end_cue(&the_match, outcome);
    }
    if !busy.0
        && let Some(cue) = end.0.take()
    {
        cues.write(PlaySound::now(cue));
    }
}

/// A loss when a person lost to the computer; a win otherwise (a person
/// won, two people played, or two computers did). A draw is quiet.
fn end_cue(the_match: &Match, outcome: Outcome) -> Option<Cue> {
    let winner = outcome.winner?;
    let loser = winner.other();
    Some(
        if the_match.player(loser) == Player::Human && the_match.player(winner) != Player::Human {
            Cue::Loss
        } else {
            Cue::Win
        },
    )
}

fn queue_cues(
    mut cues: MessageReader<PlaySound>,
    mut queue: ResMut<SoundQueue>,
    time: Res<Time>,
    mut next_frame: ResMut<NextFrame>,
) {
    let dt = time.delta_secs();
    let mut due = Vec::new();
    queue.waiting.retain_mut(|(cue, left)| {
        *left -= dt;
        let now = *left <= 0.0;
        if now {
            due.push(*cue);
        }
        !now
    });
    for PlaySound { cue, delay } in cues.read() {
        if *delay <= 0.0 {
            due.push(*cue);
        } else {
            queue.waiting.push((*cue, *delay));
        }
    }
    queue.played.extend(due);
    // A frame when the next delayed sound is due.
    for (_, left) in &queue.waiting {
        next_frame.within_secs(*left as f64);
    }
}

fn load_skin_sounds(mut commands: Commands, active: Res<ActiveSkin>, server: Res<AssetServer>) {
    let mut sounds = SkinSounds::default();
    for (slot, path) in sounds.0.iter_mut().zip(active.data.sounds.all()) {
        *slot = path.map(|p| server.load(p.to_string()));
    }
    commands.insert_resource(sounds);
}

/// Plays the cues that came due this frame.
fn play_due_sounds(
    mut commands: Commands,
    mut queue: ResMut<SoundQueue>,
    mut heard: Local<usize>,
    sounds: Option<Res<SkinSounds>>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
) {
    let fresh = queue.played.len().saturating_sub(*heard);
    *heard = queue.played.len();
    // Keep the record short in a long game.
    if queue.played.len() > 256 {
        queue.played.drain(..128);
        *heard = queue.played.len();
    }
    let volume = settings.effective_volume();
    let Some(sounds) = sounds else { return };
    if fresh == 0 || volume <= 0.0 {
        return;
    }
    let start = queue.played.len() - fresh.min(queue.played.len());
    for cue in &queue.played[start..] {
        let Some(handle) = &sounds.0[cue.index()] else {
            continue;
        };
        commands.spawn((
            SoundEffect(time.elapsed_secs_f64()),
            Name::new(format!("sound {cue:?}")),
            AudioPlayer(handle.clone()),
            PlaybackSettings {
                mode: PlaybackMode::Despawn,
                volume: Volume::Linear(volume),
                ..default()
            },
        ));
    }
}

/// Without an audio device a sound never starts (and never despawns itself).
fn clear_stuck_sounds(
    mut commands: Commands,
    time: Res<Time<Real>>,
    stuck: Query<(Entity, &SoundEffect), Without<AudioSink>>,
) {
    let now = time.elapsed_secs_f64();
    for (e, effect) in &stuck {
        if now - effect.0 > 5.0 {
            commands.entity(e).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cue;

    #[test]
    fn every_cue_has_its_own_slot() {
        let slots: Vec<usize> = Cue::ALL.iter().map(|c| c.index()).collect();
        assert_eq!(slots, (0..7).collect::<Vec<_>>());
    }
}

//! Sound: the animations and the match send [`PlaySound`] cues (a step, one
//! capture per jumped piece as it leaves the board, a huff, a placement, a
//! refused move, the end of the game) and this module plays the active
//! skin's sound for each, at `Settings::effective_volume()`.
//!
//! Two players play them: Bevy's audio on the desktop ([`bevy_player`]),
//! and the browser's Web Audio on the web ([`web_player`], with the Ogg
//! files decoded by [`clip`]). The web leaves Bevy's audio out: its mixer
//! and decoders were a fifth of a megabyte of the page's module
//! (docs/web-figures.md).
//!
//! Headless apps have no audio plugin: cues are still queued (tests read
//! them) but nothing plays. A machine without an audio device gets one
//! warning and silence.

use bevy::prelude::*;

use crate::game::board::skin::ActiveSkin;
use crate::game::common::redraw::NextFrame;
use crate::game::common::settings::Settings;
use crate::game::common::view::{ShakePiece, ViewBusy};
use crate::game::play::match_state::{Match, MatchReset, MoveApplied, MoveRejected, Player};
use crate::rules::Outcome;

#[cfg(not(target_arch = "wasm32"))]
mod bevy_player;
#[cfg(any(target_arch = "wasm32", test))]
pub mod clip;
#[cfg(target_arch = "wasm32")]
mod web_player;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>()
        .init_resource::<SoundQueue>()
        .init_resource::<GameEndSound>()
        .add_systems(
            Update,
            (cue_game_sounds, queue_cues)
                .chain()
                .in_set(crate::game::GameSet::View),
        );
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(bevy_player::plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web_player::plugin);
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

/// The active skin's sounds, by cue, as the player's kind of asset `A`.
#[derive(Resource)]
struct SkinSounds<A: Asset>([Option<Handle<A>>; 7]);

impl<A: Asset> SkinSounds<A> {
    fn get(&self, cue: Cue) -> Option<&Handle<A>> {
        self.0[cue.index()].as_ref()
    }
}

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

/// A loss when a person lost to the computer or a friend online; a win otherwise (a person
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

/// Loads the active skin's sounds (when the skin changes) as `A`s, once the
/// first board has been drawn (no move can sound before it).
fn load_skin_sounds<A: Asset>(
    mut commands: Commands,
    active: Res<ActiveSkin>,
    server: Res<AssetServer>,
) {
    let mut handles: [Option<Handle<A>>; 7] = Default::default();
    for (slot, path) in handles.iter_mut().zip(active.data.sounds.all()) {
        *slot = path.map(|p| server.load(p.to_string()));
    }
    commands.insert_resource(SkinSounds(handles));
}

/// The sounds a player plays now: each cue that came due since it last
/// asked (`heard` is its count of them) with the skin's sound for it, and
/// the volume. None while the sound is off or the skin's sounds are not
/// asked for yet (the cues still count as heard).
fn due_sounds<A: Asset>(
    queue: &mut SoundQueue,
    heard: &mut usize,
    sounds: Option<&SkinSounds<A>>,
    settings: &Settings,
) -> (Vec<(Cue, Handle<A>)>, f32) {
    let cues = fresh_cues(queue, heard);
    let volume = settings.effective_volume();
    let Some(sounds) = sounds.filter(|_| volume > 0.0) else {
        return (Vec::new(), volume);
    };
    let due = cues
        .into_iter()
        .filter_map(|cue| Some((cue, sounds.get(cue)?.clone())))
        .collect();
    (due, volume)
}

/// The cues that came due since the player last asked (`heard` is its
/// count of them), oldest first; keeps the record short in a long game.
fn fresh_cues(queue: &mut SoundQueue, heard: &mut usize) -> Vec<Cue> {
    let fresh = queue.played.len().saturating_sub(*heard);
    let cues = queue.played[queue.played.len() - fresh..].to_vec();
    *heard = queue.played.len();
    if queue.played.len() > 256 {
        queue.played.drain(..128);
        *heard = queue.played.len();
    }
    cues
}

#[cfg(test)]
mod tests {
    use super::{Cue, SoundQueue, fresh_cues};

    #[test]
    fn due_cues_come_with_the_skin_s_sound_and_none_while_muted() {
        use super::{Settings, SkinSounds, due_sounds};
        use bevy::prelude::{Handle, Image};
        let mut handles: [Option<Handle<Image>>; 7] = Default::default();
        handles[Cue::Step.index()] = Some(Handle::default());
        let sounds = SkinSounds(handles);
        let mut settings = Settings::default();
        let mut queue = SoundQueue::default();
        let mut heard = 0;
        // A cue without a sound in the skin is skipped.
        queue.played.extend([Cue::Step, Cue::Huff]);
        let (due, volume) = due_sounds(&mut queue, &mut heard, Some(&sounds), &settings);
        assert_eq!(due.iter().map(|(c, _)| *c).collect::<Vec<_>>(), [Cue::Step]);
        assert_eq!(volume, settings.effective_volume());
        // Muted, or before the skin's sounds: nothing, and the cues are heard.
        settings.muted = true;
        queue.played.push(Cue::Step);
        assert!(
            due_sounds(&mut queue, &mut heard, Some(&sounds), &settings)
                .0
                .is_empty()
        );
        settings.muted = false;
        queue.played.push(Cue::Step);
        assert!(
            due_sounds::<Image>(&mut queue, &mut heard, None, &settings)
                .0
                .is_empty()
        );
        assert!(
            due_sounds(&mut queue, &mut heard, Some(&sounds), &settings)
                .0
                .is_empty()
        );
    }

    #[test]
    fn each_due_cue_is_handed_to_the_player_once() {
        let mut queue = SoundQueue::default();
        let mut heard = 0;
        queue.played.extend([Cue::Step, Cue::Capture]);
        assert_eq!(
            fresh_cues(&mut queue, &mut heard),
            [Cue::Step, Cue::Capture]
        );
        assert!(fresh_cues(&mut queue, &mut heard).is_empty());
        queue.played.push(Cue::Win);
        assert_eq!(fresh_cues(&mut queue, &mut heard), [Cue::Win]);
        // A long game's record is cut, and nothing old comes back.
        queue.played.extend([Cue::Place; 300]);
        assert_eq!(fresh_cues(&mut queue, &mut heard).len(), 300);
        assert!(queue.played.len() < 256);
        assert!(fresh_cues(&mut queue, &mut heard).is_empty());
    }

    #[test]
    fn every_cue_has_its_own_slot() {
        let slots: Vec<usize> = Cue::ALL.iter().map(|c| c.index()).collect();
        assert_eq!(slots, (0..7).collect::<Vec<_>>());
    }
}

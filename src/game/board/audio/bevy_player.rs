//! The desktop's player: Bevy's audio (rodio on the system's device).

use bevy::audio::{AudioSink, PlaybackMode, Volume};
use bevy::prelude::*;

use super::{SkinSounds, SoundQueue, due_sounds, load_skin_sounds};
use crate::game::board::skin::ActiveSkin;
use crate::game::common::settings::Settings;
use crate::game::common::view::first_board_drawn;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            load_skin_sounds::<AudioSource>
                .run_if(first_board_drawn.and_then(resource_changed::<ActiveSkin>)),
            play_due_sounds,
            clear_stuck_sounds,
        )
            .chain()
            .after(super::queue_cues)
            .run_if(resource_exists::<Assets<AudioSource>>)
            .in_set(crate::game::GameSet::View),
    );
}

/// A sound effect entity, with when it was started.
#[derive(Component)]
struct SoundEffect(f64);

/// Plays the cues that came due this frame.
fn play_due_sounds(
    mut commands: Commands,
    mut queue: ResMut<SoundQueue>,
    mut heard: Local<usize>,
    sounds: Option<Res<SkinSounds<AudioSource>>>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
) {
    let (due, volume) = due_sounds(&mut queue, &mut heard, sounds.as_deref(), &settings);
    for (cue, handle) in due {
        commands.spawn((
            SoundEffect(time.elapsed_secs_f64()),
            Name::new(format!("sound {cue:?}")),
            AudioPlayer(handle),
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

//! The web's player: the browser's Web Audio plays the skin's sounds (each
//! decoded by [`super::clip`] at its first play), through a gain node at the
//! settings' volume.
//!
//! Browsers keep audio suspended until the person touches the page, so the
//! first press or key anywhere on the page wakes the audio context. A
//! browser without Web Audio plays nothing, and the console says so once.

use std::cell::RefCell;
use std::collections::HashMap;

use bevy::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{AudioBuffer, AudioContext, AudioContextState};

use super::clip::{OggFile, OggFileLoader, SoundClip};
use super::{SkinSounds, SoundQueue, due_sounds, load_skin_sounds};
use crate::game::board::skin::ActiveSkin;
use crate::game::common::settings::Settings;
use crate::game::common::view::first_board_drawn;

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<AssetServer>() {
        return;
    }
    app.init_asset::<OggFile>()
        .init_asset_loader::<OggFileLoader>()
        .add_systems(Startup, wake_on_first_touch)
        .add_systems(
            Update,
            (
                load_skin_sounds::<OggFile>
                    .run_if(first_board_drawn.and_then(resource_changed::<ActiveSkin>)),
                play_due_sounds,
            )
                .chain()
                .after(super::queue_cues)
                .in_set(crate::game::GameSet::View),
        );
}

/// The page's audio: its context (made at the first sound or touch) and
/// each sound's buffer, made at its first play.
#[derive(Default)]
struct WebAudio {
    context: Option<AudioContext>,
    /// `None` for a file that did not decode (said once).
    buffers: HashMap<AssetId<OggFile>, Option<AudioBuffer>>,
    /// Audio is off for good on this page (the log said why, once).
    broken: bool,
    // The page listeners that wake the audio, kept alive.
    _wake: Vec<Closure<dyn FnMut()>>,
}

thread_local! {
    static AUDIO: RefCell<WebAudio> = RefCell::new(WebAudio::default());
}

impl WebAudio {
    /// The context, made the first time; `None` once audio has failed.
    fn context(&mut self) -> Option<AudioContext> {
        if self.broken {
            return None;
        }
        if self.context.is_none() {
            match AudioContext::new() {
                Ok(context) => self.context = Some(context),
                Err(e) => {
                    warn!("sound is off: no Web Audio on this page ({e:?})");
                    self.turn_off();
                }
            }
        }
        self.context.clone()
    }

    /// Resumes a suspended context (the browser allows it after a touch).
    fn wake(&mut self) {
        if let Some(context) = self.context()
            && context.state() == AudioContextState::Suspended
        {
            let _ = context.resume();
        }
    }

    fn turn_off(&mut self) {
        self.broken = true;
        self.context = None;
        self.buffers.clear();
    }

    /// Plays `file` at `volume` (0..1).
    fn play(&mut self, id: AssetId<OggFile>, file: &OggFile, volume: f32) {
        let Some(context) = self.context() else {
            return;
        };
        if context.state() == AudioContextState::Suspended {
            let _ = context.resume();
        }
        let buffer = match self.buffers.get(&id) {
            Some(Some(buffer)) => buffer.clone(),
            Some(None) => return,
            None => {
                let clip = match file.decode() {
                    Ok(clip) => clip,
                    // One bad file: the others still play.
                    Err(e) => {
                        warn!("a sound is not played: {e}");
                        self.buffers.insert(id, None);
                        return;
                    }
                };
                match buffer_of(&context, &clip) {
                    Ok(buffer) => {
                        self.buffers.insert(id, Some(buffer.clone()));
                        buffer
                    }
                    Err(e) => {
                        warn!("sound is off: a clip could not be made ({e:?})");
                        return self.turn_off();
                    }
                }
            }
        };
        if let Err(e) = start(&context, &buffer, volume) {
            warn!("sound is off: a sound could not start ({e:?})");
            self.turn_off();
        }
    }
}

fn buffer_of(context: &AudioContext, clip: &SoundClip) -> Result<AudioBuffer, JsValue> {
    let buffer = context.create_buffer(
        clip.channels.len() as u32,
        clip.frames() as u32,
        clip.rate as f32,
    )?;
    for (n, samples) in clip.channels.iter().enumerate() {
        buffer.copy_to_channel(samples, n as i32)?;
    }
    Ok(buffer)
}

/// A one-shot source through a gain node; the browser frees both when the
/// clip has played.
fn start(context: &AudioContext, buffer: &AudioBuffer, volume: f32) -> Result<(), JsValue> {
    let source = context.create_buffer_source()?;
    source.set_buffer(Some(buffer));
    let gain = context.create_gain()?;
    gain.gain().set_value(volume);
    source.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&context.destination())?;
    source.start()
}

/// Wakes the audio at the person's first press or key (browsers refuse sound
/// before one), and on every later one in case the browser suspended it.
fn wake_on_first_touch() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let mut kept = Vec::new();
    for event in ["pointerdown", "keydown", "touchend"] {
        let wake = Closure::<dyn FnMut()>::new(|| AUDIO.with(|a| a.borrow_mut().wake()));
        if window
            // In the capture phase: before the canvas's own handlers.
            .add_event_listener_with_callback_and_bool(event, wake.as_ref().unchecked_ref(), true)
            .is_ok()
        {
            kept.push(wake);
        }
    }
    AUDIO.with(|a| a.borrow_mut()._wake = kept);
}

/// Plays the cues that came due this frame.
fn play_due_sounds(
    mut queue: ResMut<SoundQueue>,
    mut heard: Local<usize>,
    sounds: Option<Res<SkinSounds<OggFile>>>,
    files: Res<Assets<OggFile>>,
    settings: Res<Settings>,
) {
    let (due, volume) = due_sounds(&mut queue, &mut heard, sounds.as_deref(), &settings);
    for (_, handle) in due {
        // A sound still loading (or that failed to) is skipped, as Bevy's player does.
        if let Some(file) = files.get(&handle) {
            AUDIO.with(|a| a.borrow_mut().play(handle.id(), file, volume));
        }
    }
}

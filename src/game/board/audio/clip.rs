//! Sound clips for the web's player: an Ogg Vorbis file, decoded into the
//! samples Web Audio plays the first time it is played (the browser's own
//! decoder is no help: Safari has none for Ogg). Decoding all of a skin's
//! sounds at once cost the page's start 70 ms under a software renderer.

use std::io::Cursor;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use lewton::inside_ogg::OggStreamReader;

/// The longest clip read (a sound effect is a second or two): a file that
/// decodes to more is refused, not held in memory.
const MAX_SECONDS: usize = 30;

/// A sound file as loaded: its bytes, checked to start like an Ogg file.
#[derive(Asset, TypePath, Clone, Debug, PartialEq)]
pub struct OggFile {
    pub file: String,
    pub bytes: Vec<u8>,
}

impl OggFile {
    pub fn decode(&self) -> Result<SoundClip, ClipError> {
        decode_ogg(&self.bytes, &self.file)
    }
}

/// A decoded sound: its sample rate and each channel's samples in -1..1.
#[derive(Clone, Debug, PartialEq)]
pub struct SoundClip {
    pub rate: u32,
    pub channels: Vec<Vec<f32>>,
}

impl SoundClip {
    /// Samples per channel.
    pub fn frames(&self) -> usize {
        self.channels.first().map_or(0, Vec::len)
    }
}

/// Why a sound file could not be read.
#[derive(Debug, PartialEq)]
pub enum ClipError {
    Undecodable(String, String),
    TooLong(String),
    Empty(String),
    Unreadable(String, String),
}

impl std::fmt::Display for ClipError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClipError::Undecodable(file, why) => {
                write!(f, "{file}: not an Ogg Vorbis file we can read ({why})")
            }
            ClipError::TooLong(file) => {
                write!(
                    f,
                    "{file}: longer than {MAX_SECONDS} s, too long for a sound effect"
                )
            }
            ClipError::Empty(file) => write!(f, "{file}: no sound in it"),
            ClipError::Unreadable(file, why) => write!(f, "{file}: unreadable ({why})"),
        }
    }
}

impl std::error::Error for ClipError {}

/// Decodes an Ogg Vorbis file (`file` names it in errors).
pub fn decode_ogg(bytes: &[u8], file: &str) -> Result<SoundClip, ClipError> {
    let undecodable = |e: lewton::VorbisError| ClipError::Undecodable(file.into(), e.to_string());
    let mut reader = OggStreamReader::new(Cursor::new(bytes)).map_err(undecodable)?;
    let rate = reader.ident_hdr.audio_sample_rate;
    let count = usize::from(reader.ident_hdr.audio_channels);
    if rate == 0 || count == 0 {
        return Err(ClipError::Empty(file.into()));
    }
    let limit = MAX_SECONDS * rate as usize;
    let mut channels = vec![Vec::new(); count];
    while let Some(packet) = reader
        .read_dec_packet_generic::<Vec<Vec<f32>>>()
        .map_err(undecodable)?
    {
        for (all, part) in channels.iter_mut().zip(packet) {
            all.extend(part);
        }
        if channels[0].len() > limit {
            return Err(ClipError::TooLong(file.into()));
        }
    }
    let clip = SoundClip { rate, channels };
    if clip.frames() == 0 {
        return Err(ClipError::Empty(file.into()));
    }
    Ok(clip)
}

/// Loads `.ogg` files as [`OggFile`]s (a file that is not Ogg is refused
/// here; one that is but does not decode, at its first play).
#[derive(Default, TypePath)]
pub struct OggFileLoader;

impl AssetLoader for OggFileLoader {
    type Asset = OggFile;
    type Settings = ();
    type Error = ClipError;
    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<OggFile, ClipError> {
        let file = load_context.path().to_string();
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| ClipError::Unreadable(file.clone(), e.to_string()))?;
        if !bytes.starts_with(b"OggS") {
            return Err(ClipError::Undecodable(file, "no Ogg header".into()));
        }
        Ok(OggFile { file, bytes })
    }
    fn extensions(&self) -> &[&str] {
        &["ogg"]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sound(name: &str) -> Vec<u8> {
        std::fs::read(format!(
            "{}/assets/sounds/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    }

    #[test]
    fn every_shipped_sound_decodes_to_a_short_audible_clip() {
        for name in ["capture", "huff", "illegal", "loss", "place", "step", "win"] {
            let clip = decode_ogg(&sound(&format!("{name}.ogg")), name).unwrap();
            let seconds = clip.frames() as f32 / clip.rate as f32;
            assert!((0.05..5.0).contains(&seconds), "{name}: {seconds} s");
            assert!(
                clip.channels.iter().all(|c| c.len() == clip.frames()),
                "{name}"
            );
            let peak = clip.channels[0].iter().fold(0f32, |m, s| m.max(s.abs()));
            assert!((0.01..=1.0).contains(&peak), "{name}: peak {peak}");
        }
    }

    #[test]
    fn a_broken_file_is_an_error_not_a_panic() {
        let whole = sound("step.ogg");
        assert!(matches!(
            decode_ogg(b"not a sound", "x"),
            Err(ClipError::Undecodable(..))
        ));
        assert!(matches!(
            decode_ogg(&[], "x"),
            Err(ClipError::Undecodable(..))
        ));
        // Cut short, or with its middle spoilt: an error or a shorter clip.
        for cut in [40, 200, whole.len() / 2] {
            let _ = decode_ogg(&whole[..cut], "cut");
        }
        let mut spoilt = whole.clone();
        for b in spoilt[300..600].iter_mut() {
            *b ^= 0x5a;
        }
        if let Ok(clip) = decode_ogg(&spoilt, "spoilt") {
            assert!(clip.frames() > 0);
        }
    }
}

//! English and Russian: every text the player sees comes from Project Fluent
//! message files, `assets/i18n/<lang>/<part>.ftl`, loaded as assets (over
//! HTTP on the web), so Russian plural forms ("1 мятежник, 2 мятежника,
//! 5 мятежников") come from Fluent's plural rules, not from our code.
//!
//! Code asks for text by message id: `i18n.tr("menu-new-game")`, or with
//! arguments through a [`Msg`]: `i18n.msg(&Msg::new("menu-continue-plies").num("count", 5))`.
//! A message missing in the current language falls back to English, then
//! to its id, so a gap shows up on screen instead of as an empty label.

use std::borrow::Cow;

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

use crate::game::common::redraw::LoadWatch;
use crate::game::common::text_asset::TextAsset;
use crate::rules::{GameId, Side};

pub mod errors;

pub use errors::Localize;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<I18n>()
        .add_systems(Startup, load_message_files)
        .add_systems(PreUpdate, rebuild_bundles);
}

/// The languages of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    Russian,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::Russian];
    /// The folder under `assets/i18n/` and the BCP 47 tag.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Russian => "ru",
        }
    }
    /// The language's own name, for the language picker.
    pub const fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Russian => "Русский",
        }
    }
    const fn index(self) -> usize {
        self as usize
    }
}

/// The message files of each language, one per part of the game. Both
/// languages have the same files; a test checks they have the same ids.
pub const MESSAGE_FILES: [&str; 9] = [
    "main.ftl",
    "rules.ftl",
    "skins.ftl",
    "saves.ftl",
    "web.ftl",
    "ai.ftl",
    "errors.ftl",
    "online.ftl",
    "coach.ftl",
];

/// The path of a message file relative to `assets/`.
pub fn message_file_path(language: Language, file: &str) -> String {
    format!("i18n/{}/{file}", language.code())
}

/// How a side is called in one language. English needs `one` and
/// `plural`; Russian counts with `one` (1, 21), `few` (2-4) and `many`
/// (5-20, 0), which differ from the plural used as a name ("мятежники").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideName {
    pub one: String,
    pub plural: String,
    #[serde(default)]
    pub few: Option<String>,
    #[serde(default)]
    pub many: Option<String>,
}

impl SideName {
    /// The name in one form: `one`, `few`, `many`, else the plural (a
    /// language without that form uses its plural).
    pub fn form(&self, form: &str) -> String {
        let or_plural = |f: &Option<String>| f.clone().unwrap_or(self.plural.clone());
        match form {
            "one" => self.one.clone(),
            "few" => or_plural(&self.few),
            "many" => or_plural(&self.many),
            _ => self.plural.clone(),
        }
    }
}

/// A side's name in every language of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocalName {
    pub en: SideName,
    pub ru: SideName,
}

impl LocalName {
    pub fn get(&self, language: Language) -> &SideName {
        match language {
            Language::English => &self.en,
            Language::Russian => &self.ru,
        }
    }
}

/// An argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Text(String),
    Number(f64),
    /// Another message, translated into the same language first (an
    /// error's reason inside "Not a move: …").
    Msg(Box<Msg>),
    /// A text of a game file, in the language of the message.
    Words(Box<crate::rules::family::file::Words>),
    /// A game's side named in one form (`one`, `few`, `many`, `plural`).
    SideName(crate::rules::GameId, Side, &'static str),
    /// A side as a skin names it, in one form, in the message's language.
    Name(Box<LocalName>, &'static str),
}

/// A message to translate later: an id and its arguments. Errors and
/// notices carry one so they show in the language chosen when they are read.
#[derive(Clone, Debug, PartialEq)]
pub struct Msg {
    pub id: Cow<'static, str>,
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

impl Msg {
    pub fn new(id: impl Into<Cow<'static, str>>) -> Msg {
        Msg {
            id: id.into(),
            args: Vec::new(),
        }
    }
    /// Adds a text argument (`{ $name }` in the message).
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Msg {
        self.args.push((name.into(), Arg::Text(value.into())));
        self
    }
    /// Adds a number argument; plural selectors (`{ $count -> ... }`) use it.
    pub fn num(mut self, name: &'static str, value: impl Into<f64>) -> Msg {
        self.args.push((name.into(), Arg::Number(value.into())));
        self
    }
    /// Adds another message as an argument, translated when this one is.
    pub fn nested(mut self, name: &'static str, value: Msg) -> Msg {
        self.args.push((name.into(), Arg::Msg(Box::new(value))));
        self
    }
    /// Adds a game file's text, taken in the message's language.
    pub fn words(mut self, name: &'static str, value: &crate::rules::family::file::Words) -> Msg {
        self.args
            .push((name.into(), Arg::Words(Box::new(value.clone()))));
        self
    }
    /// Adds a game's side name in one form (`one`, `few`, `many`, `plural`).
    pub fn side_name(
        mut self,
        name: &'static str,
        game: crate::rules::GameId,
        side: Side,
        form: &'static str,
    ) -> Msg {
        self.args
            .push((name.into(), Arg::SideName(game, side, form)));
        self
    }
    /// Adds a side's name as a skin gives it, in one form (`one`, `few`,
    /// `many`, `plural`).
    pub fn name(mut self, name: &'static str, value: &LocalName, form: &'static str) -> Msg {
        self.args
            .push((name.into(), Arg::Name(Box::new(value.clone()), form)));
        self
    }
}

impl From<&'static str> for Msg {
    fn from(id: &'static str) -> Msg {
        Msg::new(id)
    }
}

type Bundle = FluentBundle<FluentResource>;

/// The translations and the language in use.
#[derive(Resource, Default)]
pub struct I18n {
    language: Language,
    /// Indexed by [`Language::index`]; `None` until its files are loaded.
    bundles: [Option<Bundle>; 2],
    /// Handles of the message files, per language.
    files: [Vec<Handle<TextAsset>>; 2],
    /// Problems in the message files (syntax errors, duplicate ids).
    pub problems: Vec<String>,
}

impl I18n {
    /// Translations built from message texts directly (tests, tools):
    /// `sources[lang]` lists `(file name, text)` pairs.
    pub fn from_sources(sources: [Vec<(String, String)>; 2]) -> I18n {
        let mut i18n = I18n::default();
        for language in Language::ALL {
            let texts = &sources[language.index()];
            let (bundle, problems) = build_bundle(language, texts);
            i18n.bundles[language.index()] = Some(bundle);
            i18n.problems.extend(problems);
        }
        i18n
    }

    /// Reads every message file from an `assets` folder on disk (tests, tools).
    pub fn from_dir(assets: &std::path::Path) -> std::io::Result<I18n> {
        let mut sources: [Vec<(String, String)>; 2] = [Vec::new(), Vec::new()];
        for language in Language::ALL {
            for file in MESSAGE_FILES {
                let path = assets.join(message_file_path(language, file));
                let text = std::fs::read_to_string(&path)?;
                sources[language.index()].push((file.to_string(), text));
            }
        }
        Ok(I18n::from_sources(sources))
    }

    pub fn language(&self) -> Language {
        self.language
    }
    pub fn set_language(&mut self, language: Language) {
        self.language = language;
    }
    /// True once the current language's files are loaded.
    pub fn is_ready(&self) -> bool {
        self.bundles[self.language.index()].is_some()
    }

    /// True when the language has a message with this id.
    pub fn has(&self, language: Language, id: &str) -> bool {
        self.bundles[language.index()]
            .as_ref()
            .is_some_and(|b| b.has_message(id))
    }

    /// The text of a message without arguments.
    pub fn tr(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// The text of a message with its arguments.
    pub fn msg(&self, msg: &Msg) -> String {
        let mut args = FluentArgs::new();
        for (name, value) in &msg.args {
            match value {
                Arg::Text(s) => args.set(name.clone(), FluentValue::from(s.clone())),
                Arg::Number(n) => args.set(name.clone(), FluentValue::from(*n)),
                Arg::Msg(inner) => args.set(name.clone(), FluentValue::from(self.msg(inner))),
                Arg::Words(words) => args.set(
                    name.clone(),
                    FluentValue::from(self.words(words).to_string()),
                ),
                Arg::SideName(game, side, form) => {
                    let name_of = self.traditional_name(*game, *side);
                    let text = name_of.get(self.language).form(form);
                    args.set(name.clone(), FluentValue::from(text))
                }
                Arg::Name(name_of, form) => {
                    let text = name_of.get(self.language).form(form);
                    args.set(name.clone(), FluentValue::from(text))
                }
            }
        }
        self.format(&msg.id, Some(&args))
    }

    /// "5 мятежников": a count with the side's name in the right form.
    pub fn count(&self, count: u32, name: &LocalName) -> String {
        let forms = name.get(self.language);
        let mut msg = Msg::new("count-of")
            .num("count", count)
            .text("one", forms.one.clone())
            .text("plural", forms.plural.clone());
        msg = msg
            .text("few", forms.few.clone().unwrap_or(forms.plural.clone()))
            .text("many", forms.many.clone().unwrap_or(forms.plural.clone()));
        self.msg(&msg)
    }

    /// The traditional name of a game's side ("pirates", "Bulgars"), from
    /// the `name-<game>-<side>-<form>` messages of `main.ftl`.
    pub fn traditional_name(&self, game: GameId, side: Side) -> LocalName {
        let side_id = match side {
            Side::Hunters => "hunters",
            Side::Crowd => "crowd",
        };
        let form = |language: Language, form: &str| {
            let id = format!("name-{}-{side_id}-{form}", game.id());
            self.has(language, &id)
                .then(|| self.format_in(language, &id))
        };
        // The message files name the four first games' sides in every
        // form; any other game's file names one piece and several, and
        // the Russian forms for counting.
        let spec = match side {
            Side::Hunters => &game.file().hunters,
            Side::Crowd => &game.file().crowd,
        };
        let file_words = |language: Language, w: &crate::rules::family::file::Words| match language
        {
            Language::English => w.en.clone(),
            Language::Russian => w.ru.clone(),
        };
        // The file's Russian counting forms ("2 вороны", "5 ворон").
        let counted = |language: Language| match language {
            Language::Russian => spec.counted_ru.as_ref(),
            Language::English => None,
        };
        let name = |language: Language| {
            let plural =
                form(language, "plural").unwrap_or_else(|| file_words(language, &spec.many));
            SideName {
                one: form(language, "one").unwrap_or_else(|| file_words(language, &spec.one)),
                few: form(language, "few").or_else(|| counted(language).map(|c| c.0.clone())),
                many: form(language, "many").or_else(|| counted(language).map(|c| c.1.clone())),
                plural,
            }
        };
        LocalName {
            en: name(Language::English),
            ru: name(Language::Russian),
        }
    }

    /// A text of a game file in the current language.
    pub fn words<'a>(&self, w: &'a crate::rules::family::file::Words) -> &'a str {
        match self.language {
            Language::English => &w.en,
            Language::Russian => &w.ru,
        }
    }

    /// A side's name as a plural noun ("rebels"), in the current language.
    pub fn plural<'a>(&self, name: &'a LocalName) -> &'a str {
        &name.get(self.language).plural
    }

    /// A message without arguments in a given language (no fallback).
    fn format_in(&self, language: Language, id: &str) -> String {
        let Some(bundle) = &self.bundles[language.index()] else {
            return id.to_string();
        };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, None, &mut errors)
            .into_owned()
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        for language in [self.language, Language::English] {
            let Some(bundle) = &self.bundles[language.index()] else {
                continue;
            };
            let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, args, &mut errors);
            if !errors.is_empty() {
                warn!("message `{id}` ({}): {errors:?}", language.code());
            }
            return text.into_owned();
        }
        id.to_string()
    }
}

/// Builds one language's bundle, reporting syntax errors and duplicate ids.
fn build_bundle(language: Language, texts: &[(String, String)]) -> (Bundle, Vec<String>) {
    let tag: unic_langid::LanguageIdentifier = language.code().parse().expect("a valid tag");
    let mut bundle = Bundle::new_concurrent(vec![tag]);
    // Bidi isolation marks would show as boxes in egui.
    bundle.set_use_isolating(false);
    let mut problems = Vec::new();
    for (file, text) in texts {
        let resource = match FluentResource::try_new(text.clone()) {
            Ok(r) => r,
            Err((r, errors)) => {
                for e in errors {
                    problems.push(format!("{}/{file}: {e}", language.code()));
                }
                r
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            for e in errors {
                problems.push(format!("{}/{file}: {e}", language.code()));
            }
        }
    }
    (bundle, problems)
}

fn load_message_files(
    mut i18n: ResMut<I18n>,
    server: Res<AssetServer>,
    mut watch: ResMut<LoadWatch>,
) {
    for language in Language::ALL {
        i18n.files[language.index()] = MESSAGE_FILES
            .iter()
            .map(|f| server.load(message_file_path(language, f)))
            .collect();
        for file in &i18n.files[language.index()] {
            watch.watch(file.clone());
        }
    }
}

/// Builds a language's bundle once all its files have loaded (and again
/// when a file changes).
fn rebuild_bundles(
    mut i18n: ResMut<I18n>,
    sources: Res<Assets<TextAsset>>,
    mut events: MessageReader<AssetEvent<TextAsset>>,
) {
    if events.read().count() == 0 {
        return;
    }
    let mut all_problems = Vec::new();
    for language in Language::ALL {
        let files = &i18n.files[language.index()];
        let texts: Option<Vec<(String, String)>> = files
            .iter()
            .zip(MESSAGE_FILES)
            .map(|(h, name)| sources.get(h).map(|s| (name.to_string(), s.0.clone())))
            .collect();
        let Some(texts) = texts else { continue };
        let (bundle, problems) = build_bundle(language, &texts);
        for p in &problems {
            warn!("messages: {p}");
        }
        all_problems.extend(problems);
        i18n.bundles[language.index()] = Some(bundle);
    }
    i18n.problems = all_problems;
}

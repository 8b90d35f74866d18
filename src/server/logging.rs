//! The server's log, through `tracing`: one line per event worth keeping
//! (rooms opened and ended, players coming and going, refused inputs), on
//! standard error, each with a UTC time, its level, and the spans it is in
//! (`conn{id=7 peer=…}`, `room{code=… node=…}`). `--log` (or `RUST_LOG`)
//! filters it; `--log-format json` writes one JSON object a line.
//!
//! Every field is written escaped, so no client text can forge a line or
//! drive a terminal: control characters in text lines, JSON's own
//! escaping in JSON lines. Client text is also quoted where it is written
//! ([`quoted`]), so that it reads as one field. Refused inputs are written
//! five per client address per 10 s, then counted in one line
//! ([`refused`]): a flood writes a handful of lines, not one per frame.

use std::collections::HashMap;
use std::fmt::{self, Debug};
use std::net::IpAddr;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt;

use super::metrics::metrics;
use crate::online::protocol::ErrorKind;

/// How log lines are written (`--log-format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// `2026-12-02T10:04:05.123Z  INFO conn{id=7}: entered`.
    #[default]
    Text,
    /// One JSON object a line: time, level, target, spans, message, fields.
    Json,
}

/// Starts the log: `filter` in `RUST_LOG`'s syntax (`info`,
/// `stronghold::server::conn=debug,info`).
pub fn init(filter: &str, format: LogFormat) -> Result<(), String> {
    let filter = tracing_subscriber::EnvFilter::try_new(filter)
        .map_err(|e| format!("--log: `{}` is not a filter: {e}", filter.escape_debug()))?;
    let lines = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .event_format(Lines(format));
    tracing_subscriber::registry()
        .with(filter)
        .with(SpanFields)
        .with(lines)
        .try_init()
        .map_err(|e| format!("cannot start the log: {e}"))
}

/// Client text (an error that echoes a code, a move, a name) as a log
/// line shows it: in double quotes, with quotes, backslashes and control
/// characters escaped, so it reads as one field that cannot close itself
/// early or pass for the server's own words.
pub(crate) fn quoted(text: &str) -> String {
    format!("{text:?}")
}

/// `text` with every control character escaped (`\n`, `\u{1b}`).
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// An event's or a span's fields, as text: the message apart.
#[derive(Default)]
struct Fields {
    message: String,
    named: Vec<(&'static str, String)>,
}

impl Visit for Fields {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.put(field, value.to_string());
    }

    fn record_debug(&mut self, field: &Field, value: &dyn Debug) {
        self.put(field, format!("{value:?}"));
    }
}

impl Fields {
    fn put(&mut self, field: &Field, value: String) {
        if field.name() == "message" {
            self.message = value;
        } else {
            self.named.push((field.name(), value));
        }
    }

    /// ` key=value` for each named field, escaped.
    fn write_named(&self, out: &mut String) {
        for (key, value) in &self.named {
            out.push_str(&format!(" {key}={}", escaped(value)));
        }
    }

    fn json(&self) -> serde_json::Map<String, serde_json::Value> {
        self.named
            .iter()
            .map(|(key, value)| (key.to_string(), value.clone().into()))
            .collect()
    }
}

/// Keeps each span's fields, for the lines written inside it.
struct SpanFields;

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for SpanFields {
    fn on_new_span(
        &self,
        attrs: &tracing::span::Attributes<'_>,
        id: &tracing::span::Id,
        ctx: Context<'_, S>,
    ) {
        let mut fields = Fields::default();
        attrs.record(&mut fields);
        if let Some(span) = ctx.span(id) {
            span.extensions_mut().insert(fields);
        }
    }

    fn on_record(
        &self,
        id: &tracing::span::Id,
        values: &tracing::span::Record<'_>,
        ctx: Context<'_, S>,
    ) {
        if let Some(span) = ctx.span(id)
            && let Some(fields) = span.extensions_mut().get_mut::<Fields>()
        {
            values.record(fields);
        }
    }
}

/// Writes each event as one line, in the chosen format.
struct Lines(LogFormat);

impl<S, N> FormatEvent<S, N> for Lines
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        let mut fields = Fields::default();
        event.record(&mut fields);
        let meta = event.metadata();
        // The spans it is in, outermost first: (name, fields).
        let spans: Vec<(&'static str, Fields)> = ctx
            .event_scope()
            .into_iter()
            .flat_map(|scope| scope.from_root())
            .map(|span| {
                let extensions = span.extensions();
                let own = extensions.get::<Fields>();
                let copy = Fields {
                    message: String::new(),
                    named: own.map_or_else(Vec::new, |f| f.named.clone()),
                };
                (span.name(), copy)
            })
            .collect();
        let line = match self.0 {
            LogFormat::Text => text_line(meta.level(), &spans, &fields),
            LogFormat::Json => json_line(meta, &spans, &fields),
        };
        writeln!(writer, "{line}")
    }
}

fn text_line(level: &tracing::Level, spans: &[(&str, Fields)], fields: &Fields) -> String {
    let mut line = format!("{} {level:>5} ", timestamp());
    for (name, span) in spans {
        line.push_str(name);
        if !span.named.is_empty() {
            let mut inner = String::new();
            span.write_named(&mut inner);
            line.push_str(&format!("{{{}}}", inner.trim_start()));
        }
        line.push_str(": ");
    }
    line.push_str(&escaped(&fields.message));
    fields.write_named(&mut line);
    line
}

fn json_line(meta: &tracing::Metadata<'_>, spans: &[(&str, Fields)], fields: &Fields) -> String {
    let spans: Vec<serde_json::Value> = spans
        .iter()
        .map(|(name, span)| {
            let mut object = span.json();
            object.insert("name".into(), name.to_string().into());
            object.into()
        })
        .collect();
    let mut object = serde_json::Map::new();
    object.insert("time".into(), timestamp().into());
    object.insert("level".into(), meta.level().as_str().into());
    object.insert("target".into(), meta.target().into());
    object.insert("spans".into(), spans.into());
    object.insert("message".into(), fields.message.clone().into());
    object.insert("fields".into(), fields.json().into());
    serde_json::Value::Object(object).to_string()
}

/// Refused inputs whose lines one client address gets written per
/// [`REFUSALS_WINDOW`]; the rest are counted, and summarised in one line.
const REFUSALS_WRITTEN: u32 = 5;
const REFUSALS_WINDOW: Duration = Duration::from_secs(10);
/// Addresses followed at once; past it, those with nothing to summarise
/// are forgotten.
const REFUSALS_FOLLOWED: usize = 10_000;

/// One address's refusals in its current window.
struct Tally {
    since: Instant,
    written: u32,
    quiet: u64,
}

fn refusal_tallies() -> &'static Mutex<HashMap<IpAddr, Tally>> {
    static TALLIES: OnceLock<Mutex<HashMap<IpAddr, Tally>>> = OnceLock::new();
    TALLIES.get_or_init(Default::default)
}

/// A refused input: counted by its kind in `/metrics`, and its line written
/// with `write` unless its address has had its few lines this window, so
/// that a flood of bad frames writes a handful of lines and a count, not a
/// line each. (`client` None: another node's connection, whose lines are
/// not held back here.)
pub(crate) fn refused(client: Option<IpAddr>, kind: ErrorKind, write: impl FnOnce()) {
    metrics().refused(kind);
    let Some(client) = client else {
        return write();
    };
    let Ok(mut tallies) = refusal_tallies().lock() else {
        return write();
    };
    let now = Instant::now();
    if tallies.len() >= REFUSALS_FOLLOWED && !tallies.contains_key(&client) {
        tallies.retain(|_, t| t.quiet > 0 || now.duration_since(t.since) < REFUSALS_WINDOW);
    }
    let tally = tallies.entry(client).or_insert(Tally {
        since: now,
        written: 0,
        quiet: 0,
    });
    if now.duration_since(tally.since) >= REFUSALS_WINDOW {
        summarise(client, tally);
        *tally = Tally {
            since: now,
            written: 0,
            quiet: 0,
        };
    }
    if tally.written < REFUSALS_WRITTEN {
        tally.written += 1;
        write();
    } else {
        tally.quiet += 1;
    }
}

/// Writes the count of `client`'s refusals not written yet (a connection
/// from it ended).
pub(crate) fn flush_refusals(client: IpAddr) {
    if let Ok(mut tallies) = refusal_tallies().lock()
        && let Some(tally) = tallies.get_mut(&client)
    {
        summarise(client, tally);
    }
}

fn summarise(client: IpAddr, tally: &mut Tally) {
    if tally.quiet > 0 {
        tracing::warn!(
            %client,
            refused = tally.quiet,
            "{} more inputs from {client} refused in {:.0} s, not written one by one",
            tally.quiet,
            tally.since.elapsed().as_secs_f64()
        );
        tally.quiet = 0;
    }
}

/// Milliseconds since the Unix epoch, as stored with moves.
pub(crate) fn wall_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// `2026-12-02T10:04:05.123Z`.
fn timestamp() -> String {
    let ms = wall_ms();
    let (days, ms_of_day) = (ms.div_euclid(86_400_000), ms.rem_euclid(86_400_000));
    let (y, m, d) = civil_date(days);
    let s = ms_of_day / 1000;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        s / 3600,
        s / 60 % 60,
        s % 60,
        ms_of_day % 1000
    )
}

/// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_date(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            super::escaped("chess\n2026-01-01T00:00:00.000Z room x: ended\u{1b}[2J"),
            "chess\\n2026-01-01T00:00:00.000Z room x: ended\\u{1b}[2J"
        );
        assert_eq!(
            super::escaped("ordinary text, «ünïcode»"),
            "ordinary text, «ünïcode»"
        );
    }

    #[test]
    fn client_text_is_quoted_with_its_quotes_escaped() {
        assert_eq!(
            super::quoted("a1\" forged \\ \n\u{1b}[31m"),
            "\"a1\\\" forged \\\\ \\n\\u{1b}[31m\""
        );
    }

    #[test]
    fn dates_count_from_the_epoch() {
        assert_eq!(super::civil_date(0), (1970, 1, 1));
        assert_eq!(super::civil_date(19_723), (2024, 1, 1));
        assert_eq!(super::civil_date(19_782), (2024, 2, 29));
    }
}

//! The server's log: one line per event worth keeping (rooms opened and
//! ended, players coming and going, every refused input), on standard
//! error, each with a UTC time.

use std::fmt::Display;
use std::time::{SystemTime, UNIX_EPOCH};

/// Writes one log line. Control characters (a client's newline, an
/// escape sequence) are written escaped, so no client text can forge a
/// line or drive a terminal.
pub(crate) fn line(text: impl Display) {
    eprintln!("{} {}", timestamp(), escaped(&text.to_string()));
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

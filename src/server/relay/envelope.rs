//! A relay message as PostgreSQL notification payloads: each payload is
//! `FROM SEQ more|end` on its first line, then the message's JSON or a
//! piece of it, since a payload must stay under 8000 bytes.

use std::collections::HashMap;

use super::Message;

/// A notification's payload must stay under PostgreSQL's 8000 bytes: a
/// longer message (a whole room's welcome) goes in parts.
const PART_BYTES: usize = 7000;

/// Calls `part` with each notification payload of `message`:
/// `FROM SEQ more|end` on the first line, then its JSON or a piece of it.
pub(super) fn envelope(from: &str, seq: u64, message: &Message, mut part: impl FnMut(String)) {
    let json = serde_json::to_string(message).unwrap_or_default();
    let mut rest = json.as_str();
    loop {
        let mut cut = rest.len().min(PART_BYTES);
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (piece, after) = rest.split_at(cut);
        let more = if after.is_empty() { "end" } else { "more" };
        part(format!("{from} {seq} {more}\n{piece}"));
        if after.is_empty() {
            return;
        }
        rest = after;
    }
}

/// A payload read: the whole message once its last part is in (None
/// until then; `parts` keeps the pieces, by sender), or what is wrong.
pub(super) fn open_envelope(
    payload: &str,
    parts: &mut HashMap<String, String>,
) -> Result<Option<(String, Message)>, String> {
    let (head, body) = payload.split_once('\n').ok_or("no header line")?;
    let mut words = head.split(' ');
    let (Some(from), Some(_seq), Some(more), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err("the header is not `FROM SEQ more|end`".into());
    };
    let so_far = parts.entry(from.to_string()).or_default();
    if so_far.len() + body.len() > crate::online::protocol::MAX_EVENT_BYTES {
        parts.remove(from);
        return Err("a message over its size".into());
    }
    so_far.push_str(body);
    match more {
        "more" => Ok(None),
        "end" => {
            let json = parts.remove(from).unwrap_or_default();
            let message = serde_json::from_str(&json).map_err(|e| e.to_string())?;
            Ok(Some((from.to_string(), message)))
        }
        _ => Err(format!("`{more}` is not `more` or `end`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message over one notification's size goes in parts and comes
    /// back whole; parts from two nodes interleaved do not mix; a payload
    /// without a header, or with a bad one, is an error, not a panic.
    #[test]
    fn long_messages_go_in_parts_and_come_back_whole() {
        let frame: String = "é".repeat(PART_BYTES); // two bytes each
        let long = Message::Frame {
            code: "ABCD".into(),
            conn: 7,
            frame: frame.clone(),
        };
        let short = Message::Leave {
            code: "WXYZ".into(),
            conn: 9,
        };
        let mut from_a = Vec::new();
        envelope("a", 1, &long, |p| from_a.push(p));
        assert!(from_a.len() >= 3, "{} parts", from_a.len());
        assert!(from_a.iter().all(|p| p.len() < 8000));
        let mut from_b = Vec::new();
        envelope("b", 1, &short, |p| from_b.push(p));
        assert_eq!(from_b.len(), 1);
        let mut parts = HashMap::new();
        let mut whole = Vec::new();
        for (i, payload) in from_a.iter().enumerate() {
            if i == 1 {
                whole.extend(open_envelope(&from_b[0], &mut parts).unwrap());
            }
            whole.extend(open_envelope(payload, &mut parts).unwrap());
        }
        assert_eq!(
            whole,
            [("b".to_string(), short), ("a".to_string(), long)],
            "each message whole, in the order its last part came"
        );
        for bad in [
            "",
            "no header",
            "a 1\n{}",
            "a 1 maybe\n{}",
            "a 1 end\n{not json",
        ] {
            assert!(open_envelope(bad, &mut parts).is_err(), "{bad:?}");
        }
    }
}

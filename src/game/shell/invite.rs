//! The invite a player sends a friend, and reading one back: on the web
//! the page's own address with `?join=CODE`, on the desktop the command
//! line `stronghold --join CODE`; either names the server too when it is
//! not the default one. A friend may paste the code alone, the link or the
//! command line.

use crate::game::common::settings::DEFAULT_SERVER;
use crate::online::client::socket_list;

/// A room to join, read from what a friend sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    pub code: String,
    /// The server the invite names, if it names one.
    pub server: Option<String>,
}

/// The invite to a room on `server`, for this platform.
pub fn invite_text(code: &str, server: &str) -> String {
    let default = socket_list(server) == socket_list(DEFAULT_SERVER);
    let named = (!default).then_some(server.trim());
    if cfg!(target_arch = "wasm32") {
        let mut link = format!("{}?join={code}", page_address());
        if let Some(server) = named {
            link.push_str(&format!("&server={}", encode_component(server)));
        }
        link
    } else {
        let mut line = format!("stronghold --join {code}");
        if let Some(server) = named {
            line.push_str(&format!(" --server {server}"));
        }
        line
    }
}

/// The page's address without its query (`https://host/path/index.html`).
fn page_address() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        if let Some(location) = web_sys::window().map(|w| w.location()) {
            let origin = location.origin().unwrap_or_default();
            let path = location.pathname().unwrap_or_default();
            return format!("{origin}{path}");
        }
    }
    "index.html".to_string()
}

/// A query value with the characters that would end or change it escaped.
fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' | '&' | '+' | '#' | '=' | '?' | ' ' => out.push_str(&format!("%{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Reads an invite: a code alone, a link with `join=CODE` (and perhaps
/// `server=URL`), or a command line with `--join CODE` (and perhaps
/// `--server URL`). `None` when no code can be found in it.
pub fn read_invite(text: &str) -> Option<Invite> {
    let text = text.trim();
    let (code, server) = if let Some((_, query)) = text.split_once('?') {
        let args = crate::game::shell::web::query_to_args(query).ok()?;
        (flag_value(&args, "--join")?, flag_value(&args, "--server"))
    } else if text.contains("--join") {
        let args: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        (flag_value(&args, "--join")?, flag_value(&args, "--server"))
    } else {
        (text.to_string(), None)
    };
    is_code(&code).then_some(Invite { code, server })
}

fn flag_value(args: &[String], flag: &str) -> Option<String> {
    let at = args.iter().position(|a| a == flag)?;
    args.get(at + 1).cloned()
}

/// An invite code: letters, digits, `-` or `_`, 4 to 64 of them.
pub fn is_code(text: &str) -> bool {
    (4..=64).contains(&text.len())
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invite_reads_from_a_code_a_link_or_a_command_line() {
        let plain = |code: &str| {
            Some(Invite {
                code: code.into(),
                server: None,
            })
        };
        assert_eq!(read_invite("  k3m9qz2wfa "), plain("k3m9qz2wfa"));
        assert_eq!(
            read_invite("https://games.example/index.html?join=k3m9qz2wfa"),
            plain("k3m9qz2wfa")
        );
        assert_eq!(
            read_invite("index.html?join=abcd&server=wss%3A//games.example/ws"),
            Some(Invite {
                code: "abcd".into(),
                server: Some("wss://games.example/ws".into()),
            })
        );
        assert_eq!(
            read_invite("stronghold --join abcd --server ws://10.0.0.2:7878/ws"),
            Some(Invite {
                code: "abcd".into(),
                server: Some("ws://10.0.0.2:7878/ws".into()),
            })
        );
        for bad in [
            "",
            "ab",
            "two words",
            "index.html?game=pirates",
            "--join",
            "x?join=%zz",
        ] {
            assert_eq!(read_invite(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_desktop_invite_is_a_command_line_that_reads_back() {
        let line = invite_text("abcd", DEFAULT_SERVER);
        assert_eq!(line, "stronghold --join abcd");
        let other = invite_text("abcd", "wss://games.example/ws");
        assert_eq!(
            read_invite(&other),
            Some(Invite {
                code: "abcd".into(),
                server: Some("wss://games.example/ws".into()),
            })
        );
        assert_eq!(
            encode_component("ws://h:1/ws?a=b&c"),
            "ws://h:1/ws%3Fa%3Db%26c"
        );
    }
}

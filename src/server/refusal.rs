//! The refusals several parts of the server send alike (the hub, the
//! connections, the relay): a change the store could not make, a room
//! whose inbox stayed full.

use crate::online::protocol::{ErrorKind, Event};

/// A storage failure, as the one who asked is told.
pub(crate) fn storage_error(e: &str) -> Event {
    Event::error(
        ErrorKind::Storage,
        format!("the server could not store that: {e}"),
    )
}

/// A refusal for a room whose inbox stayed full.
pub(crate) fn busy_error(code: &str) -> Event {
    Event::error(
        ErrorKind::RateLimited,
        format!("room {code} is busy: try again in a moment"),
    )
}

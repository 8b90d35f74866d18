//! Invite codes and seat tokens, from the system's random source.
//!
//! A code is 10 characters of 31 (49 bits: guessing one among a million
//! rooms takes about 10^9 tries, and each connection is rate-limited and
//! closed after a few unknown codes). A seat token is 128 bits in hex.

use rand::TryRng;
use rand::rngs::SysRng;

/// Letters and digits that cannot be misread for one another (no 0/o, 1/l/i).
const CODE_ALPHABET: &[u8; 31] = b"23456789abcdefghjkmnpqrstuvwxyz";
const CODE_LEN: usize = 10;

fn random_bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut bytes = [0u8; N];
    SysRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| format!("no random numbers from the system: {e}"))?;
    Ok(bytes)
}

/// A new invite code.
pub(crate) fn code() -> Result<String, String> {
    let bytes = random_bytes::<CODE_LEN>()?;
    Ok(bytes
        .iter()
        .map(|b| CODE_ALPHABET[*b as usize % CODE_ALPHABET.len()] as char)
        .collect())
}

/// True for text shaped like an invite code (checked before any lookup).
pub(crate) fn looks_like_code(text: &str) -> bool {
    text.len() == CODE_LEN && text.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// Where a server's seek numbers start: a random multiple of 2^20 below
/// 2^52, so that the numbers of several nodes' lobbies, listed together,
/// do not meet (and stay exact in JavaScript).
pub(crate) fn seek_base() -> u64 {
    random_bytes::<4>().map_or(0, |b| u64::from(u32::from_le_bytes(b)) << 20)
}

/// A new seat token.
pub(crate) fn token() -> Result<String, String> {
    let bytes = random_bytes::<16>()?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_tokens_are_fresh_and_well_formed() {
        let a = code().unwrap();
        assert!(looks_like_code(&a), "{a}");
        assert_ne!(a, code().unwrap());
        assert!(!looks_like_code("ABCDEFGHJK"));
        let t = token().unwrap();
        assert_eq!(t.len(), 32);
        assert_ne!(t, token().unwrap());
    }
}

//! The Bagh-Chal table that `bestmove`, `selfplay` and `match` play with:
//! the shipped one, found through [`crate::assets`] from any working
//! folder; a file named with `--table`; or none.
//!
//! The shipped table is a help, not a requirement: when it is missing, or
//! it is not for these rules (Bagh-Chal without the quiet limit), the run
//! plays without it and says so once on stderr. A table the user names
//! must be there and fit the rules, or the run stops with an error.

use std::path::Path;
use std::sync::Arc;

use super::args::TableChoice;
use crate::ai::Tablebase;
use crate::assets::find_asset;
use crate::rules::Variant;

/// Where the shipped table is, under the assets folder.
pub(super) const SHIPPED_TABLE: &str = "tablebase/bagh-chal.sctb";

/// The table for `variant` as `choice` asks (`None`: the shipped one).
/// `read` is whether a player of the run would read it (Hard, Master or a
/// search without a level), to say only then that it is left out.
pub(super) fn load_tablebase(
    choice: Option<&TableChoice>,
    variant: &Variant,
    read: bool,
) -> Result<Option<Arc<Tablebase>>, String> {
    if variant.game.id() != "bagh-chal" {
        return Ok(None);
    }
    match choice {
        Some(TableChoice::Without) => Ok(None),
        Some(TableChoice::File(path)) => {
            let table = read_table(path)?;
            match fits(&table, variant) {
                Ok(()) => Ok(Some(Arc::new(table))),
                Err(why) => Err(format!("{} {why}", path.display())),
            }
        }
        None => Ok(shipped_table(variant, read)),
    }
}

/// The shipped table if it is found, reads and fits; otherwise `None`,
/// with one note on stderr when a player would have read it.
fn shipped_table(variant: &Variant, read: bool) -> Option<Arc<Tablebase>> {
    let note = |text: String| {
        if read {
            eprintln!("stronghold-cli: {text}; playing without it");
        }
    };
    let path = match find_asset(Path::new(SHIPPED_TABLE)) {
        Ok(path) => path,
        Err(looked) => {
            let looked: Vec<String> = looked.iter().map(|p| p.display().to_string()).collect();
            note(format!(
                "the Bagh-Chal table was not found (looked in {})",
                looked.join(", ")
            ));
            return None;
        }
    };
    let table = match read_table(&path) {
        Ok(table) => table,
        Err(e) => {
            note(format!("the shipped Bagh-Chal table cannot be used: {e}"));
            return None;
        }
    };
    match fits(&table, variant) {
        Ok(()) => Some(Arc::new(table)),
        Err(why) => {
            note(format!(
                "the shipped Bagh-Chal table ({}) {why}",
                path.display()
            ));
            None
        }
    }
}

fn read_table(path: &Path) -> Result<Tablebase, String> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    Tablebase::from_bytes(&bytes).map_err(|e| format!("{shown}: {e}"))
}

/// Why the table does not answer for `variant`, if it does not.
fn fits(table: &Tablebase, variant: &Variant) -> Result<(), String> {
    if table.serves(variant) {
        return Ok(());
    }
    let rules = table.rules();
    let limit = rules.quiet_limit as u16;
    let why = match variant.quiet_limit() {
        Some(plies) if plies == limit => format!("it is for {} goats", rules.goats),
        Some(plies) => {
            format!("it is for a quiet limit of {limit} plies, and these rules have one of {plies}")
        }
        None => format!("it is for a quiet limit of {limit} plies, and these rules have none"),
    };
    Err(format!("is not for these rules: {why}"))
}

/// How a run names its table.
pub(super) fn table_note(table: &Option<Arc<Tablebase>>) -> String {
    match table {
        Some(t) => format!(
            "table: positions with up to {} goats captured",
            t.subgames().len().saturating_sub(1)
        ),
        None => "table: none".into(),
    }
}

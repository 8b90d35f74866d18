//! Save costs: a 120-ply game turned into a save, written atomically (with
//! the flush to disk the autosave does after every move), and read back
//! and replayed. The flush is why the game writes the autosave on the I/O
//! threads and not in a frame.
//!
//! `cargo bench --no-default-features --bench save` (files go to the
//! system's temporary folder, `TMPDIR` to measure another disk).

use criterion::{Criterion, criterion_group, criterion_main};
use stronghold::rules::{Game, GameId, Variant};
use stronghold::save::{SavedGame, Saves, Slot};

/// A long game: the first legal move every ply (Pirates and Bulgars runs
/// long that way).
fn long_game() -> Game {
    let mut game = Game::new(Variant::new(GameId::named("pirates")));
    while game.ply() < 120 && !game.is_over() {
        let moves = game.legal_moves();
        game.play(&moves[game.ply() % moves.len()]).unwrap();
    }
    game
}

fn save(c: &mut Criterion) {
    let game = long_game();
    let dir = std::env::temp_dir().join(format!("stronghold-bench-{}", std::process::id()));
    let saves = Saves::in_dir(&dir);
    let saved = SavedGame::of_game(&game, &[], None, None);
    let mut group = c.benchmark_group(format!("save/{}-plies", game.ply()));
    group.sample_size(30);
    group.bench_function("snapshot-and-ron", |b| {
        b.iter(|| SavedGame::of_game(&game, &[], None, None).to_ron())
    });
    group.bench_function("atomic-write-with-flush", |b| {
        b.iter(|| saves.write_game(&Slot::Autosave, &saved).unwrap())
    });
    group.bench_function("read-and-replay", |b| {
        b.iter(|| saves.load_game(&Slot::Autosave).unwrap().unwrap())
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, save);
criterion_main!(benches);

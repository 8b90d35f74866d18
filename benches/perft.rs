//! Perft throughput: leaves per second for each game (the last ply counted in bulk).
//!
//! `cargo bench --no-default-features --bench perft`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use stronghold::rules::{Game, GameId, Variant};

fn perft(c: &mut Criterion) {
    let cases = [
        (GameId::named("pirates"), 7, 877_052),
        (GameId::named("asalto"), 7, 1_699_960),
        (GameId::named("fox-geese"), 6, 1_093_152),
        (GameId::named("bagh-chal"), 5, 1_304_788),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    for (kind, depth, leaves) in cases {
        let mut game = Game::new(Variant::new(kind));
        assert_eq!(game.perft(depth), leaves, "{kind} perft {depth}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{kind}/depth-{depth}"), |b| {
            b.iter(|| game.perft(depth))
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);

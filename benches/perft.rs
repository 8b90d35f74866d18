//! Perft throughput: leaves per second for each game (the last ply counted in bulk).
//!
//! `cargo bench --no-default-features --bench perft`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use stronghold::rules::{Game, GameKind, Variant};

fn perft(c: &mut Criterion) {
    let cases = [
        (GameKind::Pirates, 7, 877_052),
        (GameKind::Asalto, 7, 1_699_960),
        (GameKind::FoxGeese, 6, 1_093_152),
        (GameKind::BaghChal, 5, 1_304_788),
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

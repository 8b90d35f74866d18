//! Search speed: nodes per second at a fixed depth (criterion reports the
//! throughput in nodes), and the depth a 1-second search reaches (printed
//! once per position before it is measured).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use stronghold::ai::{Search, SearchLimits};
use stronghold::rules::{Game, GameId, Variant};

/// The positions measured, with the fixed depth each is timed at.
fn positions() -> Vec<(&'static str, Game, u32)> {
    let pirates = Game::new(Variant::new(GameId::named("pirates")));
    let mut middle = pirates.clone();
    middle
        .play_text("b4-c5 e6-e5 b3-b4 c6-c7 d4-d5 e5-e6 c4-d4 c7-d7 a3-b3 e6-e5 b4-c4 d7-d6")
        .expect("legal moves");
    let bagh_chal = Game::new(Variant::new(GameId::named("bagh-chal")));
    vec![
        ("pirates opening", pirates, 12),
        ("pirates middle game", middle, 12),
        ("bagh-chal opening", bagh_chal, 9),
    ]
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for (name, game, depth) in positions() {
        let timed = Search::with_limits(&game, SearchLimits::time(1_000), 0)
            .run_to_end()
            .expect("a game in progress");
        println!(
            "{name}: depth {} in 1 s ({} nodes, {:.2} M nodes/s)",
            timed.depth,
            timed.nodes,
            timed.nodes as f64 / 1e6
        );
        let limits = SearchLimits::depth(depth);
        let nodes = Search::with_limits(&game, limits, 0)
            .run_to_end()
            .expect("a game in progress")
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}, depth {depth}"), |b| {
            b.iter(|| black_box(Search::with_limits(&game, limits, 0).run_to_end()))
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);

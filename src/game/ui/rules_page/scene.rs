//! The rules pages' diagrams as data: a board, its pieces and the marks on
//! it, each built from the rules engine itself. Points come from the game's
//! [`crate::rules::Board`], start positions from [`Position::start`], and every arrow is
//! a move the engine generates (or, for a forbidden hop, a jump line of the
//! board), so a diagram cannot show a move the game would refuse.

use std::sync::LazyLock;

use crate::rules::board::points;
use crate::rules::{Bitboard, GameId, Move, Point, Position, Rules, Side, Variant};

/// Every diagram of the rules pages.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Diagram {
    PiratesBoard,
    PiratesStart,
    BulgarSteps,
    PirateSteps,
    PirateChain,
    PiratesWin,
    AsaltoBoard,
    AsaltoSetup,
    RebelSteps,
    OfficerChain,
    Huff,
    FoxBoard,
    FoxStart,
    GooseSteps,
    FoxChain,
    BaghBoard,
    BaghStart,
    GoatPlacement,
    TigerJump,
    GoatSteps,
}

impl Diagram {
    pub const ALL: [Diagram; 20] = [
        Diagram::PiratesBoard,
        Diagram::PiratesStart,
        Diagram::BulgarSteps,
        Diagram::PirateSteps,
        Diagram::PirateChain,
        Diagram::PiratesWin,
        Diagram::AsaltoBoard,
        Diagram::AsaltoSetup,
        Diagram::RebelSteps,
        Diagram::OfficerChain,
        Diagram::Huff,
        Diagram::FoxBoard,
        Diagram::FoxStart,
        Diagram::GooseSteps,
        Diagram::FoxChain,
        Diagram::BaghBoard,
        Diagram::BaghStart,
        Diagram::GoatPlacement,
        Diagram::TigerJump,
        Diagram::GoatSteps,
    ];

    /// The message id of the caption under the diagram.
    pub const fn caption(self) -> &'static str {
        match self {
            Diagram::PiratesBoard => "rules-pirates-fig-board",
            Diagram::PiratesStart => "rules-pirates-fig-start",
            Diagram::BulgarSteps => "rules-pirates-fig-bulgar",
            Diagram::PirateSteps => "rules-pirates-fig-pirate",
            Diagram::PirateChain => "rules-pirates-fig-chain",
            Diagram::PiratesWin => "rules-pirates-fig-win",
            Diagram::AsaltoBoard => "rules-asalto-fig-board",
            Diagram::AsaltoSetup => "rules-asalto-fig-setup",
            Diagram::RebelSteps => "rules-asalto-fig-rebel",
            Diagram::OfficerChain => "rules-asalto-fig-chain",
            Diagram::Huff => "rules-asalto-fig-huff",
            Diagram::FoxBoard => "rules-foxgeese-fig-board",
            Diagram::FoxStart => "rules-foxgeese-fig-start",
            Diagram::GooseSteps => "rules-foxgeese-fig-goose",
            Diagram::FoxChain => "rules-foxgeese-fig-chain",
            Diagram::BaghBoard => "rules-baghchal-fig-board",
            Diagram::BaghStart => "rules-baghchal-fig-start",
            Diagram::GoatPlacement => "rules-baghchal-fig-placement",
            Diagram::TigerJump => "rules-baghchal-fig-jump",
            Diagram::GoatSteps => "rules-baghchal-fig-goat",
        }
    }

    /// The diagram, built once from the engine. An `Err` names what in
    /// the diagram's setup the engine did not allow (a test checks there
    /// is none).
    pub fn scene(self) -> &'static Result<Scene, String> {
        static SCENES: LazyLock<Vec<Result<Scene, String>>> = LazyLock::new(|| {
            Diagram::ALL
                .iter()
                .map(|d| d.build().map_err(|e| format!("{d:?}: {e}")))
                .collect()
        });
        &SCENES[self as usize]
    }

    fn build(self) -> Result<Scene, String> {
        let (pirates, asalto) = (GameId::named("pirates"), GameId::named("asalto"));
        let (fox_geese, bagh_chal) = (GameId::named("fox-geese"), GameId::named("bagh-chal"));
        match self {
            Diagram::PiratesBoard => Ok(Scene::empty(&Variant::new(pirates))),
            Diagram::PiratesStart => Ok(Scene::start(&Variant::new(pirates))),
            Diagram::BulgarSteps => crowd_steps(pirates, "c7 e7", "d4 f3", &["d4", "f3"]),
            Diagram::PirateSteps => {
                let s = Setup::new(pirates, "d4 c7", "a3 g3 d1", Side::Hunters)?;
                s.with_moves_from(&["d4"])
            }
            Diagram::PirateChain => {
                let s = Setup::new(pirates, "d6 c7", "d5 c4 b3 a4 e3 f3 g4", Side::Hunters)?;
                s.with_move("d6xd4xb4")
            }
            Diagram::PiratesWin => {
                let crowd = "c5 e5 c6 d6 e6 c7 d7 e7 d4 c4 e4 d3";
                let s = Setup::new(pirates, "b4 f3", crowd, Side::Crowd)?;
                s.with_move("d4-d5")
            }
            Diagram::AsaltoBoard => Ok(Scene::empty(&Variant::new(asalto))),
            Diagram::AsaltoSetup => asalto_setup(),
            Diagram::RebelSteps => crowd_steps(asalto, "c7 e7", "d4 f3", &["d4", "f3"]),
            Diagram::OfficerChain => {
                let s = Setup::new(asalto, "c5 e7", "d4 e2 d1 a4 b3 g3 g4", Side::Hunters)?;
                s.with_move("c5xe3xe1xc1")
            }
            Diagram::Huff => huff(),
            Diagram::FoxBoard => Ok(Scene::empty(&Variant::new(fox_geese))),
            Diagram::FoxStart => fox_start(),
            Diagram::GooseSteps => goose_steps(),
            Diagram::FoxChain => {
                let s = Setup::new(fox_geese, "e5", "d4 c2 a3 b3 e2 f3 g3", Side::Hunters)?;
                s.with_move("e5xc3xc1")
            }
            Diagram::BaghBoard => Ok(Scene::empty(&Variant::new(bagh_chal))),
            Diagram::BaghStart => Ok(Scene::start(&Variant::new(bagh_chal))),
            Diagram::GoatPlacement => goat_placement(),
            Diagram::TigerJump => tiger_jump(),
            Diagram::GoatSteps => {
                let s = Setup::new(bagh_chal, "a1 e1 a5 e5", "c3 a3 e4 b1", Side::Crowd)?;
                s.with_moves_from(&["c3"])
            }
        }
    }
}

/// How an arrow is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArrowStyle {
    /// A move the rules allow.
    Move,
    /// A move only a rule option allows (dashed).
    Optional,
    /// A capture that was possible and not made (Asalto's huff).
    Missed,
    /// A hop the rules do not allow (crossed out).
    Forbidden,
}

/// A move drawn as an arrow through its points: the start, then every landing.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub points: Vec<Point>,
    pub style: ArrowStyle,
}

impl Arrow {
    fn of(mv: &Move, style: ArrowStyle) -> Arrow {
        Arrow {
            points: std::iter::once(mv.from()).chain(mv.landings()).collect(),
            style,
        }
    }
}

/// A point marked with a dashed ring and a number: where a rule option
/// puts extra pieces (Fox and Geese's 15 and 17 geese).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ring {
    pub point: Point,
    pub side: Side,
    pub label: u8,
}

/// One diagram: a board, pieces and marks.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The game whose board it is.
    pub game: GameId,
    /// The stronghold (fortress) to shade; empty when the game has none.
    pub stronghold: Bitboard,
    pub hunters: Bitboard,
    pub crowd: Bitboard,
    pub arrows: Vec<Arrow>,
    /// Crowd pieces the drawn jump removes (crossed out).
    pub captured: Bitboard,
    /// Hunters huffing removes (crossed out in red).
    pub huffed: Bitboard,
    /// Points where a piece may be placed (small dots).
    pub targets: Bitboard,
    /// A placement shown as a piece dropping in.
    pub drop: Option<(Point, Side)>,
    pub rings: Vec<Ring>,
    /// Pieces in hand, shown beside the board: (hunters, crowd).
    pub in_hand: [u8; 2],
}

impl Scene {
    /// The bare board of a game.
    fn empty(variant: &Variant) -> Scene {
        Scene {
            game: variant.game,
            stronghold: variant.stronghold().unwrap_or_default(),
            hunters: Bitboard::EMPTY,
            crowd: Bitboard::EMPTY,
            arrows: Vec::new(),
            captured: Bitboard::EMPTY,
            huffed: Bitboard::EMPTY,
            targets: Bitboard::EMPTY,
            drop: None,
            rings: Vec::new(),
            in_hand: [0, 0],
        }
    }

    /// The board with the pieces of a position.
    fn of(variant: &Variant, pos: &Position) -> Scene {
        Scene {
            hunters: pos.hunters(),
            crowd: pos.crowd(),
            in_hand: pos.in_hand,
            ..Scene::empty(variant)
        }
    }

    /// The start position of a game, as the game sets it up, with the
    /// points its first placements may go to marked.
    pub fn start(variant: &Variant) -> Scene {
        let position = Position::start(variant);
        let mut moves = Vec::new();
        Rules::of(*variant).generate(&position, &mut moves);
        let targets = moves
            .iter()
            .filter(|m| m.is_placement())
            .fold(Bitboard::EMPTY, |b, m| b.with(m.to()));
        Scene {
            targets,
            ..Scene::of(variant, &position)
        }
    }
}

/// A hand-made position of one game and the moves the engine generates
/// there (unfiltered by the game's end, so a diagram may leave out pieces).
struct Setup {
    variant: Variant,
    position: Position,
    moves: Vec<Move>,
}

fn parse_points(names: &str) -> Result<Bitboard, String> {
    names.split_whitespace().try_fold(Bitboard::EMPTY, |b, n| {
        Point::parse(n)
            .map(|p| b.with(p))
            .ok_or_else(|| format!("no point `{n}`"))
    })
}

impl Setup {
    fn new(kind: GameId, hunters: &str, crowd: &str, side: Side) -> Result<Setup, String> {
        Setup::with_variant(Variant::new(kind), hunters, crowd, side, [0, 0])
    }

    fn with_variant(
        variant: Variant,
        hunters: &str,
        crowd: &str,
        side: Side,
        in_hand: [u8; 2],
    ) -> Result<Setup, String> {
        let pieces = [parse_points(hunters)?, parse_points(crowd)?];
        let board = Rules::of(variant).board().points;
        if !(pieces[0] & pieces[1]).is_empty() || !board.is_superset(pieces[0] | pieces[1]) {
            return Err(format!(
                "pieces `{hunters}` / `{crowd}` overlap or leave the board"
            ));
        }
        let position = Rules::of(variant).position(pieces, side, in_hand, 0, None);
        let mut moves = Vec::new();
        Rules::new(variant).generate(&position, &mut moves);
        Ok(Setup {
            variant,
            position,
            moves,
        })
    }

    fn scene(&self) -> Scene {
        Scene::of(&self.variant, &self.position)
    }

    /// The generated move written `text`.
    fn find(&self, text: &str) -> Result<Move, String> {
        let mv = Rules::of(self.variant)
            .parse_move(text)
            .map_err(|e| format!("`{text}`: {e}"))?;
        if self.moves.contains(&mv) {
            Ok(mv)
        } else {
            Err(format!("`{text}` is not a move here"))
        }
    }

    /// The position with one move drawn (a jump also crosses out its captures).
    fn with_move(&self, text: &str) -> Result<Scene, String> {
        let mv = self.find(text)?;
        let mut scene = self.scene();
        scene.captured = Rules::of(self.variant)
            .captured(&mv)
            .fold(Bitboard::EMPTY, |b, p| b.with(p));
        scene.arrows.push(Arrow::of(&mv, ArrowStyle::Move));
        Ok(scene)
    }

    /// The position with every move of the pieces on `from` drawn.
    fn with_moves_from(&self, from: &[&str]) -> Result<Scene, String> {
        let mut scene = self.scene();
        for name in from {
            let p = Point::parse(name).ok_or_else(|| format!("no point `{name}`"))?;
            let before = scene.arrows.len();
            scene.arrows.extend(
                self.moves
                    .iter()
                    .filter(|m| m.from() == p && !m.is_placement())
                    .map(|m| Arrow::of(m, ArrowStyle::Move)),
            );
            if scene.arrows.len() == before {
                return Err(format!("no move from {name}"));
            }
        }
        Ok(scene)
    }
}

/// Crowd steps of a game's default rules, from the named points.
fn crowd_steps(kind: GameId, hunters: &str, crowd: &str, from: &[&str]) -> Result<Scene, String> {
    Setup::new(kind, hunters, crowd, Side::Crowd)?.with_moves_from(from)
}

/// Asalto's start: the rebels in place, both officers in hand, and the
/// points they may be placed on.
fn asalto_setup() -> Result<Scene, String> {
    let variant = Variant::new(GameId::named("asalto"));
    let position = Position::start(&variant);
    let mut moves = Vec::new();
    Rules::new(variant).generate(&position, &mut moves);
    let mut scene = Scene::of(&variant, &position);
    scene.targets = moves
        .iter()
        .filter(|m| m.is_placement())
        .fold(Bitboard::EMPTY, |b, m| b.with(m.to()));
    if scene.targets.is_empty() {
        return Err("no placement at the start".into());
    }
    Ok(scene)
}

/// Asalto's huff: an officer could jump, the officers step instead, and the
/// engine removes the officer that could have jumped.
fn huff() -> Result<Scene, String> {
    let crowd = "d5 a3 b3 c3 e3 f3 g3 c2 d2 e2";
    let setup = Setup::new(GameId::named("asalto"), "d6 e7", crowd, Side::Hunters)?;
    let step = setup.find("e7-e6")?;
    let (_, effects) = Rules::new(setup.variant).apply(&setup.position, &step);
    if effects.huffed.is_empty() {
        return Err("e7-e6 huffs nobody".into());
    }
    let mut scene = setup.scene();
    scene.huffed = effects.huffed;
    scene.arrows.push(Arrow::of(&step, ArrowStyle::Move));
    scene.arrows.extend(
        setup
            .moves
            .iter()
            .filter(|m| m.is_jump() && effects.huffed.contains(m.from()))
            .map(|m| Arrow::of(m, ArrowStyle::Missed)),
    );
    Ok(scene)
}

/// Fox and Geese's start with 13 geese, and rings where 15 and 17 put more.
fn fox_start() -> Result<Scene, String> {
    let variant = Variant::new(GameId::named("fox-geese"));
    let base = Position::start(&variant).crowd();
    let mut scene = Scene::start(&variant);
    let mut previous = base;
    for geese in ["15", "17"] {
        let mut more = variant;
        more.set_option(&format!("geese={geese}"))
            .map_err(|e| e.to_string())?;
        let crowd = Position::start(&more).crowd();
        let label = geese.parse().map_err(|_| "geese count".to_string())?;
        scene.rings.extend((crowd & !previous).map(|point| Ring {
            point,
            side: Side::Crowd,
            label,
        }));
        previous = crowd;
    }
    Ok(scene)
}

/// A goose's steps: forward ones always, sideways ones with the option (dashed).
fn goose_steps() -> Result<Scene, String> {
    let (hunters, crowd) = ("d6", "d2 a3 g3 c1 e1");
    let plain = Setup::new(GameId::named("fox-geese"), hunters, crowd, Side::Crowd)?;
    let mut sideways = Variant::new(GameId::named("fox-geese"));
    sideways
        .set_option("sideways=on")
        .map_err(|e| e.to_string())?;
    let wide = Setup::with_variant(sideways, hunters, crowd, Side::Crowd, [0, 0])?;
    let mut scene = plain.with_moves_from(&["d2"])?;
    let from = points("d2");
    scene.arrows.extend(
        wide.moves
            .iter()
            .filter(|m| from.contains(m.from()) && !plain.moves.contains(m))
            .map(|m| Arrow::of(m, ArrowStyle::Optional)),
    );
    Ok(scene)
}

/// Bagh-Chal's placement: a goat from hand onto an empty point, every
/// empty point dotted.
fn goat_placement() -> Result<Scene, String> {
    let variant = Variant::new(GameId::named("bagh-chal"));
    let setup = Setup::with_variant(variant, "a1 e1 a5 d4", "b2 c2 d2 b4", Side::Crowd, [0, 16])?;
    let mv = setup.find("@c3")?;
    let mut scene = setup.scene();
    scene.targets = setup
        .moves
        .iter()
        .filter(|m| m.is_placement() && *m != &mv)
        .fold(Bitboard::EMPTY, |b, m| b.with(m.to()));
    scene.drop = Some((mv.to(), Side::Crowd));
    Ok(scene)
}

/// A tiger's single jump, and the second hop it may not make.
fn tiger_jump() -> Result<Scene, String> {
    let variant = Variant::new(GameId::named("bagh-chal"));
    let setup = Setup::with_variant(
        variant,
        "a1 e1 a5 c5",
        "b2 d4 b4 d2",
        Side::Hunters,
        [0, 16],
    )?;
    let mut scene = setup.with_move("a1xc3")?;
    // The hop on over d4 to the empty e5: a jump line of the board, but no move.
    let rules = Rules::of(variant);
    let (c3, d4) = (points("c3"), points("d4"));
    let hop = rules
        .board()
        .jumps(c3.first().ok_or("c3")?)
        .iter()
        .copied()
        .find(|(over, land)| d4.contains(*over) && !setup.position.occupied().contains(*land))
        .ok_or("no second hop to forbid")?;
    scene.arrows.push(Arrow {
        points: vec![c3.first().ok_or("c3")?, hop.1],
        style: ArrowStyle::Forbidden,
    });
    Ok(scene)
}

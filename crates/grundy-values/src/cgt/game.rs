//! The public face of [`Game`]: constructors, arithmetic and order.

use std::cmp::Ordering;
use std::ops::{Add, Neg, Sub};

use super::arena::{intern_nus, Game};
use super::dyadic::Dyadic;
use super::error::ValueError;
use super::nus::Nus;
use super::ops::{self, Budget};

impl Game {
    /// 0, the game in which nobody can move.
    pub fn zero() -> Game {
        intern_nus(Nus::default())
    }

    /// The number `x`.
    pub fn number(x: Dyadic) -> Game {
        intern_nus(Nus::number(x))
    }

    /// The integer `n` (|n| ≤ 2^62).
    pub fn integer(n: i64) -> Result<Game, ValueError> {
        Ok(Game::number(Dyadic::from_int(n)?))
    }

    /// The nimber `*m`.
    pub fn nimber(m: u32) -> Result<Game, ValueError> {
        Ok(intern_nus(Nus::new(Dyadic::ZERO, 0, m)?))
    }

    /// `*`, the nimber `*1`.
    pub fn star() -> Game {
        intern_nus(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nimber: 1,
        })
    }

    /// `n·↑` (`n < 0`: `|n|·↓`).
    pub fn ups(n: i32) -> Result<Game, ValueError> {
        Ok(intern_nus(Nus::new(Dyadic::ZERO, n, 0)?))
    }

    /// The Nus value `number + ups·↑ + *nimber`.
    pub fn from_nus(v: Nus) -> Result<Game, ValueError> {
        Ok(intern_nus(Nus::new(v.number, v.ups, v.nimber)?))
    }

    /// The canonical form of `{left | right}` (each option already canonical, as
    /// every [`Game`] is).
    pub fn from_options(left: &[Game], right: &[Game]) -> Result<Game, ValueError> {
        Game::from_options_within(left, right, &Budget::unlimited())
    }

    /// [`from_options`](Game::from_options) within a budget.
    pub fn from_options_within(
        left: &[Game],
        right: &[Game],
        budget: &Budget,
    ) -> Result<Game, ValueError> {
        ops::canonical_of(left, right, budget)
    }

    /// The switch `±g` = `{g | -g}`.
    pub fn plus_minus(g: Game) -> Result<Game, ValueError> {
        Game::from_options(&[g], &[g.try_neg()?])
    }

    /// `self + other`, or an error if a number in the result overflows.
    pub fn try_add(self, other: Game) -> Result<Game, ValueError> {
        ops::add(self, other, &Budget::unlimited())
    }

    /// [`try_add`](Game::try_add) within a budget.
    pub fn add_within(self, other: Game, budget: &Budget) -> Result<Game, ValueError> {
        ops::add(self, other, budget)
    }

    /// `-self`, or an error if a number overflows.
    pub fn try_neg(self) -> Result<Game, ValueError> {
        ops::neg(self)
    }

    /// `self - other`.
    pub fn try_sub(self, other: Game) -> Result<Game, ValueError> {
        self.try_add(other.try_neg()?)
    }

    /// The sum of `games` (0 for none).
    pub fn sum_within(games: &[Game], budget: &Budget) -> Result<Game, ValueError> {
        let mut total = Game::zero();
        for &g in games {
            total = ops::add(total, g, budget)?;
        }
        Ok(total)
    }

    /// Whether `self <= other`: Left, moving second in `other - self`, wins.
    pub fn leq(self, other: Game) -> bool {
        // Comparison never overflows and has no budget: Budget::unlimited never fails.
        ops::leq(self, other, &Budget::unlimited()).unwrap_or(false)
    }

    /// Whether `self <= other`, within a budget.
    pub fn leq_within(self, other: Game, budget: &Budget) -> Result<bool, ValueError> {
        ops::leq(self, other, budget)
    }

    /// Whether the two are confused (incomparable, `||`): neither `<=` holds.
    pub fn is_confused_with(self, other: Game) -> bool {
        !self.leq(other) && !other.leq(self)
    }
}

impl PartialOrd for Game {
    fn partial_cmp(&self, other: &Game) -> Option<Ordering> {
        if self == other {
            return Some(Ordering::Equal);
        }
        match (self.leq(*other), other.leq(*self)) {
            (true, _) => Some(Ordering::Less),
            (_, true) => Some(Ordering::Greater),
            _ => None,
        }
    }
}

impl Add for Game {
    type Output = Game;

    /// The disjunctive sum. Panics only if a number overflows (beyond 2^62, or a
    /// denominator beyond 2^62); [`Game::try_add`] returns that as an error.
    fn add(self, other: Game) -> Game {
        self.try_add(other).expect("number overflow in a game sum")
    }
}

impl Sub for Game {
    type Output = Game;

    /// `self + (-other)`; panics only on number overflow, see [`Game::try_sub`].
    fn sub(self, other: Game) -> Game {
        self.try_sub(other)
            .expect("number overflow in a game difference")
    }
}

impl Neg for Game {
    type Output = Game;

    /// The negative; panics only on number overflow, see [`Game::try_neg`].
    fn neg(self) -> Game {
        self.try_neg().expect("number overflow in a negation")
    }
}

impl std::iter::Sum for Game {
    fn sum<I: Iterator<Item = Game>>(iter: I) -> Game {
        iter.fold(Game::zero(), |a, b| a + b)
    }
}

//! The one place that chooses which instantiation of the kernels runs:
//! [`Level`], found once per process ([`level`]) and pinned for tests and
//! benchmarks ([`force_level`]; decision 0017).

use core::sync::atomic::{AtomicU8, Ordering};

/// An instruction set the kernels have an instantiation for, in the order
/// the dispatch prefers them on one architecture.
///
/// On x86-64 with the feature `std`: [`Level::Avx512`] or [`Level::Avx2`]
/// (the kernels of `simd.rs` instantiated over AVX2, decision 0021) when
/// the processor has them, else [`Level::Sse42`] (the same kernels over
/// SSE4.2, decision 0017), else [`Level::Portable`]. On little-endian aarch64: [`Level::Neon`],
/// always (the target guarantees it, no detection). Elsewhere, and on
/// x86-64 without `std`: [`Level::Portable`].
///
/// # Examples
///
/// ```
/// use utfx_kernels::Level;
/// assert!(Level::Portable.is_available());
/// assert_eq!(Level::Neon.is_available(), cfg!(all(target_arch = "aarch64", target_endian = "little")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Level {
    /// The portable code, in every build.
    Portable,
    /// The kernels over 128-bit SSE4.2 vectors (with SSSE3 and SSE4.1),
    /// x86-64.
    Sse42,
    /// The kernels over 256-bit AVX2 vectors, and the AVX2 code point
    /// kernels (`avx2_utf32.rs`), x86-64.
    Avx2,
    /// The AVX2 kernels, and the AVX-512 kernel of UTF-16 to UTF-8 (with
    /// AVX512BW, VBMI2 and POPCNT, built by Rust 1.89 or later), x86-64.
    Avx512,
    /// The kernels over 128-bit NEON vectors, little-endian aarch64.
    Neon,
}

impl Level {
    /// Every level, the portable one first.
    const ALL: [Level; 5] = [Level::Portable, Level::Sse42, Level::Avx2, Level::Avx512, Level::Neon];

    /// Returns the level's name as `cargo xtask bench --level` takes it:
    /// `portable`, `sse4.2`, `avx2`, `avx512`, `neon`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(utfx_kernels::Level::Sse42.name(), "sse4.2");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Portable => "portable",
            Level::Sse42 => "sse4.2",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
            Level::Neon => "neon",
        }
    }

    /// Returns the level of that [`name`](Level::name), if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use utfx_kernels::Level;
    /// assert_eq!(Level::from_name("neon"), Some(Level::Neon));
    /// assert_eq!(Level::from_name("mmx"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }

    /// Whether this build on this processor can run the level's kernels.
    ///
    /// # Examples
    ///
    /// ```
    /// // The level in use is always one this machine has.
    /// assert!(utfx_kernels::level().is_available());
    /// ```
    #[must_use]
    pub fn is_available(self) -> bool {
        match self {
            Level::Portable => true,
            Level::Neon => cfg!(all(target_arch = "aarch64", target_endian = "little")),
            #[cfg(all(target_arch = "x86_64", feature = "std"))]
            Level::Sse42 => {
                std::is_x86_feature_detected!("sse4.2")
                    && std::is_x86_feature_detected!("sse4.1")
                    && std::is_x86_feature_detected!("ssse3")
            }
            #[cfg(all(target_arch = "x86_64", feature = "std"))]
            Level::Avx2 => std::is_x86_feature_detected!("avx2"),
            #[cfg(all(target_arch = "x86_64", feature = "std", utfx_kernels_avx512))]
            Level::Avx512 => {
                std::is_x86_feature_detected!("avx2")
                    && std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vbmi2")
                    && std::is_x86_feature_detected!("popcnt")
            }
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    /// The best level this build on this processor has.
    fn detect() -> Level {
        [Level::Avx512, Level::Avx2, Level::Sse42, Level::Neon]
            .into_iter()
            .find(|level| level.is_available())
            .unwrap_or(Level::Portable)
    }

    /// The level's code in [`DETECTED`] and [`FORCED`] (0 is none).
    const fn code(self) -> u8 {
        match self {
            Level::Portable => 1,
            Level::Sse42 => 2,
            Level::Avx2 => 3,
            Level::Avx512 => 4,
            Level::Neon => 5,
        }
    }

    /// The level of a nonzero [`Level::code`].
    const fn from_code(code: u8) -> Option<Level> {
        match code {
            1 => Some(Level::Portable),
            2 => Some(Level::Sse42),
            3 => Some(Level::Avx2),
            4 => Some(Level::Avx512),
            5 => Some(Level::Neon),
            _ => None,
        }
    }
}

/// The level [`Level::detect`] found, once (0 until then).
static DETECTED: AtomicU8 = AtomicU8::new(0);

/// The level [`force_level`] pinned (0: none).
static FORCED: AtomicU8 = AtomicU8::new(0);

/// Returns the level whose kernels run: the one [`force_level`] pinned,
/// else the best this processor has, found on the first call.
///
/// # Examples
///
/// ```
/// let level = utfx_kernels::level();
/// if cfg!(all(target_arch = "aarch64", target_endian = "little")) {
///     assert_eq!(level, utfx_kernels::Level::Neon);
/// }
/// ```
#[must_use]
#[inline]
pub fn level() -> Level {
    if let Some(level) = Level::from_code(FORCED.load(Ordering::Relaxed)) {
        return level;
    }
    if let Some(level) = Level::from_code(DETECTED.load(Ordering::Relaxed)) {
        return level;
    }
    let level = Level::detect();
    DETECTED.store(level.code(), Ordering::Relaxed);
    level
}

/// Pins the level every kernel runs at from now on, for the whole process
/// (`Some`), or lets the processor choose again (`None`): a switch for
/// tests and benchmarks, which compare the levels. Returns whether it took
/// effect: a level that this build on this processor cannot run
/// ([`Level::is_available`]) changes nothing.
///
/// # Examples
///
/// ```
/// use utfx_kernels::{force_level, level, Level};
/// assert!(force_level(Some(Level::Portable)));
/// assert_eq!(level(), Level::Portable);
/// let mut units = [0u16; 2];
/// assert_eq!(utfx_kernels::utf8_to_utf16("h\u{E9}", &mut units), (3, 2));
/// assert!(force_level(None));
/// ```
pub fn force_level(pinned: Option<Level>) -> bool {
    match pinned {
        Some(level) if !level.is_available() => false,
        _ => {
            FORCED.store(pinned.map_or(0, Level::code), Ordering::Relaxed);
            true
        }
    }
}

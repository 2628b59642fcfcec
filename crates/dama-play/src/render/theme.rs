//! Colours, sizes and the font of a board picture, in one place: a second theme is a second
//! value of [`Theme`].

/// An opaque colour.
pub type Rgb = [u8; 3];

/// How a board picture looks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Theme {
    /// Side of a square, in pixels.
    pub square: u32,
    /// Width of the frame around the board that holds the coordinates and the caption.
    pub margin: u32,
    /// The frame.
    pub frame: Rgb,
    /// The letters and numbers of the coordinates.
    pub coordinates: Rgb,
    /// The light squares.
    pub light: Rgb,
    /// The dark squares.
    pub dark: Rgb,
    /// The tint mixed into the square the last move came from.
    pub last_from: Rgb,
    /// The tint mixed into the square the last move went to.
    pub last_to: Rgb,
    /// White's pieces.
    pub white_fill: Rgb,
    /// The outline of White's pieces.
    pub white_edge: Rgb,
    /// Black's pieces.
    pub black_fill: Rgb,
    /// The outline of Black's pieces.
    pub black_edge: Rgb,
    /// The crown on White's kings.
    pub white_crown: Rgb,
    /// The crown on Black's kings.
    pub black_crown: Rgb,
    /// The ring around a piece that must capture.
    pub must_capture: Rgb,
    /// The path of the last move and its landing marks.
    pub path: Rgb,
    /// The cross where a captured piece stood.
    pub captured: Rgb,
    /// The dots on squares a chosen piece can reach.
    pub dot: Rgb,
    /// A TrueType font for the coordinates and the caption.
    pub font: &'static [u8],
}

/// DejaVu Sans Bold (Bitstream Vera licence, see `assets/fonts/LICENSE-DejaVu.txt`).
pub const DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans-Bold.ttf");

impl Default for Theme {
    /// Warm wood squares; ivory and near-black pieces, told apart by lightness so colour-blind
    /// players see them as clearly as anyone; crowns that contrast with their piece.
    fn default() -> Self {
        Theme {
            square: 64,
            margin: 28,
            frame: [0x4a, 0x33, 0x22],
            coordinates: [0xf3, 0xe3, 0xc6],
            light: [0xee, 0xd5, 0xa8],
            dark: [0xd4, 0xaf, 0x78],
            last_from: [0xf6, 0xe8, 0x4a],
            last_to: [0xf6, 0xe8, 0x4a],
            white_fill: [0xfb, 0xf7, 0xee],
            white_edge: [0x5a, 0x4a, 0x3a],
            black_fill: [0x26, 0x22, 0x20],
            black_edge: [0x0c, 0x0a, 0x08],
            white_crown: [0x9c, 0x5b, 0x00],
            black_crown: [0xf5, 0xc5, 0x31],
            must_capture: [0x1e, 0x6f, 0xe8],
            path: [0x2f, 0x8f, 0x3a],
            captured: [0xc8, 0x1e, 0x1e],
            dot: [0x33, 0x33, 0x33],
            font: DEJAVU_SANS_BOLD,
        }
    }
}

impl Theme {
    /// Width and height of the whole picture.
    pub fn size(&self) -> u32 {
        8 * self.square + 2 * self.margin
    }
}

/// `a` mixed with `b`, `t` of the way towards `b`.
pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let m = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])]
}

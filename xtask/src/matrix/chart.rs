//! The SVG charts of `docs/matrix/`: the square heat maps of the pairwise
//! tables and the small multiples of the per-codec tables, in colours that
//! readers with a colour-vision deficiency can tell apart (the Okabe–Ito
//! palette for categories, a blue-grey-yellow ramp after cividis for
//! shares), each meaning also carried by a glyph or a number in the cell.

use std::fmt::Write as _;

use super::render::HEADER;

/// Okabe–Ito blue: the bars of the small multiples, and "nothing lost" in
/// the heat maps.
pub const BLUE: &str = "#0072b2";
/// Okabe–Ito yellow: "altered" in the heat maps (black text on it).
pub const YELLOW: &str = "#f0e442";
/// Okabe–Ito vermillion: the lightest of the "lost" shades.
pub const VERMILLION: &str = "#d55e00";
/// The darkest of the "lost" shades (vermillion darkened).
pub const VERMILLION_DARK: &str = "#5c2800";

/// A colour between `from` and `to` (`#rrggbb`), `t` per mille of the way.
#[must_use]
pub fn mix(from: &str, to: &str, t: usize) -> String {
    let t = t.min(1000);
    let channel = |hex: &str, k: usize| usize::from_str_radix(&hex[1 + 2 * k..3 + 2 * k], 16).unwrap_or(0);
    let mut out = String::from("#");
    for k in 0..3 {
        let v = (channel(from, k) * (1000 - t) + channel(to, k) * t + 500) / 1000;
        let _ = write!(out, "{v:02x}");
    }
    out
}

/// The share ramp, dark blue (0) through grey (500) to yellow (1000) as
/// `pm` goes from 0 to 1000 per mille: cividis's ends and middle, which
/// keep their order in lightness for every kind of colour blindness.
#[must_use]
pub fn ramp(pm: usize) -> String {
    if pm < 500 { mix("#00204d", "#7c7b78", pm * 2) } else { mix("#7c7b78", "#ffea46", (pm - 500) * 2) }
}

/// The text colour that reads on `ramp(pm)`.
#[must_use]
pub fn ramp_ink(pm: usize) -> &'static str {
    if pm < 450 { "#ffffff" } else { "#000000" }
}

/// Escapes text for SVG.
pub fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// One heat-map cell: fill colour, text colour, up to two lines of text.
pub struct HeatCell {
    /// The fill colour.
    pub fill: String,
    /// The text colour.
    pub ink: &'static str,
    /// One or two lines of text.
    pub lines: Vec<String>,
}

/// A square heat map, rows "from", columns "to", with a legend below.
pub fn heatmap(
    title: &str,
    names: &[String],
    cell: impl Fn(usize, usize) -> HeatCell,
    legend: &[(String, String)],
) -> String {
    const CELL_W: usize = 96;
    const CELL_H: usize = 36;
    let n = names.len();
    let longest = names.iter().map(|s| s.chars().count()).max().unwrap_or(4);
    let left = 40 + longest * 7;
    let top = 60 + longest * 5;
    let width = left + n * CELL_W + 30;
    let legend_top = top + n * CELL_H + 30;
    let height = legend_top + legend.len() * 20 + 20;
    let mut s = String::new();
    let _ = writeln!(s, "<!-- {HEADER} -->");
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
         font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(s, "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>");
    let _ = writeln!(s, "<text x=\"16\" y=\"24\" font-size=\"15\" font-weight=\"bold\">{}</text>", xml(title));
    let _ = writeln!(s, "<text x=\"16\" y=\"{}\" fill=\"#555555\">rows: A (from), columns: B (to)</text>", 42);
    for (j, name) in names.iter().enumerate() {
        let x = left + j * CELL_W + CELL_W / 2;
        let y = top - 8;
        let _ = writeln!(s, "<text x=\"{x}\" y=\"{y}\" transform=\"rotate(-40 {x} {y})\">{}</text>", xml(name));
    }
    for (i, name) in names.iter().enumerate() {
        let y = top + i * CELL_H + CELL_H / 2 + 4;
        let _ = writeln!(s, "<text x=\"{}\" y=\"{y}\" text-anchor=\"end\">{}</text>", left - 8, xml(name));
        for j in 0..n {
            let c = cell(i, j);
            let (x, y0) = (left + j * CELL_W, top + i * CELL_H);
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y0}\" width=\"{CELL_W}\" height=\"{CELL_H}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"2\"/>",
                c.fill
            );
            let cx = x + CELL_W / 2;
            let count = c.lines.len();
            for (k, line) in c.lines.iter().enumerate() {
                let ty = if count == 1 { y0 + CELL_H / 2 + 4 } else { y0 + 15 + k * 13 };
                let size = if k == 0 { 12 } else { 10 };
                let _ = writeln!(
                    s,
                    "<text x=\"{cx}\" y=\"{ty}\" text-anchor=\"middle\" font-size=\"{size}\" fill=\"{}\">{}</text>",
                    c.ink,
                    xml(line)
                );
            }
        }
    }
    for (k, (fill, label)) in legend.iter().enumerate() {
        let y = legend_top + k * 20;
        let _ = writeln!(s, "<rect x=\"16\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{fill}\"/>", y - 11);
        let _ = writeln!(s, "<text x=\"38\" y=\"{y}\">{}</text>", xml(label));
    }
    if n == 0 {
        let _ = writeln!(s, "<text x=\"16\" y=\"{}\">no codec is registered yet</text>", top);
    }
    s.push_str("</svg>\n");
    s
}

/// One bar of [`small_multiples`]: its length, an optional whisker from
/// `low` to `high` (a spread: percentiles, a range), and the text printed
/// beside it.
#[derive(Debug, Clone)]
pub struct Cell {
    /// The bar's length, in the column's unit.
    pub value: f64,
    /// The whisker's low end.
    pub low: Option<f64>,
    /// The whisker's high end.
    pub high: Option<f64>,
    /// The text beside the bar (the value as the tables print it).
    pub label: String,
}

/// The layout of [`small_multiples`] and [`stacked_multiples`].
const PANEL_W: usize = 170;
/// The longest bar of a panel.
const BAR_W: usize = 110;
/// The height of a row.
const ROW_H: usize = 20;
/// The top of the first row.
const TOP: usize = 78;

/// Opens the SVG of a chart of panels: the title, the note, the rows'
/// names (striped), `legend` rows of room below; returns it with the left
/// edge of the first panel.
fn panels_frame(title: &str, note: &str, rows: &[String], columns: usize, legend: usize) -> (String, usize) {
    let longest = rows.iter().map(|s| s.chars().count()).max().unwrap_or(4);
    let left = 24 + longest * 7;
    let width = left + columns.max(1) * PANEL_W + 16;
    let height = TOP + rows.len() * ROW_H + 24 + legend * 20;
    let mut s = String::new();
    let _ = writeln!(s, "<!-- {HEADER} -->");
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
         font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(s, "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>");
    let _ = writeln!(s, "<text x=\"16\" y=\"24\" font-size=\"15\" font-weight=\"bold\">{}</text>", xml(title));
    let _ = writeln!(s, "<text x=\"16\" y=\"42\" fill=\"#555555\">{}</text>", xml(note));
    for (i, name) in rows.iter().enumerate() {
        let y = TOP + i * ROW_H + ROW_H / 2 + 4;
        if i % 2 == 1 {
            let _ = writeln!(
                s,
                "<rect x=\"8\" y=\"{}\" width=\"{}\" height=\"{ROW_H}\" fill=\"#f2f2f2\"/>",
                TOP + i * ROW_H,
                width - 16
            );
        }
        let _ = writeln!(s, "<text x=\"{}\" y=\"{y}\" text-anchor=\"end\">{}</text>", left - 8, xml(name));
    }
    (s, left)
}

/// A panel's heading and axis, at `x0`, over `rows` rows.
fn panel_head(s: &mut String, x0: usize, column: &str, rows: usize) {
    let _ = writeln!(s, "<text x=\"{x0}\" y=\"{}\" font-weight=\"bold\">{}</text>", TOP - 10, xml(column));
    let _ =
        writeln!(s, "<line x1=\"{x0}\" y1=\"{TOP}\" x2=\"{x0}\" y2=\"{}\" stroke=\"#999999\"/>", TOP + rows * ROW_H);
}

/// A dash for a cell that does not apply.
fn dash(s: &mut String, x0: usize, mid: usize) {
    let _ = writeln!(s, "<text x=\"{}\" y=\"{}\" fill=\"#777777\">–</text>", x0 + 4, mid + 4);
}

/// The longest bar of a panel of [`stacked_multiples`], whose labels are
/// longer.
const STACK_BAR_W: usize = 56;

/// The scale of a panel whose largest value is `max` and longest bar `bar`
/// pixels: pixels per unit.
fn scale(max: f64, bar: usize) -> impl Fn(f64) -> f64 {
    let scale = if max > 0.0 { bar as f64 / max } else { 0.0 };
    move |v: f64| (v.max(0.0) * scale * 10.0).round() / 10.0
}

/// The scale of the panels of [`small_multiples`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// Each panel from zero to its own largest value or whisker end: for
    /// panels of different units or ranges, whose note must say so.
    PerPanel,
    /// One scale for every panel, from zero to the largest value or whisker
    /// end of all: equal values are equal bars in every panel.
    Shared,
}

/// Small multiples: one panel per column, one horizontal bar per row (the
/// rows' names on the left, shared by the panels), on the scale `scale`
/// says, from zero. `cells[row][column]`; `None` prints a dash (not
/// applicable). One hue, so colour carries no meaning a reader could miss.
#[must_use]
pub fn small_multiples(
    title: &str,
    note: &str,
    rows: &[String],
    columns: &[String],
    cells: &[Vec<Option<Cell>>],
    scale_of: Scale,
) -> String {
    let (mut s, left) = panels_frame(title, note, rows, columns.len(), 0);
    let largest = |j: Option<usize>| {
        cells
            .iter()
            .flat_map(|row| row.iter().enumerate().filter(|(k, _)| j.is_none_or(|j| j == *k)))
            .filter_map(|(_, c)| c.as_ref())
            .map(|c| c.value.max(c.high.unwrap_or(0.0)))
            .fold(0.0_f64, f64::max)
    };
    let all = largest(None);
    for (j, column) in columns.iter().enumerate() {
        let x0 = left + j * PANEL_W;
        panel_head(&mut s, x0, column, rows.len());
        let max = match scale_of {
            Scale::PerPanel => largest(Some(j)),
            Scale::Shared => all,
        };
        let px = scale(max, BAR_W);
        for (i, row) in cells.iter().enumerate() {
            let y0 = TOP + i * ROW_H;
            let mid = y0 + ROW_H / 2;
            match row.get(j).and_then(Option::as_ref) {
                None => dash(&mut s, x0, mid),
                Some(c) => {
                    let w = px(c.value);
                    let _ = writeln!(
                        s,
                        "<rect x=\"{x0}\" y=\"{}\" width=\"{w}\" height=\"{}\" fill=\"{BLUE}\"/>",
                        y0 + 4,
                        ROW_H - 8
                    );
                    let mut end = w;
                    if let (Some(lo), Some(hi)) = (c.low, c.high) {
                        let (a, b) = (x0 as f64 + px(lo), x0 as f64 + px(hi));
                        let _ = writeln!(
                            s,
                            "<path d=\"M{a} {} V{} M{a} {mid} H{b} M{b} {} V{}\" stroke=\"#000000\" fill=\"none\"/>",
                            mid - 4,
                            mid + 4,
                            mid - 4,
                            mid + 4
                        );
                        end = end.max(px(hi));
                    }
                    let _ = writeln!(
                        s,
                        "<text x=\"{}\" y=\"{}\" font-size=\"11\">{}</text>",
                        x0 as f64 + end + 4.0,
                        mid + 4,
                        xml(&c.label)
                    );
                }
            }
        }
    }
    s.push_str("</svg>\n");
    s
}

/// One bar of [`stacked_multiples`]: segments laid end to end, each a
/// length in the column's unit and a colour, and the text beside it.
#[derive(Debug, Clone)]
pub struct Stack {
    /// The segments, from the axis out.
    pub parts: Vec<(f64, &'static str)>,
    /// The text beside the bar.
    pub label: String,
}

/// Small multiples of stacked bars: as [`small_multiples`], each bar made
/// of segments whose colours `legend` names below the panels (one colour
/// per meaning, from the Okabe–Ito palette, and the numbers in the label,
/// so that no meaning rests on colour alone).
#[must_use]
pub fn stacked_multiples(
    title: &str,
    note: &str,
    rows: &[String],
    columns: &[String],
    cells: &[Vec<Option<Stack>>],
    legend: &[(&str, &str)],
) -> String {
    let (mut s, left) = panels_frame(title, note, rows, columns.len(), legend.len());
    for (j, column) in columns.iter().enumerate() {
        let x0 = left + j * PANEL_W;
        panel_head(&mut s, x0, column, rows.len());
        let max = cells
            .iter()
            .filter_map(|row| row.get(j).and_then(Option::as_ref))
            .map(|c| c.parts.iter().map(|p| p.0).sum::<f64>())
            .fold(0.0_f64, f64::max);
        let px = scale(max, STACK_BAR_W);
        for (i, row) in cells.iter().enumerate() {
            let y0 = TOP + i * ROW_H;
            let mid = y0 + ROW_H / 2;
            let Some(c) = row.get(j).and_then(Option::as_ref) else {
                dash(&mut s, x0, mid);
                continue;
            };
            let mut at = 0.0;
            for &(value, fill) in &c.parts {
                let (a, w) = (px(at), px(at + value) - px(at));
                if w > 0.0 {
                    let _ = writeln!(
                        s,
                        "<rect x=\"{}\" y=\"{}\" width=\"{w:.1}\" height=\"{}\" fill=\"{fill}\"/>",
                        x0 as f64 + a,
                        y0 + 4,
                        ROW_H - 8
                    );
                }
                at += value;
            }
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"11\">{}</text>",
                x0 as f64 + px(at) + 4.0,
                mid + 4,
                xml(&c.label)
            );
        }
    }
    let legend_top = TOP + rows.len() * ROW_H + 30;
    for (k, (fill, label)) in legend.iter().enumerate() {
        let y = legend_top + k * 20;
        let _ = writeln!(s, "<rect x=\"16\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{fill}\"/>", y - 11);
        let _ = writeln!(s, "<text x=\"38\" y=\"{y}\">{}</text>", xml(label));
    }
    s.push_str("</svg>\n");
    s
}

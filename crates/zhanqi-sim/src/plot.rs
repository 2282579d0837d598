//! The plots of a study, drawn with plotters: as SVG for the HTML report and as PNG files.
//!
//! PNG text is drawn with ab_glyph from a font embedded in the binary (Ubuntu Light, from
//! `epaint_default_fonts`), registered as plotters' `sans-serif`; no system font is read.
//! SVG text is written as `<text>` elements in a sans-serif face for the browser to draw.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::coord::ranged1d::{SegmentValue, SegmentedCoord};
use plotters::coord::types::{RangedCoordf64, RangedCoordusize};
use plotters::prelude::*;
use plotters::style::{FontStyle, register_font};

use crate::SimError;
use crate::summary::Summary;

/// Width and height of every plot, in pixels.
const SIZE: (u32, u32) = (720, 400);
const BAR: RGBColor = RGBColor(0x3b, 0x6e, 0xa8);
const WHISKER: RGBColor = RGBColor(0x22, 0x22, 0x22);
const LIGHT_LINE: RGBColor = RGBColor(0xf2, 0xf2, 0xf2);
const REFERENCE: RGBColor = RGBColor(0xc0, 0x39, 0x2b);

/// A drawn plot.
#[derive(Clone, Debug)]
pub struct Plot {
    /// What it shows, as its heading says.
    pub title: &'static str,
    /// The SVG, without the XML namespace (it is inlined in HTML).
    pub svg: String,
    /// The PNG file written beside the report.
    pub png: PathBuf,
}

/// The plots of a study.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    SeatWinRates,
    GameLengths,
    EndReasons,
    LabelWinDifference,
    LabelPlayRate,
}

impl Kind {
    const ALL: [Kind; 5] = [
        Kind::SeatWinRates,
        Kind::GameLengths,
        Kind::EndReasons,
        Kind::LabelWinDifference,
        Kind::LabelPlayRate,
    ];

    /// Whether the summary has what this plot shows (labels only for a game that has them).
    fn applies(self, summary: &Summary) -> bool {
        match self {
            Kind::LabelWinDifference | Kind::LabelPlayRate => !summary.labels.is_empty(),
            _ => true,
        }
    }

    /// Width and height in pixels: label plots grow with the number of labels.
    fn size(self, summary: &Summary) -> (u32, u32) {
        match self {
            Kind::LabelWinDifference | Kind::LabelPlayRate => {
                let rows = u32::try_from(summary.labels.len()).unwrap_or(u32::MAX);
                (
                    SIZE.0,
                    SIZE.1.max(rows.saturating_mul(18).saturating_add(90)),
                )
            }
            _ => SIZE,
        }
    }

    fn file_stem(self) -> &'static str {
        match self {
            Kind::SeatWinRates => "win-rate-by-seat",
            Kind::GameLengths => "game-length",
            Kind::EndReasons => "end-reasons",
            Kind::LabelWinDifference => "label-win-difference",
            Kind::LabelPlayRate => "label-play-rate",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Kind::SeatWinRates => "Win rate by seat (95 % Wilson interval)",
            Kind::GameLengths => "Game length (plies)",
            Kind::EndReasons => "End reasons",
            Kind::LabelWinDifference => "Win rate when played minus when not (95 % interval)",
            Kind::LabelPlayRate => "Play rate (share of seats that played it)",
        }
    }
}

/// Draws every plot: SVG in memory, PNG files in `folder`.
///
/// # Errors
/// If the font cannot be loaded, a plot cannot be drawn or a PNG cannot be written.
pub fn draw_plots(summary: &Summary, folder: &Path) -> Result<Vec<Plot>, SimError> {
    register_embedded_font()?;
    Kind::ALL
        .into_iter()
        .filter(|kind| kind.applies(summary))
        .map(|kind| {
            let failed = |message: String| SimError::Plot {
                name: kind.file_stem(),
                message,
            };
            let mut svg = String::new();
            {
                let root =
                    SVGBackend::with_string(&mut svg, kind.size(summary)).into_drawing_area();
                draw(kind, &root, summary).map_err(|error| failed(error.to_string()))?;
                root.present().map_err(|error| failed(error.to_string()))?;
            }
            let png = folder.join(format!("{}.png", kind.file_stem()));
            {
                let root = BitMapBackend::new(&png, kind.size(summary)).into_drawing_area();
                draw(kind, &root, summary).map_err(|error| failed(error.to_string()))?;
                root.present().map_err(|error| failed(error.to_string()))?;
            }
            Ok(Plot {
                title: kind.title(),
                svg: svg.replacen(r#" xmlns="http://www.w3.org/2000/svg""#, "", 1),
                png,
            })
        })
        .collect()
}

/// Registers the embedded font once per process.
fn register_embedded_font() -> Result<(), SimError> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        register_font(
            "sans-serif",
            FontStyle::Normal,
            epaint_default_fonts::UBUNTU_LIGHT,
        )
        .is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(SimError::Plot {
            name: "font",
            message: "the embedded font could not be read".into(),
        })
    }
}

type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

fn draw<DB: DrawingBackend>(
    kind: Kind,
    root: &DrawingArea<DB, Shift>,
    summary: &Summary,
) -> Drawn<DB> {
    root.fill(&WHITE)?;
    match kind {
        Kind::SeatWinRates => seat_win_rates(root, summary),
        Kind::GameLengths => game_lengths(root, summary),
        Kind::EndReasons => end_reasons(root, summary),
        Kind::LabelWinDifference => label_win_differences(root, summary),
        Kind::LabelPlayRate => label_play_rates(root, summary),
    }
}

/// A category axis of `count` segments (plotters' integer ranges include their end, so
/// `0..count - 1` has `count` of them).
fn categories(count: usize) -> SegmentedCoord<RangedCoordusize> {
    (0..count.max(1) - 1).into_segmented()
}

/// The label of a category axis at the centre of segment `index`.
fn category<'a>(names: &'a [String], value: &SegmentValue<usize>) -> &'a str {
    match value {
        SegmentValue::CenterOf(index) => names.get(*index).map_or("", String::as_str),
        _ => "",
    }
}

/// Bars of each seat's win rate with its Wilson interval, and a line at the rate every seat
/// would have if the game were fair: (1 − draw rate) / teams.
fn seat_win_rates<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    summary: &Summary,
) -> Drawn<DB> {
    let names: Vec<String> = summary
        .seats
        .iter()
        .map(|seat| format!("{} (team {})", seat.name, seat.team))
        .collect();
    let mut chart = ChartBuilder::on(root)
        .caption(Kind::SeatWinRates.title(), ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(categories(names.len()), 0.0..1.0)?;
    chart
        .configure_mesh()
        .light_line_style(LIGHT_LINE)
        .disable_x_mesh()
        .x_labels(names.len() + 1)
        .x_label_formatter(&|value| category(&names, value).to_owned())
        .y_desc("win rate")
        .draw()?;
    chart.draw_series(summary.seats.iter().enumerate().map(|(index, seat)| {
        let mut bar = Rectangle::new(
            [
                (SegmentValue::Exact(index), 0.0),
                (SegmentValue::Exact(index + 1), seat.rates.win_rate),
            ],
            BAR.mix(0.8).filled(),
        );
        bar.set_margin(0, 0, 18, 18);
        bar
    }))?;
    chart.draw_series(summary.seats.iter().enumerate().map(|(index, seat)| {
        ErrorBar::new_vertical(
            SegmentValue::CenterOf(index),
            seat.rates.win_interval.low,
            seat.rates.win_rate,
            seat.rates.win_interval.high,
            WHISKER.stroke_width(2),
            14,
        )
    }))?;
    let teams = summary.teams.len().max(1) as f64;
    let draw_rate = summary
        .teams
        .first()
        .map_or(0.0, |team| team.rates.draw_rate);
    let fair = (1.0 - draw_rate) / teams;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(SegmentValue::Exact(0), fair), (SegmentValue::Last, fair)],
        REFERENCE.stroke_width(2),
    )))?;
    Ok(())
}

/// The histogram of game lengths, one bar per bin of the summary.
fn game_lengths<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, summary: &Summary) -> Drawn<DB> {
    let bins = &summary.lengths.histogram;
    let low = bins.first().map_or(0, |bin| bin.low) as f64;
    let high = bins.last().map_or(1, |bin| bin.high) as f64;
    let tallest = bins.iter().map(|bin| bin.count).max().unwrap_or(0).max(1) as f64;
    let mut chart = ChartBuilder::on(root)
        .caption(Kind::GameLengths.title(), ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(low..high.max(low + 1.0), 0.0..tallest * 1.1)?;
    chart
        .configure_mesh()
        .light_line_style(LIGHT_LINE)
        .x_desc("plies")
        .y_desc("games")
        .y_label_formatter(&|count| format!("{count:.0}"))
        .x_label_formatter(&|plies| format!("{plies:.0}"))
        .draw()?;
    chart.draw_series(bins.iter().map(|bin| {
        Rectangle::new(
            [(bin.low as f64, 0.0), (bin.high as f64, bin.count as f64)],
            BAR.mix(0.8).filled(),
        )
    }))?;
    chart.draw_series(bins.iter().map(|bin| {
        Rectangle::new(
            [(bin.low as f64, 0.0), (bin.high as f64, bin.count as f64)],
            WHITE.stroke_width(1),
        )
    }))?;
    Ok(())
}

/// Horizontal bars: games per end reason.
fn end_reasons<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, summary: &Summary) -> Drawn<DB> {
    let names: Vec<String> = summary.reasons.iter().map(|r| r.reason.clone()).collect();
    let most = summary
        .reasons
        .iter()
        .map(|r| r.count)
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let mut chart = ChartBuilder::on(root)
        .caption(Kind::EndReasons.title(), ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(130)
        .build_cartesian_2d(0.0..most * 1.1, categories(names.len()))?;
    chart
        .configure_mesh()
        .light_line_style(LIGHT_LINE)
        .disable_y_mesh()
        .y_labels(names.len() + 1)
        .y_label_formatter(&|value| category(&names, value).to_owned())
        .x_label_formatter(&|count| format!("{count:.0}"))
        .x_desc("games")
        .draw()?;
    chart.draw_series(summary.reasons.iter().enumerate().map(|(index, reason)| {
        let mut bar = Rectangle::new(
            [
                (0.0, SegmentValue::Exact(index)),
                (reason.count as f64, SegmentValue::Exact(index + 1)),
            ],
            BAR.mix(0.8).filled(),
        );
        bar.set_margin(6, 6, 0, 0);
        bar
    }))?;
    Ok(())
}

/// Horizontal bars: each label's win rate when played minus when not, with Newcombe's
/// interval, in the summary's order (highest first), and a line at no difference.
fn label_win_differences<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    summary: &Summary,
) -> Drawn<DB> {
    let reach = summary
        .labels
        .iter()
        .flat_map(|l| {
            [
                l.difference_interval.low.abs(),
                l.difference_interval.high.abs(),
            ]
        })
        .fold(0.05_f64, f64::max)
        .min(1.0);
    let axis = LabelAxis {
        kind: Kind::LabelWinDifference,
        values: -reach..reach,
        description: "win rate difference",
        signed: true,
    };
    let mut chart = label_bars(root, summary, &axis, |label| label.win_rate_difference)?;
    chart.draw_series(label_rows(summary).map(|(index, label)| {
        ErrorBar::new_horizontal(
            SegmentValue::CenterOf(index),
            label.difference_interval.low,
            label.win_rate_difference,
            label.difference_interval.high,
            WHISKER.stroke_width(1),
            8,
        )
    }))?;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, SegmentValue::Exact(0)), (0.0, SegmentValue::Last)],
        REFERENCE.stroke_width(2),
    )))?;
    Ok(())
}

/// Horizontal bars: the share of seats that put each label into play, in the summary's order.
fn label_play_rates<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    summary: &Summary,
) -> Drawn<DB> {
    let axis = LabelAxis {
        kind: Kind::LabelPlayRate,
        values: 0.0..1.0,
        description: "seats that played it",
        signed: false,
    };
    label_bars(root, summary, &axis, |label| label.play_rate)?;
    Ok(())
}

/// The value axis of a label plot: its range, its description, whether values carry a sign.
struct LabelAxis {
    kind: Kind,
    values: std::ops::Range<f64>,
    description: &'static str,
    signed: bool,
}

/// A chart of values (across) by label rows (up).
type LabelChart<'a, DB> =
    ChartContext<'a, DB, Cartesian2d<RangedCoordf64, SegmentedCoord<RangedCoordusize>>>;

/// A chart with one row a label (the summary's first on top) and a bar from 0 to `value` in
/// each, for the caller to draw more on.
fn label_bars<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    summary: &Summary,
    axis: &LabelAxis,
    value: impl Fn(&crate::summary::LabelRates) -> f64,
) -> Result<LabelChart<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    let names = label_names(summary);
    let mut chart = ChartBuilder::on(root)
        .caption(axis.kind.title(), ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(130)
        .build_cartesian_2d(axis.values.clone(), categories(names.len()))?;
    let percent = |rate: &f64| {
        if axis.signed {
            format!("{:+.0} %", 100.0 * rate)
        } else {
            format!("{:.0} %", 100.0 * rate)
        }
    };
    chart
        .configure_mesh()
        .light_line_style(LIGHT_LINE)
        .disable_y_mesh()
        .y_labels(names.len() + 1)
        .y_label_formatter(&|row| category(&names, row).to_owned())
        .x_label_formatter(&percent)
        .x_desc(axis.description)
        .draw()?;
    chart.draw_series(label_rows(summary).map(|(index, label)| {
        let mut bar = Rectangle::new(
            [
                (0.0, SegmentValue::Exact(index)),
                (value(label), SegmentValue::Exact(index + 1)),
            ],
            BAR.mix(0.8).filled(),
        );
        bar.set_margin(3, 3, 0, 0);
        bar
    }))?;
    Ok(chart)
}

/// The labels' names from the bottom of the plot up, so the summary's first is drawn on top.
fn label_names(summary: &Summary) -> Vec<String> {
    summary
        .labels
        .iter()
        .rev()
        .map(|l| l.label.clone())
        .collect()
}

/// Each label with its row from the bottom of the plot (the summary's first on top).
fn label_rows(summary: &Summary) -> impl Iterator<Item = (usize, &crate::summary::LabelRates)> {
    let count = summary.labels.len();
    summary
        .labels
        .iter()
        .enumerate()
        .map(move |(index, label)| (count - 1 - index, label))
}
